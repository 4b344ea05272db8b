/**
 * The pods/eviction subresource (pkg/registry/core/pod/storage/eviction.go): a pod is deleted
 * only if the one PodDisruptionBudget that selects it allows a disruption now, and the budget's
 * allowance is spent in the same transaction, so two evictions never share one disruption.
 *
 * The order of the rules, as upstream:
 *  1. a pod that is Pending, Succeeded, Failed or already being deleted has caused (or causes) no
 *     disruption: it is deleted without looking at any budget;
 *  2. more than one budget selects the pod: 500, the subresource does not support it;
 *  3. no budget: the pod is deleted;
 *  4. an unready pod under `unhealthyPodEvictionPolicy: AlwaysAllow`, or under the default
 *     IfHealthyBudget while currentHealthy >= desiredHealthy > 0, is deleted without spending
 *     the budget (it is not counted as healthy);
 *  5. otherwise the budget must have observed its generation (else the stale-budget 429) and
 *     allow a disruption (else the 429 with its DisruptionBudget cause `needs N healthy pods and
 *     has M currently`); then disruptionsAllowed goes down by one, the pod's name and the time go
 *     into status.disruptedPods (the disruption controller counts it unhealthy for 2 minutes), and
 *     the pod gets DisruptionTarget True and is deleted gracefully with the eviction's DeleteOptions.
 *
 * E.g. 3 ready pods and minAvailable 2: disruptionsAllowed 1; the first eviction spends it
 * (disruptionsAllowed 0, disruptedPods {pod-a}), the second is refused with `The disruption
 * budget web needs 2 healthy pods and has 2 currently` until a replacement is Ready and the
 * controller has counted it (3 healthy again, 1 allowed).
 */
import type { KubeObject } from '../api/meta/v1.js';
import { objectJson } from '../api/meta/v1.js';
import { asPod, type PodCondition } from '../api/core/v1/pod.js';
import { isPodReady, podPhase } from '../api/core/v1/pod-util.js';
import { CONDITION_STATUS } from '../api/core/v1/pod-conditions.js';
import { asPodDisruptionBudget, pdbStatusInOrder, UNHEALTHY_POD_EVICTION_POLICY, type PodDisruptionBudget } from '../api/policy/v1/pod-disruption-budget.js';
import { DISRUPTION_BUDGET_CAUSE, DISRUPTION_TARGET_CONDITION, DISRUPTION_TARGET_REASON } from '../api/policy/v1/conditions.js';
import { EVICTION_API_VERSIONS, type Eviction } from '../api/policy/v1/eviction.js';
import { withDisruptionAllowedCondition } from '../api/policy/v1/disruption-allowed.js';
import { compileLabelSelector } from '../labels/metav1-label-selector.js';
import { StatusError, badRequest, conflict, forbidden, tooManyRequests } from './errors.js';
import { findByKind, type ResourceInfo } from './resources.js';

/** The pod deletion's options (server.ts DeleteOptions, as far as an eviction carries them). */
interface DeleteOptions {
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
  gracePeriodSeconds?: number;
  dryRun?: boolean;
}

/** What the subresource needs of the API server (ApiServer has it; defined here, where it is used). */
export interface EvictionApi {
  now(): string;
  get(info: ResourceInfo, namespace: string | undefined, name: string): KubeObject;
  list(info: ResourceInfo, namespace: string | undefined): KubeObject[];
  updateStatus(info: ResourceInfo, input: KubeObject): KubeObject;
  delete(info: ResourceInfo, namespace: string | undefined, name: string, opts: DeleteOptions): KubeObject;
}

const PODS = findByKind('v1', 'Pod')!;
const PDBS = findByKind('policy/v1', 'PodDisruptionBudget')!;

/** MaxDisruptedPodSize: evictions the controller has not confirmed yet, at most. */
export const MAX_DISRUPTED_POD_SIZE = 2000;

/** The message of every 429 the subresource returns. */
export const EVICTION_REFUSED = "Cannot evict pod as it would violate the pod's disruption budget.";

/** What a successful eviction answers: the create handler gives a Status without a code 201. */
export interface EvictionStatus {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Success';
  code: 201;
}

function success(): EvictionStatus {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
}

/** createTooManyRequestsError: the budget has not observed its latest spec yet (Retry-After 10 s). */
export function staleBudget(pdbName: string): StatusError {
  return tooManyRequests(EVICTION_REFUSED, 10, [
    { reason: DISRUPTION_BUDGET_CAUSE, message: `The disruption budget ${pdbName} is still being processed by the server.`, field: '' },
  ]);
}

/** The 429 of a budget that allows no disruption now. */
function noDisruptionAllowed(pdb: PodDisruptionBudget): StatusError {
  const s = pdb.status;
  return tooManyRequests(EVICTION_REFUSED, 0, [
    {
      reason: DISRUPTION_BUDGET_CAUSE,
      message: `The disruption budget ${pdb.metadata.name ?? ''} needs ${s?.desiredHealthy ?? 0} healthy pods and has ${s?.currentHealthy ?? 0} currently`,
      field: '',
    },
  ]);
}

/** canIgnorePDB: the pod is not running, or is already going away. */
function canIgnorePdb(pod: KubeObject): boolean {
  const phase = podPhase(pod);
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || Boolean(pod.metadata.deletionTimestamp);
}

/** getPodDisruptionBudgets: the budgets of the pod's namespace whose selector matches it (a nil or empty selector matches nothing here). */
function budgetsOf(api: EvictionApi, pod: KubeObject): PodDisruptionBudget[] {
  return api
    .list(PDBS, pod.metadata.namespace)
    .map(asPodDisruptionBudget)
    .filter((pdb) => {
      const sel = compileLabelSelector(pdb.spec?.selector);
      return sel !== undefined && !sel.empty && sel.matches(pod.metadata.labels);
    });
}

/** The DeleteOptions of an eviction as the pod's deletion takes them. */
function deleteOptionsOf(eviction: Eviction, dryRun: boolean): DeleteOptions {
  const d = eviction.deleteOptions ?? {};
  const out: DeleteOptions = { dryRun };
  if (d.gracePeriodSeconds !== undefined) out.gracePeriodSeconds = d.gracePeriodSeconds;
  if (d.propagationPolicy === 'Background' || d.propagationPolicy === 'Foreground' || d.propagationPolicy === 'Orphan') {
    out.propagationPolicy = d.propagationPolicy;
  }
  return out;
}

/** The DeleteOptions' preconditions against the pod (the store's check before it deletes). */
function checkPreconditions(pod: KubeObject, eviction: Eviction): void {
  const p = eviction.deleteOptions?.preconditions;
  const name = pod.metadata.name ?? '';
  if (p?.uid && p.uid !== pod.metadata.uid) {
    throw conflict('Pod', '', name, `Precondition failed: UID in precondition: ${p.uid}, UID in object meta: ${pod.metadata.uid ?? ''}`);
  }
  if (p?.resourceVersion && p.resourceVersion !== pod.metadata.resourceVersion) {
    throw conflict('Pod', '', name, `Precondition failed: ResourceVersion in precondition: ${p.resourceVersion}, ResourceVersion in object meta: ${pod.metadata.resourceVersion ?? ''}`);
  }
}

/** The body's own checks: an Eviction, named as the URL, in the URL's namespace. */
function checkBody(eviction: Eviction, namespace: string, name: string): void {
  if (eviction.kind !== 'Eviction' || !EVICTION_API_VERSIONS.includes(eviction.apiVersion)) {
    throw badRequest(`the body of pods/eviction must be a policy/v1 Eviction, not ${eviction.apiVersion || '(no apiVersion)'} ${eviction.kind || '(no kind)'}`);
  }
  const ns = eviction.metadata?.namespace;
  if (ns && ns !== namespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  if ((eviction.metadata?.name ?? '') !== name) throw badRequest('name in URL does not match name in Eviction object');
}

/**
 * addConditionAndDeletePod: DisruptionTarget True on the pod's status (not on a dry run), then its
 * deletion with the eviction's options (graceful: the kubelet stops it within its grace period).
 */
function addConditionAndDelete(api: EvictionApi, pod: KubeObject, opts: DeleteOptions): void {
  const ns = pod.metadata.namespace;
  const name = pod.metadata.name ?? '';
  if (!opts.dryRun) {
    const status = asPod(pod).status ?? {};
    const conditions = [...(status.conditions ?? [])];
    const i = conditions.findIndex((c) => c.type === DISRUPTION_TARGET_CONDITION);
    const old = i >= 0 ? conditions[i] : undefined;
    const condition: PodCondition = {
      type: DISRUPTION_TARGET_CONDITION,
      observedGeneration: pod.metadata.generation ?? 1,
      status: CONDITION_STATUS.True,
      lastProbeTime: null,
      // UpdatePodCondition keeps the transition time of a condition whose status stays.
      lastTransitionTime: old?.status === CONDITION_STATUS.True ? (old.lastTransitionTime ?? api.now()) : api.now(),
      reason: DISRUPTION_TARGET_REASON.EvictionByEvictionAPI,
      message: 'Eviction API: evicting',
    };
    if (i >= 0) conditions[i] = condition;
    else conditions.push(condition);
    api.updateStatus(PODS, { ...pod, metadata: { ...pod.metadata }, status: { ...status, conditions } });
  }
  api.delete(PODS, ns, name, opts);
}

/**
 * checkAndDecrement: the budget must be up to date and allow a disruption; then it is spent and
 * the pod recorded in disruptedPods (a dry run spends nothing).
 */
function checkAndDecrement(api: EvictionApi, pdb: PodDisruptionBudget, podName: string, dryRun: boolean): void {
  const status = pdb.status ?? { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
  const name = pdb.metadata.name ?? '';
  if ((status.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) throw staleBudget(name);
  if (status.disruptionsAllowed < 0) throw forbidden('poddisruptionbudget', 'policy', name, 'pdb disruptions allowed is negative');
  if (Object.keys(status.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE) {
    throw forbidden('poddisruptionbudget', 'policy', name, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
  }
  if (status.disruptionsAllowed === 0) throw noDisruptionAllowed(pdb);
  if (dryRun) return;
  let next = { ...status, disruptionsAllowed: status.disruptionsAllowed - 1 };
  if (next.disruptionsAllowed === 0) next = withDisruptionAllowedCondition(next, api.now());
  next.disruptedPods = { ...(status.disruptedPods ?? {}), [podName]: api.now() };
  api.updateStatus(PDBS, { ...pdb, metadata: { ...pdb.metadata }, status: pdbStatusInOrder(next) });
}

/**
 * POST pods/NAME/eviction, inside one transaction of the API server (ApiServer.evict). Throws
 * the API error (404 for the pod, 429, 500, 400 for a bad body); returns the success Status.
 */
export function evictPod(api: EvictionApi, namespace: string, name: string, eviction: Eviction, requestDryRun: boolean): EvictionStatus {
  checkBody(eviction, namespace, name);
  const dryRun = requestDryRun || (eviction.deleteOptions?.dryRun ?? []).includes('All');
  const pod = api.get(PODS, namespace, name);
  checkPreconditions(pod, eviction);
  const opts = deleteOptionsOf(eviction, dryRun);
  if (canIgnorePdb(pod)) {
    addConditionAndDelete(api, pod, opts);
    return success();
  }
  const pdbs = budgetsOf(api, pod);
  if (pdbs.length > 1) {
    // Returned by upstream as a Status with code 500 and no reason: kubectl prints `Error from server: ...`.
    throw new StatusError('', 500, 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.');
  }
  const pdb = pdbs[0];
  if (pdb) {
    const policy = pdb.spec?.unhealthyPodEvictionPolicy;
    const s = pdb.status;
    const unreadyAllowed =
      !isPodReady(pod) &&
      (policy === UNHEALTHY_POD_EVICTION_POLICY.AlwaysAllow || (s !== undefined && s.currentHealthy >= s.desiredHealthy && s.desiredHealthy > 0));
    if (!unreadyAllowed) checkAndDecrement(api, pdb, name, dryRun);
  }
  addConditionAndDelete(api, pod, opts);
  return success();
}

/** The eviction's JSON as kube-apiserver's serializer writes it (one line, then a newline). */
export function evictionStatusText(s: EvictionStatus): string {
  return JSON.stringify(objectJson(s)) + '\n';
}
