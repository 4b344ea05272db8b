import type { WatchEvent } from '../../apiserver/server.js';
import { findByKind, namespacedKeyParts, storagePrefix } from '../../apiserver/resources.js';
import { StatusError } from '../../apiserver/errors.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { isPodReady } from '../../api/core/v1/pod-util.js';
import { asPodDisruptionBudget, pdbStatusInOrder, type PodDisruptionBudget, type PodDisruptionBudgetStatus } from '../../api/policy/v1/pod-disruption-budget.js';
import { DISRUPTION_ALLOWED_CONDITION, PDB_CONDITION_REASON } from '../../api/policy/v1/conditions.js';
import { conditionsAreUpToDate, setStatusCondition, withDisruptionAllowedCondition } from '../../api/policy/v1/disruption-allowed.js';
import { compileLabelSelector, labelSelectorAsSelector, type Selector } from '../../labels/label-selector.js';
import { jsonEqual } from '../../common/json.js';
import { klogFor } from '../../logs/klog.js';
import { type Controller, type ControllerContext, type SyncFailure, objectKey, splitKey } from '../framework/controller.js';
import { logUnhandledError } from '../framework/sync-errors.js';
import { expectedPodCount } from './expected-pods.js';
import { podController } from './finders.js';
import { buildDisruptedPodMap, computedStatus, countHealthyPods, type StatusPod } from './status.js';
import { labelSelectorGoString } from './selector-text.js';

/** The component name of kube-controller-manager's disruption controller (its events' source). */
export const COMPONENT = 'controllermanager';

const PODS = findByKind('v1', 'Pod')!;
const PDBS = findByKind('policy/v1', 'PodDisruptionBudget')!;
const PDBS_PREFIX = storagePrefix(PDBS, undefined);

/**
 * The disruption controller (pkg/controller/disruption): keeps each PodDisruptionBudget's status
 * (currentHealthy, desiredHealthy, expectedPods, disruptionsAllowed, disruptedPods, the
 * DisruptionAllowed condition) in step with the pods it selects, which the eviction subresource
 * reads and spends. Keys: `namespace/name` of budgets. A budget changes when one of its pods
 * does (added, ready, deleting, gone) or it does itself; the one other instant that matters is
 * the expiry of a disruptedPods entry, a single timer (trySync's enqueuePdbForRecheck).
 */
export function disruptionController(): Controller {
  return {
    name: 'disruption-controller',
    watches: [PDBS, PODS],
    keysFor(ev: WatchEvent, ctx: ControllerContext): string[] {
      // By key first: a budget's key names it, and a pod's its namespace, so that the writes of a
      // namespace without budgets (every pod write of a cluster without any) are not decoded here.
      const { namespace, name } = namespacedKeyParts(ev.key);
      if (ev.key.startsWith(PDBS_PREFIX)) return [objectKey(namespace, name)];
      return budgetsForPod(ev, namespace, ctx);
    },
    sync(key: string, ctx: ControllerContext): void {
      const { namespace, name } = splitKey(key);
      const found = ctx.api.tryGet(PDBS, namespace, name);
      if (!found) return;
      const pdb = asPodDisruptionBudget(found);
      try {
        trySync(pdb, ctx, key);
      } catch (e) {
        // A conflict is retried as it is; any other failure first leaves the budget safe.
        if (e instanceof StatusError && e.reason === 'Conflict') throw e;
        failSafe(pdb, ctx, e instanceof Error ? e.message : String(e));
        throw e;
      }
    },
    syncFailed(f: SyncFailure, ctx: ControllerContext): 'retry' {
      logUnhandledError(klogFor(ctx), 'disruption.go:616', `error syncing PodDisruptionBudget ${f.key}, requeuing: ${f.message}`);
      return 'retry';
    },
  };
}

/**
 * The pod handlers (addPod/updatePod/deletePod → getPdbForPod): the budgets of the pod's
 * namespace whose selector matches it; a nil or empty selector matches no pod here. Upstream
 * wakes only the first match (with a MultiplePodDisruptionBudgets warning); kubemu wakes each,
 * so that none keeps a stale status.
 */
function budgetsForPod(ev: WatchEvent, ns: string, ctx: ControllerContext): string[] {
  const budgets = ctx.api.listShared(PDBS, ns);
  if (!budgets.length) return [];
  const pod = ev.object;
  const keys: string[] = [];
  for (const o of budgets) {
    const sel = compileLabelSelector(asPodDisruptionBudget(o).spec?.selector);
    if (sel && !sel.empty && sel.matches(pod.metadata.labels)) keys.push(objectKey(ns, o.metadata.name ?? ''));
  }
  return keys;
}

/** getPodsForPdb: the pods of the namespace the selector selects (nil: none, empty: all). */
function podsOf(pdb: PodDisruptionBudget, ctx: ControllerContext): KubeObject[] {
  let sel: Selector;
  try {
    sel = labelSelectorAsSelector(pdb.spec?.selector);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    ctx.events.record({ involved: pdb, type: 'Warning', reason: 'NoPods', message: `Failed to get pods: ${message}`, component: COMPONENT });
    throw new StatusError('BadRequest', 400, message);
  }
  return ctx.api.listSelected(PODS, pdb.metadata.namespace, sel);
}

function trySync(pdb: PodDisruptionBudget, ctx: ControllerContext, key: string): void {
  const pods = podsOf(pdb, ctx);
  if (!pods.length) ctx.events.record({ involved: pdb, type: 'Normal', reason: 'NoPods', message: 'No matching pods found', component: COMPONENT });
  let counts;
  try {
    counts = expectedPodCount(
      pdb.spec ?? {},
      pods.map((p) => ({ name: p.metadata.name ?? '', controller: () => podController(ctx.api, p) })),
    );
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    ctx.events.record({ involved: pdb, type: 'Warning', reason: 'CalculateExpectedPodCountFailed', message: `Failed to calculate the number of expected pods: ${message}`, component: COMPONENT });
    throw e;
  }
  if (counts.unmanagedPods.length) {
    ctx.events.record({
      involved: pdb,
      type: 'Warning',
      reason: 'UnmanagedPods',
      message:
        `Pods selected by this PodDisruptionBudget (selector: ${labelSelectorGoString(pdb.spec?.selector)}) were found to be unmanaged. ` +
        'As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. ' +
        'To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.',
      component: COMPONENT,
    });
  }
  const now = ctx.clock.now();
  const statusPods: StatusPod[] = pods.map((p) => ({ name: p.metadata.name ?? '', deleting: Boolean(p.metadata.deletionTimestamp), ready: isPodReady(p) }));
  const disrupted = buildDisruptedPodMap(statusPods, pdb.status?.disruptedPods, now);
  for (const name of disrupted.notDeleted) {
    const pod = pods.find((p) => p.metadata.name === name);
    // Upstream's message names the budget's namespace twice (`PDB %s/%s`, Namespace, Namespace).
    const ns = pdb.metadata.namespace ?? '';
    if (pod) ctx.events.record({ involved: pod, type: 'Warning', reason: 'NotDeleted', message: `Pod was expected by PDB ${ns}/${ns} to be deleted but it wasn't`, component: COMPONENT });
  }
  const currentHealthy = countHealthyPods(statusPods, disrupted.kept, now);
  updatePdbStatus(pdb, ctx, computedStatus({ currentHealthy, desiredHealthy: counts.desiredHealthy, expectedCount: counts.expectedCount }, disrupted.kept, pdb.metadata.generation ?? 1));
  if (disrupted.recheckMs !== undefined) ctx.requeueAfter(key, disrupted.recheckMs - now);
}

/** updatePdbStatus: written only when a number, the disrupted pods, the generation or the condition is out of date. */
function updatePdbStatus(pdb: PodDisruptionBudget, ctx: ControllerContext, computed: PodDisruptionBudgetStatus): void {
  const old = pdb.status;
  const generation = pdb.metadata.generation ?? 1;
  if (
    old &&
    old.currentHealthy === computed.currentHealthy &&
    old.desiredHealthy === computed.desiredHealthy &&
    old.expectedPods === computed.expectedPods &&
    old.disruptionsAllowed === computed.disruptionsAllowed &&
    jsonEqual(old.disruptedPods ?? {}, computed.disruptedPods ?? {}) &&
    old.observedGeneration === generation &&
    conditionsAreUpToDate(old, generation)
  ) {
    return;
  }
  const withOld = old?.conditions ? { ...computed, conditions: old.conditions } : computed;
  const status = withDisruptionAllowedCondition(withOld, ctx.api.now());
  ctx.api.updateStatus(PDBS, { ...pdb, metadata: { ...pdb.metadata }, status: pdbStatusInOrder(status) });
}

/** failSafe: no disruption allowed, the DisruptionAllowed condition False with reason SyncFailed and the error. */
function failSafe(pdb: PodDisruptionBudget, ctx: ControllerContext, message: string): void {
  const old = pdb.status ?? { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
  const conditions = setStatusCondition(
    old.conditions,
    {
      type: DISRUPTION_ALLOWED_CONDITION,
      status: 'False',
      ...(old.observedGeneration ? { observedGeneration: old.observedGeneration } : {}),
      reason: PDB_CONDITION_REASON.SyncFailed,
      message,
    },
    ctx.api.now(),
  );
  ctx.api.updateStatus(PDBS, { ...pdb, metadata: { ...pdb.metadata }, status: pdbStatusInOrder({ ...old, disruptionsAllowed: 0, conditions }) });
}
