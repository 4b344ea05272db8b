/** core/v1 Taint (on a node) and Toleration (on a pod). */

/** v1.Taint: key and effect are required by validation. */
export interface Taint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string;
}

/** v1.Toleration. */
export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/** The taint a cordoned node (spec.unschedulable) is treated as having. */
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/** The taint an administrator puts on a node that is shut down for good (non-graceful node shutdown): Pod GC force-deletes its terminating pods. */
export const TAINT_NODE_OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';
/** The taint of a node whose Ready condition is False (node lifecycle controller, TaintNodesByCondition admission). */
export const TAINT_NODE_NOT_READY = 'node.kubernetes.io/not-ready';
/** The taint of a node whose Ready condition is Unknown: its kubelet stopped posting status. */
export const TAINT_NODE_UNREACHABLE = 'node.kubernetes.io/unreachable';

/** v1.TaintEffect values. */
export const TAINT_EFFECT = {
  /** no new pod is scheduled onto the node unless it tolerates the taint */
  NoSchedule: 'NoSchedule',
  /** the scheduler tries to avoid the node */
  PreferNoSchedule: 'PreferNoSchedule',
  /** running pods that do not tolerate the taint are evicted */
  NoExecute: 'NoExecute',
} as const;
