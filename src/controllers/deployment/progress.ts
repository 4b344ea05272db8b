import { getCondition, newCondition, removeCondition, setCondition } from './conditions.js';
import { NEW_RS_AVAILABLE, PROGRESSING, REPLICA_FAILURE, RS_UPDATED, TIMED_OUT } from '../../api/apps/v1/conditions.js';
import { calculateStatus } from './status.js';
import { type Deployment, type DeploymentCondition, type DeploymentStatus, desiredReplicas } from '../../api/apps/v1/deployment.js';
import type { ReplicaSet } from '../../api/apps/v1/replica-set.js';
import { rfc3339 } from '../../sim/clock.js';

/**
 * progressDeadlineSeconds (upstream progress.go and the predicates of deployment_util.go): a
 * rollout that shows no progress for that long gets Progressing=False ProgressDeadlineExceeded.
 * "Progress" is judged against the status as it was before this sync, and every bit of it
 * refreshes the Progressing condition's lastUpdateTime, from which the deadline counts.
 */

const MAX_INT32 = 2147483647;

/** HasProgressDeadline: set and not MaxInt32 (the "never" value of the extensions API). */
export function hasProgressDeadline(d: Deployment): boolean {
  const pds = d.spec.progressDeadlineSeconds;
  return pds !== undefined && pds !== MAX_INT32;
}

/** DeploymentComplete: everything updated, nothing old left, all available, spec observed. */
export function deploymentComplete(d: Deployment, s: DeploymentStatus | undefined): boolean {
  const replicas = desiredReplicas(d);
  return (
    (s?.updatedReplicas ?? 0) === replicas &&
    (s?.replicas ?? 0) === replicas &&
    (s?.availableReplicas ?? 0) === replicas &&
    (s?.observedGeneration ?? 0) >= (d.metadata.generation ?? 0)
  );
}

/**
 * DeploymentProgressing: compared with d.status, more updated pods, fewer old pods
 * (replicas − updated), more ready or more available pods.
 * Old {replicas 5, updated 1, available 4} → new {5, 2, 4}: updated went up → progressing.
 */
export function deploymentProgressing(d: Deployment, next: DeploymentStatus): boolean {
  const old = d.status ?? {};
  const oldOld = (old.replicas ?? 0) - (old.updatedReplicas ?? 0);
  const newOld = (next.replicas ?? 0) - (next.updatedReplicas ?? 0);
  return (
    (next.updatedReplicas ?? 0) > (old.updatedReplicas ?? 0) ||
    newOld < oldOld ||
    (next.readyReplicas ?? 0) > (old.readyReplicas ?? 0) ||
    (next.availableReplicas ?? 0) > (old.availableReplicas ?? 0)
  );
}

/**
 * DeploymentTimedOut: the Progressing condition of the new status was last updated more than
 * progressDeadlineSeconds ago (strictly). lastUpdateTime 10:00:00, deadline 120 s: at 10:02:00
 * not yet, at 10:02:00.001 timed out.
 */
export function deploymentTimedOut(d: Deployment, next: DeploymentStatus, nowMs: number): boolean {
  if (!hasProgressDeadline(d)) return false;
  const cond = getCondition(next, PROGRESSING);
  if (!cond) return false;
  if (cond.reason === NEW_RS_AVAILABLE) return false;
  if (cond.reason === TIMED_OUT) return true;
  const from = Date.parse(cond.lastUpdateTime ?? '');
  if (Number.isNaN(from)) return false;
  return from + (d.spec.progressDeadlineSeconds ?? 0) * 1000 < nowMs;
}

/**
 * The status syncRolloutStatus writes: calculateStatus, then the Progressing condition (only
 * while a rollout is not known complete), then ReplicaFailure copied from the ReplicaSets.
 */
export function rolloutStatus(
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet | undefined,
  d: Deployment,
  nowMs: number,
): DeploymentStatus {
  const now = rfc3339(nowMs);
  const next = calculateStatus(allRSs, newRS, d, now);
  if (!hasProgressDeadline(d)) removeCondition(next, PROGRESSING);
  const current = getCondition(d.status, PROGRESSING);
  const isComplete = (next.replicas ?? 0) === (next.updatedReplicas ?? 0) && current?.reason === NEW_RS_AVAILABLE;
  const subject = newRS ? `ReplicaSet "${newRS.metadata.name ?? ''}"` : `Deployment "${d.metadata.name ?? ''}"`;
  if (hasProgressDeadline(d) && !isComplete) {
    if (deploymentComplete(d, next)) {
      setCondition(next, newCondition(PROGRESSING, 'True', NEW_RS_AVAILABLE, `${subject} has successfully progressed.`, now));
    } else if (deploymentProgressing(d, next)) {
      // Unlike setCondition, progress always refreshes lastUpdateTime, even with the same reason.
      const cond = newCondition(PROGRESSING, 'True', RS_UPDATED, `${subject} is progressing.`, now);
      if (current) {
        if (current.status === 'True') cond.lastTransitionTime = current.lastTransitionTime;
        removeCondition(next, PROGRESSING);
      }
      setCondition(next, cond);
    } else if (deploymentTimedOut(d, next, nowMs)) {
      setCondition(next, newCondition(PROGRESSING, 'False', TIMED_OUT, `${subject} has timed out progressing.`, now));
    }
  }
  const failure = replicaFailure(allRSs, newRS);
  if (failure) setCondition(next, failure);
  else removeCondition(next, REPLICA_FAILURE);
  if (next.conditions && next.conditions.length === 0) delete next.conditions;
  return next;
}

/** getReplicaFailures: the new RS's ReplicaFailure condition, else the first of any RS. */
function replicaFailure(allRSs: readonly (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined): DeploymentCondition | undefined {
  const from = (rs: ReplicaSet | undefined): DeploymentCondition | undefined => {
    const c = rs?.status?.conditions?.find((x) => x.type === REPLICA_FAILURE);
    if (!c) return undefined;
    const out: DeploymentCondition = { type: c.type, status: c.status };
    if (c.lastTransitionTime !== undefined) {
      out.lastUpdateTime = c.lastTransitionTime;
      out.lastTransitionTime = c.lastTransitionTime;
    }
    if (c.reason !== undefined) out.reason = c.reason;
    if (c.message !== undefined) out.message = c.message;
    return out;
  };
  return from(newRS) ?? allRSs.map(from).find((c) => c !== undefined);
}

/**
 * requeueStuckDeployment: when nothing changed, when to look again for a timeout. Progressing
 * last updated at 10:00:00 with a 120 s deadline, now 10:00:30 → 90 s + 1 s (upstream adds a
 * second against clock skew). Less than a second left → upstream requeues rate-limited at
 * once; here just past the deadline instead (the instant the check can succeed).
 * undefined: no deadline, no Progressing condition, complete, or already timed out.
 */
export function stuckRequeueDelayMs(d: Deployment, next: DeploymentStatus, nowMs: number): number | undefined {
  const current = getCondition(d.status, PROGRESSING);
  if (!hasProgressDeadline(d) || !current) return undefined;
  if (deploymentComplete(d, next) || current.reason === TIMED_OUT) return undefined;
  const from = Date.parse(current.lastUpdateTime ?? '');
  if (Number.isNaN(from)) return undefined;
  const after = from + (d.spec.progressDeadlineSeconds ?? 0) * 1000 - nowMs;
  // Past the deadline with reason NewReplicaSetAvailable (a finished rollout whose pods later
  // stopped being available, e.g. a crash loop), deploymentTimedOut never fires: upstream keeps
  // requeueing rate-limited (5 ms, Forget after each successful sync), and every such sync finds
  // the same. Any change that could alter the outcome is a write the informers deliver anyway,
  // so no timer here: the same output without a control-plane step every millisecond.
  if (after < 1000 && current.reason === NEW_RS_AVAILABLE) return undefined;
  if (after < 1000) return Math.max(1, after + 1);
  return after + 1000;
}
