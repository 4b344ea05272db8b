import { jsonEqual } from '../../common/json.js';
import { objectJson } from '../../api/meta/v1.js';
import type { ControllerContext } from '../framework/controller.js';
import { objectKey } from '../framework/controller.js';
import { updateDeploymentStatus } from './deployment-writes.js';
import { planHistoryCleanup } from './history-cleanup.js';
import { deploymentComplete, rolloutStatus, stuckRequeueDelayMs } from './progress.js';
import { type PodMap, oldPodsRunning, planRecreateScaleDown } from './recreate.js';
import { deleteReplicaSet, scaleIfResized } from './replica-set-writes.js';
import { activeOld, reconcileNewReplicaSet, reconcileOldReplicaSets } from './rolling.js';
import type { ScaleStep } from './scale-step.js';
import { getAllReplicaSetsAndSyncRevision } from './sync-revision.js';
import { type Deployment, desiredReplicas } from '../../api/apps/v1/deployment.js';
import type { ReplicaSet } from '../../api/apps/v1/replica-set.js';

/**
 * The two rollout strategies as actions: each sync finds or creates the new ReplicaSet, makes
 * the one move the pure planners allow, and reports progress (syncRolloutStatus).
 * `allRSs` keeps the ReplicaSets as read at the start of the sync, as upstream's slice does, so
 * the status written in the same sync still sees the pre-scale spec.replicas (the next sync,
 * woken by the RS update, corrects unavailableReplicas).
 */

/** rolloutRolling: grow the new RS if the surge allows; else shrink old ones; else tidy up. */
export function rolloutRolling(ctx: ControllerContext, d: Deployment, rsList: readonly ReplicaSet[]): void {
  const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(ctx, d, rsList, true);
  if (!newRS) return;
  const allRSs = [...oldRSs, newRS];
  const grow = reconcileNewReplicaSet(d, allRSs, newRS);
  if (grow && applySteps(ctx, d, [grow])) return syncRolloutStatus(ctx, allRSs, newRS, d);
  const shrink = reconcileOldReplicaSets(d, allRSs, activeOld(oldRSs), newRS);
  applySteps(ctx, d, shrink.steps);
  if (shrink.scaled) return syncRolloutStatus(ctx, allRSs, newRS, d);
  if (deploymentComplete(d, d.status)) cleanupDeployment(ctx, d, oldRSs);
  syncRolloutStatus(ctx, allRSs, newRS, d);
}

/** rolloutRecreate: old RSes to 0; wait for every old pod to be gone; then the new RS at full size. */
export function rolloutRecreate(ctx: ControllerContext, d: Deployment, rsList: readonly ReplicaSet[], podMap: PodMap): void {
  let { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(ctx, d, rsList, false);
  let allRSs: (ReplicaSet | undefined)[] = [...oldRSs, newRS];
  if (applySteps(ctx, d, planRecreateScaleDown(oldRSs))) return syncRolloutStatus(ctx, allRSs, newRS, d);
  if (oldPodsRunning(newRS, oldRSs, podMap)) return syncRolloutStatus(ctx, allRSs, newRS, d);
  if (!newRS) {
    ({ newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(ctx, d, rsList, true));
    allRSs = [...oldRSs, newRS];
  }
  if (newRS) scaleIfResized(ctx, d, newRS, desiredReplicas(d));
  if (deploymentComplete(d, d.status)) cleanupDeployment(ctx, d, oldRSs);
  syncRolloutStatus(ctx, allRSs, newRS, d);
}

/** Applies planned steps in order (scaleReplicaSetAndRecordEvent); returns whether any resized. */
function applySteps(ctx: ControllerContext, d: Deployment, steps: readonly ScaleStep[]): boolean {
  let scaled = false;
  for (const s of steps) if (scaleIfResized(ctx, d, s.rs, s.to)[0]) scaled = true;
  return scaled;
}

/** cleanupDeployment: deletes what revisionHistoryLimit pushes out. */
export function cleanupDeployment(ctx: ControllerContext, d: Deployment, oldRSs: readonly ReplicaSet[]): void {
  for (const rs of planHistoryCleanup(d, oldRSs)) deleteReplicaSet(ctx, rs);
}

/**
 * syncRolloutStatus: writes the rollout status when it changed; when it did not, schedules the
 * progress-deadline check (requeueStuckDeployment) — with a virtual clock nothing else would
 * ever notice a stuck rollout.
 */
export function syncRolloutStatus(
  ctx: ControllerContext,
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet | undefined,
  d: Deployment,
): void {
  const nowMs = ctx.clock.now();
  const next = rolloutStatus(allRSs, newRS, d, nowMs);
  if (jsonEqual(objectJson(d.status ?? {}), objectJson(next))) {
    const after = stuckRequeueDelayMs(d, next, nowMs);
    if (after !== undefined) ctx.requeueAfter(objectKey(d.metadata.namespace, d.metadata.name ?? ''), after);
    return;
  }
  updateDeploymentStatus(ctx, d, next);
}
