import type { ConditionStatus, DeploymentCondition, DeploymentStatus } from './types.js';

/** Condition type: enough pods are available (replicas − maxUnavailable). */
export const AVAILABLE = 'Available';
/** Condition type: the state of the current rollout. */
export const PROGRESSING = 'Progressing';
/** Condition type: a ReplicaSet could not create or delete pods (copied from the RS). */
export const REPLICA_FAILURE = 'ReplicaFailure';

/** Progressing=True: the new ReplicaSet was just created. */
export const NEW_RS_CREATED = 'NewReplicaSetCreated';
/** Progressing=True: an existing ReplicaSet was found to be the new one (first sync). */
export const FOUND_NEW_RS = 'FoundNewReplicaSet';
/** Progressing=True: the rollout moved (more updated/ready/available pods, fewer old ones). */
export const RS_UPDATED = 'ReplicaSetUpdated';
/** Progressing=True: the rollout finished; the new ReplicaSet has everything. */
export const NEW_RS_AVAILABLE = 'NewReplicaSetAvailable';
/** Progressing=False: no progress for progressDeadlineSeconds. */
export const TIMED_OUT = 'ProgressDeadlineExceeded';
/** Progressing=False: creating the new ReplicaSet failed. */
export const RS_CREATE_ERROR = 'ReplicaSetCreateError';
/** Progressing=Unknown: spec.paused is true. */
export const PAUSED = 'DeploymentPaused';
/** Progressing=Unknown: the Deployment was paused and has been resumed. */
export const RESUMED = 'DeploymentResumed';
/** Available=True. */
export const MIN_REPLICAS_AVAILABLE = 'MinimumReplicasAvailable';
/** Available=False. */
export const MIN_REPLICAS_UNAVAILABLE = 'MinimumReplicasUnavailable';

/** NewDeploymentCondition: both timestamps are `now` (RFC 3339, second precision). */
export function newCondition(
  type: string,
  status: ConditionStatus,
  reason: string,
  message: string,
  now: string,
): DeploymentCondition {
  return { type, status, lastUpdateTime: now, lastTransitionTime: now, reason, message };
}

export function getCondition(status: DeploymentStatus | undefined, type: string): DeploymentCondition | undefined {
  return status?.conditions?.find((c) => c.type === type);
}

/**
 * SetDeploymentCondition (mutates status): a condition with the same type, status and reason is
 * left alone entirely (message and timestamps kept). Otherwise the old one is removed and the
 * new one appended at the end, keeping the old lastTransitionTime if the status is unchanged.
 * That is why a finished Deployment lists Available before Progressing: Progressing was
 * replaced (NewReplicaSetCreated → ReplicaSetUpdated → NewReplicaSetAvailable) after Available
 * was first set.
 */
export function setCondition(status: DeploymentStatus, condition: DeploymentCondition): void {
  const current = getCondition(status, condition.type);
  if (current && current.status === condition.status && current.reason === condition.reason) return;
  const next = { ...condition };
  if (current && current.status === condition.status) next.lastTransitionTime = current.lastTransitionTime;
  status.conditions = [...(status.conditions ?? []).filter((c) => c.type !== condition.type), next];
}

/** RemoveDeploymentCondition (mutates status). */
export function removeCondition(status: DeploymentStatus, type: string): void {
  if (!status.conditions) return;
  status.conditions = status.conditions.filter((c) => c.type !== type);
}
