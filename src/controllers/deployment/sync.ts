import { jsonEqual } from '../../common/json.js';
import { objectJson } from '../../api/meta/v1.js';
import { rfc3339 } from '../../sim/clock.js';
import type { ControllerContext } from '../framework/controller.js';
import { splitKey } from '../framework/controller.js';
import { goTimeString, klogFor, syncStartNs } from '../../logs/klog.js';
import { parseReplicasAnnotation } from './annotations.js';
import { DESIRED_REPLICAS_ANNOTATION, ROLLBACK_TO_ANNOTATION } from '../../api/apps/v1/annotations.js';
import { claimReplicaSets, podMapForDeployment } from './adoption.js';
import { updateDeploymentStatus } from './deployment-writes.js';
import { pausedConditionStatus } from './paused.js';
import { planScale } from './proportional-scale.js';
import { activeReplicaSets } from './replica-sets.js';
import { scaleIfResized, scaleReplicaSet } from './replica-set-writes.js';
import { COMPONENT, DEPLOYMENTS } from './resources.js';
import { parseRevision } from './revision.js';
import { rollback } from './rollback.js';
import { cleanupDeployment, rolloutRecreate, rolloutRolling } from './rollout.js';
import { calculateStatus } from './status.js';
import { getAllReplicaSetsAndSyncRevision } from './sync-revision.js';
import { type Deployment, RECREATE, ROLLING_UPDATE, desiredReplicas, asDeployment } from '../../api/apps/v1/deployment.js';
import type { ReplicaSet } from '../../api/apps/v1/replica-set.js';

/**
 * syncDeployment: one reconcile of one Deployment, in upstream's strict order — the first
 * matching branch does the work:
 *   gone → nothing; empty selector → warn; being deleted → status only;
 *   (paused conditions) paused → scale only; rollback annotation → rollback;
 *   replicas changed (desired-replicas annotation differs) → proportional scaling;
 *   otherwise the strategy's rollout.
 */
export function syncDeployment(ctx: ControllerContext, key: string): void {
  const { namespace, name } = splitKey(key);
  const log = klogFor(ctx);
  if (log.enabled(4)) {
    const startTime = goTimeString(syncStartNs(log.nextLineUs()), BigInt(log.processStartMs) * 1_000_000n);
    log.info(4, 'deployment_controller.go:598', 'Started syncing deployment', [['deployment', key], ['startTime', startTime]]);
  }
  const live = ctx.api.tryGet(DEPLOYMENTS, namespace, name);
  if (!live) return;
  const d = copyToChange(asDeployment(live));

  const sel = d.spec.selector;
  if (sel && isEmptySelector(sel)) {
    ctx.events.record({
      involved: d,
      type: 'Warning',
      reason: 'SelectingAll',
      message: 'This deployment is selecting all pods. A non-empty selector is required.',
      component: COMPONENT,
    });
    if ((d.status?.observedGeneration ?? 0) < (d.metadata.generation ?? 0)) {
      updateDeploymentStatus(ctx, d, { ...(d.status ?? {}), observedGeneration: d.metadata.generation ?? 0 });
    }
    return;
  }

  const rsList = claimReplicaSets(ctx, d);

  if (d.metadata.deletionTimestamp) return syncStatusOnly(ctx, d, rsList);

  const paused = pausedConditionStatus(d, rfc3339(ctx.clock.now()));
  if (paused) updateDeploymentStatus(ctx, d, paused);

  if (d.spec.paused) return sync(ctx, d, rsList);
  if (rollbackTo(d) !== undefined) return rollback(ctx, d, rsList);
  if (isScalingEvent(ctx, d, rsList)) return sync(ctx, d, rsList);

  const type = d.spec.strategy?.type;
  // Upstream builds the pod map right after claiming the ReplicaSets; only Recreate reads it, and
  // nothing this sync writes before it touches a pod (this controller never writes pods), so it is
  // read here: a RollingUpdate sync lists no pods (500 Deployments x 20 pods: 4,000 lists of 20 rows
  // in an apply and the advance after it).
  if (type === RECREATE) return rolloutRecreate(ctx, d, rsList, podMapForDeployment(ctx, d, rsList));
  if (type === ROLLING_UPDATE) return rolloutRolling(ctx, d, rsList);
  throw new Error(`unexpected deployment strategy type: ${type ?? ''}`);
}

/**
 * The Deployment as this sync may change it in memory (upstream's DeepCopy), copied only where a
 * sync changes it: the annotations (the revision, a rollback's), the top level of metadata, spec
 * (a rollback replaces the template whole) and status (conditions and collisionCount are set
 * there, conditions always as a new array of new objects). Everything below stays the API
 * server's object, deep-frozen, so a change in place would throw rather than go unnoticed. The
 * template in particular is neither copied at every sync nor made canonical again to find the
 * new ReplicaSet (templateKey keeps the key of a frozen template): 4,000 syncs of 500
 * Deployments in an apply and the advance after it.
 */
function copyToChange(live: Deployment): Deployment {
  const metadata = { ...live.metadata };
  if (live.metadata.annotations) metadata.annotations = { ...live.metadata.annotations };
  const d: Deployment = { ...live, metadata, spec: { ...live.spec } };
  if (live.status) d.status = { ...live.status };
  return d;
}

/** `{}`: upstream compares the selector with an empty LabelSelector (validation forbids it). */
function isEmptySelector(sel: NonNullable<Deployment['spec']['selector']>): boolean {
  return !Object.keys(sel.matchLabels ?? {}).length && !(sel.matchExpressions ?? []).length;
}

/** The legacy rollback request, if the annotation parses as an integer. */
export function rollbackTo(d: Deployment): number | undefined {
  const v = d.metadata.annotations?.[ROLLBACK_TO_ANNOTATION];
  return v === undefined ? undefined : parseRevision(v);
}

/**
 * isScalingEvent: some active ReplicaSet was last sized for a different spec.replicas than the
 * Deployment has now (its desired-replicas annotation says so). RSes without the annotation do
 * not count. Like upstream, this first syncs revisions (which may write).
 */
function isScalingEvent(ctx: ControllerContext, d: Deployment, rsList: readonly ReplicaSet[]): boolean {
  const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(ctx, d, rsList, false);
  for (const rs of activeReplicaSets([...oldRSs, newRS])) {
    const desired = parseReplicasAnnotation(rs.metadata.annotations?.[DESIRED_REPLICAS_ANNOTATION]);
    if (desired === undefined) continue;
    if (desired !== desiredReplicas(d)) return true;
  }
  return false;
}

/**
 * sync: scaling events and paused Deployments — never creates a ReplicaSet; resizes
 * (proportionally), cleans up history when paused, and writes status (not the Progressing
 * condition, and no deadline check: time spent paused never counts).
 */
function sync(ctx: ControllerContext, d: Deployment, rsList: readonly ReplicaSet[]): void {
  const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(ctx, d, rsList, false);
  const plan = planScale(d, newRS, oldRSs);
  for (const step of plan.steps) {
    if (plan.kind === 'always') scaleReplicaSet(ctx, d, step.rs, step.to);
    else scaleIfResized(ctx, d, step.rs, step.to);
  }
  if (d.spec.paused && rollbackTo(d) === undefined) cleanupDeployment(ctx, d, oldRSs);
  syncDeploymentStatus(ctx, [...oldRSs, newRS], newRS, d);
}

/** syncStatusOnly: a Deployment being deleted only gets its status refreshed. */
function syncStatusOnly(ctx: ControllerContext, d: Deployment, rsList: readonly ReplicaSet[]): void {
  const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(ctx, d, rsList, false);
  syncDeploymentStatus(ctx, [...oldRSs, newRS], newRS, d);
}

/** syncDeploymentStatus: calculateStatus, written only when it differs. */
function syncDeploymentStatus(
  ctx: ControllerContext,
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet | undefined,
  d: Deployment,
): void {
  const next = calculateStatus(allRSs, newRS, d, rfc3339(ctx.clock.now()));
  if (jsonEqual(objectJson(d.status ?? {}), objectJson(next))) return;
  updateDeploymentStatus(ctx, d, next);
}
