import { maxUnavailable } from './fenceposts.js';
import { scaledValueFromIntOrPercent } from './intstr.js';
import { activeReplicaSets, byCreation, sumSpecReplicas, sumStatus } from './replica-sets.js';
import { type ScaleStep, withReplicas } from './scale-step.js';
import { type Deployment, RECREATE, ROLLING_UPDATE, desiredReplicas } from '../../api/apps/v1/deployment.js';
import { type ReplicaSet, specReplicas } from '../../api/apps/v1/replica-set.js';

/**
 * The arithmetic of a rolling update (upstream rolling.go and NewRSNewReplicas), as pure
 * functions that return the sizes to set. Two limits drive it:
 *   - at most replicas + maxSurge pods in total (counted from spec.replicas of all RSes, so
 *     terminating pods are invisible and a rollout can briefly run more pods than that);
 *   - at least replicas − maxUnavailable available pods (counted from RS status).
 * Each sync does one move: grow the new RS if the surge allows, otherwise shrink old ones if
 * availability allows. The availability of new pods (RS status, written by the ReplicaSet
 * controller) is what lets the next move happen.
 */

/**
 * NewRSNewReplicas: the size the new RS may grow to now.
 * RollingUpdate: min(room under the surge cap, what is still missing):
 *   4 replicas, maxSurge 1, old 4 + new 0 → cap 5, total 4 → new 0 + min(1, 4) = 1
 *   4 replicas, maxSurge 1, old 4 + new 1 → total 5 = cap → stays 1
 *   10 replicas, maxSurge 3, old 8 + new 3 → cap 13, total 11 → 3 + min(2, 7) = 5
 *   fresh Deployment, 4 replicas, maxSurge 1 → 0 + min(5, 4) = 4
 * Recreate: straight to spec.replicas.
 */
export function newRSNewReplicas(d: Deployment, allRSs: readonly ReplicaSet[], newRS: ReplicaSet): number {
  const type = d.spec.strategy?.type;
  const replicas = desiredReplicas(d);
  if (type === RECREATE) return replicas;
  if (type !== ROLLING_UPDATE) throw new Error(`deployment type ${type ?? ''} isn't supported`);
  const surge = scaledValueFromIntOrPercent(d.spec.strategy?.rollingUpdate?.maxSurge, replicas, true);
  const current = sumSpecReplicas(allRSs);
  const maxTotal = replicas + surge;
  if (current >= maxTotal) return specReplicas(newRS);
  const scaleUp = Math.min(maxTotal - current, replicas - specReplicas(newRS));
  return specReplicas(newRS) + scaleUp;
}

/**
 * reconcileNewReplicaSet: the new RS's next size, or undefined when it stays. Bigger than
 * spec.replicas (the Deployment was scaled down mid-rollout) → straight down to spec.replicas.
 */
export function reconcileNewReplicaSet(d: Deployment, allRSs: readonly ReplicaSet[], newRS: ReplicaSet): ScaleStep | undefined {
  const replicas = desiredReplicas(d);
  const current = specReplicas(newRS);
  if (current === replicas) return undefined;
  const to = current > replicas ? replicas : newRSNewReplicas(d, allRSs, newRS);
  return to === current ? undefined : { rs: newRS, to };
}

/** What reconcileOldReplicaSets decided: steps in write order; scaled = whether any pod goes. */
export interface OldReplicaSetsPlan {
  steps: ScaleStep[];
  scaled: boolean;
}

/**
 * reconcileOldReplicaSets(allRSs, activeOldRSs, newRS): how far old RSes may shrink.
 *
 *   maxScaledDown = Σspec(all) − minAvailable − (new spec − new available)
 *
 * The last term keeps a rollout from eating old capacity while new pods are not available yet.
 * 10 replicas, maxUnavailable 2 (minAvailable 8), old 10 (10 available) + new 3 (0 available):
 * 13 − 8 − 3 = 2 → old may lose 2. First unhealthy old replicas go (cleanupUnhealthyReplicas,
 * they cost no availability), then healthy ones as long as availability stays ≥ minAvailable
 * (scaleDownOldReplicaSetsForRollingUpdate).
 */
export function reconcileOldReplicaSets(
  d: Deployment,
  allRSs: readonly ReplicaSet[],
  activeOldRSs: readonly ReplicaSet[],
  newRS: ReplicaSet,
): OldReplicaSetsPlan {
  const oldPods = sumSpecReplicas(activeOldRSs);
  if (oldPods === 0) return { steps: [], scaled: false };
  const allPods = sumSpecReplicas(allRSs);
  const minAvailable = desiredReplicas(d) - maxUnavailable(d);
  const newRSUnavailable = specReplicas(newRS) - (newRS.status?.availableReplicas ?? 0);
  const maxScaledDown = allPods - minAvailable - newRSUnavailable;
  if (maxScaledDown <= 0) return { steps: [], scaled: false };

  const cleanup = cleanupUnhealthyReplicas(activeOldRSs, maxScaledDown);
  // Upstream swallows an error here and reports "nothing scaled"; the writes already made stay.
  if (cleanup.failed) return { steps: cleanup.steps, scaled: false };
  const down = scaleDownOldReplicaSetsForRollingUpdate(d, [...cleanup.oldRSs, newRS], cleanup.oldRSs);
  return { steps: [...cleanup.steps, ...down.steps], scaled: cleanup.cleaned + down.scaledDown > 0 };
}

/**
 * cleanupUnhealthyReplicas: scale old RSes down by their unavailable replicas, oldest first,
 * up to maxCleanupCount in total. Old 3 (1 available) with room for 5 → 3−min(5, 2) = 1.
 * Returns the RSes as they read after the writes (spec lowered, status unchanged). An RS with
 * more available than spec replicas would be "scaled up" — upstream refuses with an error.
 */
export function cleanupUnhealthyReplicas(
  oldRSs: readonly ReplicaSet[],
  maxCleanupCount: number,
): { steps: ScaleStep[]; cleaned: number; oldRSs: ReplicaSet[]; failed: boolean } {
  const sorted = [...oldRSs].sort(byCreation);
  const steps: ScaleStep[] = [];
  let total = 0;
  for (let i = 0; i < sorted.length; i++) {
    const rs = sorted[i]!;
    if (total >= maxCleanupCount) break;
    const spec = specReplicas(rs);
    const available = rs.status?.availableReplicas ?? 0;
    if (spec === 0 || spec === available) continue;
    const down = Math.min(maxCleanupCount - total, spec - available);
    const to = spec - down;
    if (to > spec) return { steps, cleaned: total, oldRSs: sorted, failed: true };
    steps.push({ rs, to });
    total += down;
    sorted[i] = withReplicas(rs, to);
  }
  return { steps, cleaned: total, oldRSs: sorted, failed: false };
}

/**
 * scaleDownOldReplicaSetsForRollingUpdate: shrink old RSes, oldest first, by as many as are
 * available above minAvailable. 4 replicas, maxUnavailable 0: old 4 (4 available) + new 1
 * (1 available) = 5 available, minAvailable 4 → old 4 → 3.
 */
export function scaleDownOldReplicaSetsForRollingUpdate(
  d: Deployment,
  allRSs: readonly ReplicaSet[],
  oldRSs: readonly ReplicaSet[],
): { steps: ScaleStep[]; scaledDown: number } {
  const minAvailable = desiredReplicas(d) - maxUnavailable(d);
  const available = sumStatus(allRSs, 'availableReplicas');
  if (available <= minAvailable) return { steps: [], scaledDown: 0 };
  const toScale = available - minAvailable;
  const steps: ScaleStep[] = [];
  let total = 0;
  for (const rs of [...oldRSs].sort(byCreation)) {
    if (total >= toScale) break;
    const spec = specReplicas(rs);
    if (spec === 0) continue;
    const down = Math.min(spec, toScale - total);
    steps.push({ rs, to: spec - down });
    total += down;
  }
  return { steps, scaledDown: total };
}

/** The active old RSes, as rolloutRolling hands them to reconcileOldReplicaSets. */
export function activeOld(oldRSs: readonly ReplicaSet[]): ReplicaSet[] {
  return activeReplicaSets(oldRSs);
}
