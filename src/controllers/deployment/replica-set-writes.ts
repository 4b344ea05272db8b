import type { ControllerContext } from '../framework/controller.js';
import { replicasAnnotationsNeedUpdate, setReplicasAnnotations } from './annotations.js';
import { maxSurge } from './fenceposts.js';
import { COMPONENT, REPLICASETS } from './resources.js';
import { type Deployment, desiredReplicas } from '../../api/apps/v1/deployment.js';
import { type ReplicaSet, specReplicas, asReplicaSet } from '../../api/apps/v1/replica-set.js';

/**
 * The writes the Deployment controller makes to ReplicaSets: resizing (with the
 * ScalingReplicaSet event) and deleting old history. Every write carries the resourceVersion the
 * controller read, so a stale read fails with Conflict and the sync is retried.
 */

/**
 * scaleReplicaSet: sets spec.replicas and refreshes desired-replicas / max-replicas; writes when
 * either differs. Event only when the size changed:
 * `Scaled up replica set hello-85854d9fd8 from 1 to 2` (upstream ≥ 1.31 wording).
 * Returns the ReplicaSet as written (or as it was).
 */
export function scaleReplicaSet(ctx: ControllerContext, d: Deployment, rs: ReplicaSet, newScale: number): ReplicaSet {
  const desired = desiredReplicas(d);
  const max = desired + maxSurge(d);
  const oldScale = specReplicas(rs);
  const sizeNeedsUpdate = oldScale !== newScale;
  if (!sizeNeedsUpdate && !replicasAnnotationsNeedUpdate(rs.metadata.annotations, desired, max)) return rs;
  const copy = structuredClone(rs);
  copy.spec.replicas = newScale;
  setReplicasAnnotations((copy.metadata.annotations ??= {}), desired, max);
  const written = asReplicaSet(ctx.api.update(REPLICASETS, copy));
  if (sizeNeedsUpdate) {
    const op = oldScale < newScale ? 'up' : 'down';
    ctx.events.record({
      involved: d,
      type: 'Normal',
      reason: 'ScalingReplicaSet',
      message: `Scaled ${op} replica set ${rs.metadata.name ?? ''} from ${oldScale} to ${newScale}`,
      component: COMPONENT,
    });
  }
  return written;
}

/**
 * scaleReplicaSetAndRecordEvent: nothing at all when the size is already right (stale
 * annotations included); otherwise scaleReplicaSet. Returns [scaled, rs].
 */
export function scaleIfResized(ctx: ControllerContext, d: Deployment, rs: ReplicaSet, newScale: number): [boolean, ReplicaSet] {
  if (specReplicas(rs) === newScale) return [false, rs];
  return [true, scaleReplicaSet(ctx, d, rs, newScale)];
}

/** Deletes an old ReplicaSet pushed out by revisionHistoryLimit; already gone is fine. */
export function deleteReplicaSet(ctx: ControllerContext, rs: ReplicaSet): void {
  const live = ctx.api.tryGet(REPLICASETS, rs.metadata.namespace, rs.metadata.name ?? '');
  if (!live || live.metadata.uid !== rs.metadata.uid) return;
  ctx.api.delete(REPLICASETS, rs.metadata.namespace, rs.metadata.name ?? '', { propagationPolicy: 'Background' });
}
