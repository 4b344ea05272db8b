import { type KubeObject, objectJson } from '../../api/meta/v1.js';
import { type ReplicaSet, asReplicaSet } from '../../api/apps/v1/replica-set.js';
import { StatusError } from '../../apiserver/errors.js';
import { findByKind } from '../../apiserver/resources.js';
import { compileLabelSelector } from '../../labels/label-selector.js';
import { jsonEqual } from '../../common/json.js';
import type { ControllerContext } from '../framework/controller.js';
import { klogFor, replicaSetStatusUpdateMessage } from '../../logs/klog.js';
import { isNamespaceTerminating } from '../framework/api-errors.js';
import { msUntilNextAvailable } from './availability.js';
import { controllerOf, controllerRefFor, planClaims, withControllerRef, withoutOwner } from './controller-ref.js';
import { planReplicas, runSlowStart } from './manage-replicas.js';
import { podFacts } from './pod-facts.js';
import { podFromTemplate } from './pod-template.js';
import { calculateStatus } from './status.js';

export const POD = findByKind('v1', 'Pod')!;
export const REPLICA_SET = findByKind('apps/v1', 'ReplicaSet')!;

/** The event source of everything this controller records. */
export const COMPONENT = 'replicaset-controller';

/**
 * syncReplicaSet for one `namespace/name` key: claim pods (adopt orphans, release strays),
 * create or delete pods towards spec.replicas, then write status if it changed.
 *
 * Two deliberate differences from upstream's single pass:
 * - kubemu lists pods from the API server, which is never stale, so the expectations upstream
 *   keeps against a lagging informer cache are not needed;
 * - a sync that adopted pods stops before manageReplicas; the adoption's watch events bring the
 *   next sync a millisecond later. Upstream deletes right after the adoption PATCH, which takes
 *   a round trip during which the scheduler has usually bound the adopted pod; the article's
 *   `stray` therefore shows as Terminating (graceful delete of a bound pod), not gone at once.
 */
export function syncReplicaSet(key: string, ctx: ControllerContext, namespace: string, name: string): void {
  const found = ctx.api.tryGet(REPLICA_SET, namespace, name);
  if (!found) return;
  const rs = asReplicaSet(found);
  const selector = compileLabelSelector(rs.spec.selector);
  if (!selector) return;
  const uid = rs.metadata.uid ?? '';
  // planClaims looks only at the pods we control and the ones the selector matches (any other
  // pod is ignored), so those two index reads give the plan a list of every pod would.
  const owned = ctx.api.listControlledBy(POD, namespace, uid);
  const selected = ctx.api.listSelected(POD, namespace, selector.selector);
  // The usual case: every pod we control matches the selector and no orphan does, so both reads
  // gave the same objects in the same (key) order. Each is then ours and selected: planClaims
  // would claim every active one and adopt or release none, without asking each pod again.
  const same = sameObjects(owned, selected);
  // Both asked of each owned pod in one pass (the usual case: 1,000 pods, 22 syncs of a rollout).
  const active: KubeObject[] = [];
  const terminating: KubeObject[] = [];
  for (const p of owned) {
    const f = podFacts(p);
    if (same && f.active) active.push(p);
    if (f.terminating) terminating.push(p);
  }
  if (!same) for (const p of unionInKeyOrder(owned, selected)) if (podFacts(p).active) active.push(p);
  const plan = same ? { claimed: active, adopt: [], release: [] } : planClaims(rs, selector.matches, active);
  const claimed = adoptAndRelease(ctx, rs, plan.claimed, plan.adopt, plan.release);
  const now = ctx.clock.now();

  let manageError: ManageError | undefined;
  if (plan.adopt.length === 0 && !rs.metadata.deletionTimestamp) {
    manageError = manageReplicas(ctx, rs, claimed, () => relatedPods(ctx, rs), now);
  }

  const status = calculateStatus({ rs, active: claimed, terminating, ...(manageError ? { manageError: manageError.message } : {}), nowMs: now });
  if (!jsonEqual(objectJson(status), objectJson(rs.status ?? {}))) {
    const need = rs.spec.replicas ?? 1;
    // The message is built only when the line is kept (--v=4): 1,500 status writes in an apply.
    const log = klogFor(ctx);
    if (log.enabled(4)) log.info(4, 'replica_set_utils.go:68', replicaSetStatusUpdateMessage(namespace, name, need, rs.status, status));
    ctx.api.updateStatus(REPLICA_SET, { ...rs, status });
  }

  // syncReplicaSet returns manageReplicasErr: the control plane logs it (replicaSetSyncFailed)
  // and retries the key with the work queue's rate-limited back-off.
  if (manageError !== undefined) throw manageError.error;
  const minReady = rs.spec.minReadySeconds ?? 0;
  const wait = msUntilNextAvailable(claimed, minReady, now);
  if (wait !== undefined) ctx.requeueAfter(key, wait);
}

/**
 * Patches our controller reference onto orphans and off pods that stopped matching. Adoption
 * first re-reads the ReplicaSet from the API server (canAdopt): one that was deleted or
 * recreated under the same name adopts nothing. Pods that vanished meanwhile are skipped.
 * Returns the pods the ReplicaSet owns now.
 */
function adoptAndRelease(
  ctx: ControllerContext,
  rs: KubeObject,
  claimed: KubeObject[],
  adopt: KubeObject[],
  release: KubeObject[],
): KubeObject[] {
  const ns = rs.metadata.namespace ?? '';
  const uid = rs.metadata.uid ?? '';
  const lost = new Set<string>();
  if (adopt.length) {
    const fresh = ctx.api.tryGet(REPLICA_SET, ns, rs.metadata.name ?? '');
    const canAdopt = fresh !== undefined && fresh.metadata.uid === uid && !fresh.metadata.deletionTimestamp;
    for (const pod of adopt) {
      const ok = canAdopt && patchPod(ctx, pod, (o) => (controllerOf(o) ? o : withControllerRef(o, controllerRefFor(rs))));
      if (!ok) lost.add(pod.metadata.uid ?? '');
    }
  }
  for (const pod of release) patchPod(ctx, pod, (o) => withoutOwner(o, uid));
  // Nothing lost (every sync that adopted nothing): the plan's own array, not a copy of 1,000 pods.
  return lost.size ? claimed.filter((p) => !lost.has(p.metadata.uid ?? '')) : claimed;
}

/** Changes a pod if it is still the same pod (UID precondition); false when it is gone. */
function patchPod(ctx: ControllerContext, pod: KubeObject, change: (o: KubeObject) => KubeObject): boolean {
  try {
    ctx.api.modify(POD, pod.metadata.namespace, pod.metadata.name ?? '', (o) =>
      o.metadata.uid === pod.metadata.uid ? change(o) : o,
    );
    return true;
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'NotFound') return false;
    throw e;
  }
}

/**
 * The pods the scale-down ranking counts per node: those of every ReplicaSet under the same
 * controller (a Deployment's), found by each one's selector. A ReplicaSet without a controller
 * has none (upstream logs "ReplicaSet has no controller" and ranks without them).
 */
function relatedPods(ctx: ControllerContext, rs: KubeObject): KubeObject[] {
  const owner = controllerOf(rs);
  if (!owner) return [];
  const seen = new Set<string>();
  const out: KubeObject[] = [];
  for (const other of ctx.api.listControlledBy(REPLICA_SET, rs.metadata.namespace, owner.uid)) {
    const sel = compileLabelSelector(asReplicaSet(other).spec.selector);
    if (!sel) continue;
    for (const p of ctx.api.listSelected(POD, rs.metadata.namespace, sel.selector)) {
      const id = p.metadata.uid ?? '';
      if (seen.has(id) || !sel.matches(p.metadata.labels)) continue;
      seen.add(id);
      out.push(p);
    }
  }
  return out;
}

/** A write of manageReplicas that failed: the API error, and the message of the status's ReplicaFailure condition. */
interface ManageError {
  error: StatusError;
  message: string;
}

/**
 * manageReplicas: creates missing pods in slow-start batches or deletes the surplus chosen by
 * the ranking, recording an event per pod. Returns the first error when a write failed (the
 * status then gets a ReplicaFailure condition and the key is retried).
 */
function manageReplicas(
  ctx: ControllerContext,
  rs: ReplicaSet,
  active: readonly KubeObject[],
  related: () => readonly KubeObject[],
  now: number,
): ManageError | undefined {
  const desired = rs.spec.replicas ?? 1;
  const plan = planReplicas(active, related, desired, now);
  const ns = rs.metadata.namespace ?? '';
  const event = (type: 'Normal' | 'Warning', reason: string, message: string) =>
    ctx.events.record({ involved: rs, type, reason, message, component: COMPONENT });
  // The controller-manager's log lines of manageReplicas (kept only at --v=2 / --v=4, see klog.ts).
  const log = klogFor(ctx);
  const rsName = rs.metadata.name ?? '';

  if (plan.action === 'create') {
    const ref = controllerRefFor(rs);
    log.info(2, 'replica_set.go:668', 'Too few replicas', [['replicaSet', `${ns}/${rsName}`], ['need', desired], ['creating', plan.count]]);
    const result = runSlowStart(plan.count, () => {
      try {
        const pod = ctx.api.create(POD, ns, podFromTemplate(rs, ref));
        log.info(4, 'controller_utils.go:613', 'Controller created pod', [['controller', rsName], ['pod', `${ns}/${pod.metadata.name ?? ''}`]]);
        event('Normal', 'SuccessfulCreate', `Created pod: ${pod.metadata.name ?? ''}`);
        return undefined;
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        // A namespace being deleted refuses new pods; that is no failure of the ReplicaSet.
        if (isNamespaceTerminating(e)) return undefined;
        event('Warning', 'FailedCreate', `Error creating: ${e.message}`);
        return e;
      }
    });
    return result.error instanceof StatusError ? { error: result.error, message: result.error.message } : undefined;
  }
  if (plan.action === 'delete') {
    let firstError: ManageError | undefined;
    log.info(2, 'replica_set.go:702', 'Too many replicas', [['replicaSet', `${ns}/${rsName}`], ['need', desired], ['deleting', plan.pods.length]]);
    for (const pod of plan.pods) {
      const podName = pod.metadata.name ?? '';
      try {
        log.info(2, 'controller_utils.go:641', 'Deleting pod', [['controller', rsName], ['pod', `${ns}/${podName}`]]);
        ctx.api.delete(POD, ns, podName);
        event('Normal', 'SuccessfulDelete', `Deleted pod: ${podName}`);
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        if (e.reason === 'NotFound') continue;
        event('Warning', 'FailedDelete', `Error deleting: ${e.message}`);
        firstError ??= { error: e, message: `unable to delete pods: ${e.message}` };
      }
    }
    return firstError;
  }
  return undefined;
}


/** Whether two lists hold the same objects in the same order. */
function sameObjects(a: readonly KubeObject[], b: readonly KubeObject[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i]);
}

/** Two lists in key order (namespace/name: one namespace here) merged, each object once. */
function unionInKeyOrder(a: readonly KubeObject[], b: readonly KubeObject[]): KubeObject[] {
  const byName = new Map<string, KubeObject>();
  for (const p of [...a, ...b]) byName.set(p.metadata.name ?? '', p);
  return [...byName.values()].sort((x, y) => compareKeys(x.metadata.name ?? '', y.metadata.name ?? ''));
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
