/**
 * The pod condition types (k8s.io/api/core/v1 PodConditionType) and the condition and status
 * reasons kubemu writes or kubectl reads.
 */

/** PodConditionType values, in the order the kubelet writes them. */
export const POD_CONDITION = {
  /** the sandbox is up and its network configured */
  PodReadyToStartContainers: 'PodReadyToStartContainers',
  /** every init container has completed */
  Initialized: 'Initialized',
  /** the pod can serve: every container ready (and every readiness gate True) */
  Ready: 'Ready',
  /** every container is ready */
  ContainersReady: 'ContainersReady',
  /** the pod has been bound to a node (False with reason Unschedulable while it fits nowhere) */
  PodScheduled: 'PodScheduled',
  /** the pod is about to be deleted by a disruption (Pod GC, taint eviction, the Eviction API) */
  DisruptionTarget: 'DisruptionTarget',
} as const;

/** A condition's status. */
export const CONDITION_STATUS = {
  True: 'True',
  False: 'False',
  Unknown: 'Unknown',
} as const;

/** Reasons of pod conditions. */
export const POD_CONDITION_REASON = {
  /** Ready/ContainersReady False: some container is not ready */
  ContainersNotReady: 'ContainersNotReady',
  /** the pod has succeeded (Ready False, Initialized True) */
  PodCompleted: 'PodCompleted',
  /** PodScheduled False: no node fits the pod */
  Unschedulable: 'Unschedulable',
  /** PodScheduled False while scheduling gates remain */
  SchedulingGated: 'SchedulingGated',
  /** DisruptionTarget True: Pod GC deletes a pod whose node no longer exists */
  DeletionByPodGC: 'DeletionByPodGC',
} as const;

/** status.reason the node lifecycle controller sets on pods of an unreachable node. */
export const POD_REASON_NODE_LOST = 'NodeLost';

/**
 * v1.DisruptionTarget, the condition a pod gets (status True) when a disruption is about to
 * delete it: written by whoever deletes it (the taint-eviction controller, pod GC, the Eviction
 * API), kept by the kubelet, which does not own it.
 */
export const POD_CONDITION_DISRUPTION_TARGET = 'DisruptionTarget';

/** Reasons of the DisruptionTarget condition. */
export const DISRUPTION_TARGET_REASON = {
  /** the taint-eviction controller deletes the pod for a NoExecute taint it does not tolerate (long enough) */
  DeletionByTaintManager: 'DeletionByTaintManager',
} as const;
