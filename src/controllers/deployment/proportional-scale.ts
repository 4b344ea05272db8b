import { parseReplicasAnnotation } from './annotations.js';
import { MAX_REPLICAS_ANNOTATION } from '../../api/apps/v1/annotations.js';
import { maxSurge } from './fenceposts.js';
import {
  activeReplicaSets,
  byCreation,
  bySizeNewer,
  bySizeOlder,
  findActiveOrLatest,
  isSaturated,
  sumSpecReplicas,
} from './replica-sets.js';
import type { ScaleStep } from './scale-step.js';
import { type Deployment, ROLLING_UPDATE, desiredReplicas } from '../../api/apps/v1/deployment.js';
import { type ReplicaSet, specReplicas } from '../../api/apps/v1/replica-set.js';

/**
 * Scaling a Deployment (upstream sync.go `scale`), planned as data. `kind` says which upstream
 * write each step goes through: `ifResized` (scaleReplicaSetAndRecordEvent: nothing happens
 * when the size is already right) or `always` (scaleReplicaSet: also refreshes the
 * desired/max-replicas annotations when only they are stale).
 */
export interface ScalePlan {
  steps: ScaleStep[];
  kind: 'ifResized' | 'always';
}

/**
 * Proportional scaling: a Deployment scaled in the middle of a rollout spreads the change over
 * its active ReplicaSets in proportion to their sizes, so the rollout keeps its shape.
 *
 * The stuck rollout of the article: 6 replicas, maxSurge 1, old 6 + new 1 (both annotated
 * max-replicas 7), scaled to 10. allowed = 10 + 1 = 11, toAdd = 11 − 7 = 4.
 *   largest first: old  round(6·11/7) − 6 = round(9.43) − 6 = 3 → 9   (added 3)
 *                  new  round(1·11/7) − 1 = round(1.57) − 1 = 1, capped at 4 − 3 = 1 → 2
 *   leftover 4 − 4 = 0 → old 9, new 2.
 */
export function planScale(d: Deployment, newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[]): ScalePlan {
  const replicas = desiredReplicas(d);
  const single = findActiveOrLatest(newRS, oldRSs);
  if (single) {
    if (specReplicas(single) === replicas) return { steps: [], kind: 'ifResized' };
    return { steps: [{ rs: single, to: replicas }], kind: 'ifResized' };
  }
  if (isSaturated(d, newRS)) {
    // The new RS has everything: old ones go to 0 (newest first, as upstream's sort leaves them).
    const newestFirst = [...oldRSs].sort((a, b) => byCreation(b, a));
    return { steps: activeReplicaSets(newestFirst).map((rs) => ({ rs, to: 0 })), kind: 'ifResized' };
  }
  if (d.spec.strategy?.type !== ROLLING_UPDATE) return { steps: [], kind: 'always' };

  const all = activeReplicaSets([...oldRSs, newRS]);
  const allowed = replicas > 0 ? replicas + maxSurge(d) : 0;
  const toAdd = allowed - sumSpecReplicas(all);
  if (toAdd > 0) all.sort(bySizeNewer);
  else if (toAdd < 0) all.sort(bySizeOlder);

  const sizes: number[] = [];
  let added = 0;
  for (const rs of all) {
    if (toAdd !== 0) {
      const p = getProportion(rs, d, toAdd, added);
      sizes.push(specReplicas(rs) + p);
      added += p;
    } else {
      sizes.push(specReplicas(rs));
    }
  }
  // Rounding leftovers go to the first (largest) ReplicaSet.
  if (toAdd !== 0 && sizes.length > 0) sizes[0] = Math.max(0, (sizes[0] ?? 0) + toAdd - added);
  return { steps: all.map((rs, i) => ({ rs, to: sizes[i] ?? 0 })), kind: 'always' };
}

/**
 * GetProportion: this RS's share of toAdd, never more than what is still to be handed out
 * (scaling up: min(fraction, left); scaling down: max(fraction, left), both signed).
 */
export function getProportion(rs: ReplicaSet | undefined, d: Deployment, toAdd: number, added: number): number {
  if (!rs || specReplicas(rs) === 0 || toAdd === 0 || toAdd === added) return 0;
  const fraction = getReplicaSetFraction(rs, d);
  const left = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, left) : Math.max(fraction, left);
}

/**
 * getReplicaSetFraction: round(spec · newMax / oldMax) − spec, where newMax is the Deployment's
 * replicas + maxSurge now and oldMax the max-replicas annotation written when the RS was last
 * sized. A missing or 0 annotation falls back to status.replicas (0 there too → 0).
 * Scaling to 0 hands back everything: −spec.
 * Example: spec 8, old max 13, new max 18 → round(8·18/13) − 8 = round(11.08) − 8 = 3.
 */
export function getReplicaSetFraction(rs: ReplicaSet, d: Deployment): number {
  const replicas = desiredReplicas(d);
  if (replicas === 0) return -specReplicas(rs);
  const newMax = replicas + maxSurge(d);
  let oldMax = parseReplicasAnnotation(rs.metadata.annotations?.[MAX_REPLICAS_ANNOTATION]) ?? 0;
  if (oldMax === 0) {
    oldMax = d.status?.replicas ?? 0;
    if (oldMax === 0) return 0;
  }
  return roundHalfAwayFromZero((specReplicas(rs) * newMax) / oldMax) - specReplicas(rs);
}

/** integer.RoundToInt32: 2.5 → 3, −2.5 → −3, 9.43 → 9. */
export function roundHalfAwayFromZero(x: number): number {
  // `+ 0` turns -0 (trunc(-0.9)) into 0: Go integers have no negative zero.
  return (x < 0 ? Math.trunc(x - 0.5) : Math.trunc(x + 0.5)) + 0;
}
