import type { ConditionStatus } from '../../api/apps/v1/conditions.js';
import type { DeploymentCondition, DeploymentStatus } from '../../api/apps/v1/deployment.js';

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
