import { scaledValueFromIntOrPercent } from './intstr.js';
import { type Deployment, ROLLING_UPDATE, desiredReplicas } from '../../api/apps/v1/deployment.js';

/**
 * ResolveFenceposts: how far a rolling update may go above (surge) and below (unavailable) the
 * desired count. Surge rounds up and unavailable rounds down, so a small Deployment can always
 * make progress by surging; both 0 would deadlock, so unavailable becomes 1 then.
 *
 *   replicas   25%/25%        replicas   maxSurge 0 / maxUnavailable 0%
 *   1          surge 1 / 0     any        surge 0 / unavailable 1
 *   4          surge 1 / 1
 *   5          surge 2 / 1     (1.25 → 2 up, → 1 down)
 *   10         surge 3 / 2
 *   20         surge 5 / 5
 */
export function resolveFenceposts(
  maxSurge: number | string | undefined,
  maxUnavailable: number | string | undefined,
  desired: number,
): { surge: number; unavailable: number } {
  const surge = scaledValueFromIntOrPercent(maxSurge, desired, true);
  let unavailable = scaledValueFromIntOrPercent(maxUnavailable, desired, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { surge, unavailable };
}

function isRolling(d: Deployment): boolean {
  return d.spec.strategy?.type === ROLLING_UPDATE;
}

function fenceposts(d: Deployment): { surge: number; unavailable: number } | undefined {
  const ru = d.spec.strategy?.rollingUpdate;
  try {
    return resolveFenceposts(ru?.maxSurge, ru?.maxUnavailable, desiredReplicas(d));
  } catch {
    return undefined;
  }
}

/** MaxSurge: 0 unless RollingUpdate (and 0 when the value cannot be resolved). */
export function maxSurge(d: Deployment): number {
  if (!isRolling(d)) return 0;
  return fenceposts(d)?.surge ?? 0;
}

/**
 * MaxUnavailable: 0 unless RollingUpdate, 0 for a Deployment scaled to 0, and never more than
 * spec.replicas (maxUnavailable 5 with 3 replicas → 3).
 */
export function maxUnavailable(d: Deployment): number {
  const replicas = desiredReplicas(d);
  if (!isRolling(d) || replicas === 0) return 0;
  const unavailable = fenceposts(d)?.unavailable ?? 0;
  return Math.min(unavailable, replicas);
}

/** MinAvailable: spec.replicas − MaxUnavailable for RollingUpdate, 0 otherwise. */
export function minAvailable(d: Deployment): number {
  if (!isRolling(d)) return 0;
  return desiredReplicas(d) - maxUnavailable(d);
}
