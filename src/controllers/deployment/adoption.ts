import type { KubeObject } from '../../api/meta/v1.js';
import { labelSelectorAsSelector } from '../../labels/metav1-label-selector.js';
import { selectorMatches, type Selector } from '../../labels/selector.js';
import { StatusError } from '../../apiserver/errors.js';
import type { ControllerContext } from '../framework/controller.js';
import { controllerRefOf } from './new-replica-set.js';
import { DEPLOYMENTS, PODS, REPLICASETS } from './resources.js';
import type { Deployment } from '../../api/apps/v1/deployment.js';
import { type Pod, asPod } from '../../api/core/v1/pod.js';
import { type ReplicaSet, asReplicaSet } from '../../api/apps/v1/replica-set.js';

/**
 * ControllerRefManager for a Deployment's ReplicaSets (getReplicaSetsForDeployment): of all
 * ReplicaSets in the namespace, those controlled by the Deployment and matching its selector
 * are its own; an orphan that matches is adopted; one of its own that no longer matches is
 * released.
 */

/** What to do with each candidate ReplicaSet, decided purely. */
export type Claim = 'claimed' | 'adopt' | 'release' | 'ignore';

export function claimDecision(d: Deployment, selector: Selector, rs: ReplicaSet): Claim {
  const ref = rs.metadata.ownerReferences?.find((r) => r.controller);
  const matches = selectorMatches(selector, rs.metadata.labels);
  if (ref) {
    if (ref.uid !== d.metadata.uid) return 'ignore';
    if (matches) return 'claimed';
    return d.metadata.deletionTimestamp ? 'ignore' : 'release';
  }
  if (d.metadata.deletionTimestamp || !matches) return 'ignore';
  if (rs.metadata.deletionTimestamp) return 'ignore';
  if (d.metadata.namespace !== rs.metadata.namespace) return 'ignore';
  return 'adopt';
}

/**
 * The Deployment's selector; throws upstream's message for an invalid one. Selectors are
 * remembered by their text: every status write hands the next sync a new Deployment object, so
 * remembering by object (compileLabelSelector) would parse and validate the same selector at
 * every sync (500 Deployments: 2,500 syncs in an apply).
 */
export function deploymentSelector(d: Deployment): Selector {
  const text = JSON.stringify(d.spec.selector ?? null);
  const known = selectorsByText.get(text);
  if (known) return known;
  let selector: Selector;
  try {
    selector = labelSelectorAsSelector(d.spec.selector ?? null);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new Error(`deployment ${d.metadata.namespace ?? ''}/${d.metadata.name ?? ''} has invalid label selector: ${why}`);
  }
  // A bound on what a long process keeps: past it, start over.
  if (selectorsByText.size >= SELECTORS_KEPT) selectorsByText.clear();
  selectorsByText.set(text, selector);
  return selector;
}

/** Parsed Deployment selectors by their JSON text (read-only: shared by every sync). */
const selectorsByText = new Map<string, Selector>();
const SELECTORS_KEPT = 10_000;

/** Claims the namespace's ReplicaSets for d, adopting and releasing through the API server. */
export function claimReplicaSets(ctx: ControllerContext, d: Deployment): ReplicaSet[] {
  const selector = deploymentSelector(d);
  const claimed: ReplicaSet[] = [];
  let canAdopt: boolean | undefined;
  for (const rs of candidateReplicaSets(ctx, d, selector).map(asReplicaSet)) {
    const decision = claimDecision(d, selector, rs);
    if (decision === 'claimed') claimed.push(rs);
    else if (decision === 'release') ignoreNotFound(() => release(ctx, d, rs));
    else if (decision === 'adopt') {
      // RecheckDeletionTimestamp: one uncached read confirms d still exists and is not being deleted.
      canAdopt ??= stillAdoptable(ctx, d);
      if (!canAdopt) continue;
      if (ignoreNotFound(() => adopt(ctx, d, rs))) claimed.push(rs);
    }
  }
  return claimed;
}

/**
 * The ReplicaSets claimDecision does not ignore, in key order, as the namespace's list gives
 * them: those d controls and those its selector matches (two index reads, not every
 * ReplicaSet of the namespace).
 */
function candidateReplicaSets(ctx: ControllerContext, d: Deployment, selector: Selector): KubeObject[] {
  const ns = d.metadata.namespace;
  const controlled = ctx.api.listControlledBy(REPLICASETS, ns, d.metadata.uid ?? '');
  const selected = ctx.api.listSelected(REPLICASETS, ns, selector);
  if (!controlled.length) return selected;
  const byName = new Map<string, KubeObject>();
  for (const rs of [...controlled, ...selected]) byName.set(rs.metadata.name ?? '', rs);
  return [...byName.values()].sort((a, b) => compareNames(a.metadata.name ?? '', b.metadata.name ?? ''));
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function stillAdoptable(ctx: ControllerContext, d: Deployment): boolean {
  const fresh = ctx.api.tryGet(DEPLOYMENTS, d.metadata.namespace, d.metadata.name ?? '');
  return !!fresh && fresh.metadata.uid === d.metadata.uid && !fresh.metadata.deletionTimestamp;
}

function adopt(ctx: ControllerContext, d: Deployment, rs: ReplicaSet): void {
  ctx.api.modify(REPLICASETS, rs.metadata.namespace, rs.metadata.name ?? '', (o) => {
    if (o.metadata.uid !== rs.metadata.uid) throw new StatusError('NotFound', 404, 'uid changed');
    o.metadata.ownerReferences = [...(o.metadata.ownerReferences ?? []), controllerRefOf(d)];
    return o;
  });
}

function release(ctx: ControllerContext, d: Deployment, rs: ReplicaSet): void {
  ctx.api.modify(REPLICASETS, rs.metadata.namespace, rs.metadata.name ?? '', (o) => {
    const refs = (o.metadata.ownerReferences ?? []).filter((r) => r.uid !== d.metadata.uid);
    if (refs.length) o.metadata.ownerReferences = refs;
    else delete o.metadata.ownerReferences;
    return o;
  });
}

/** Runs fn; a NotFound (the object went away meanwhile) is not an error. Returns whether fn succeeded. */
function ignoreNotFound(fn: () => void): boolean {
  try {
    fn();
    return true;
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'NotFound') return false;
    throw e;
  }
}

/**
 * getPodMapForDeployment: the pods selected by the Deployment, grouped by the UID of the
 * ReplicaSet (among rsList) that controls them — terminating and finished pods included.
 */
export function podMapForDeployment(ctx: ControllerContext, d: Deployment, rsList: readonly ReplicaSet[]): Map<string, Pod[]> {
  const selector = deploymentSelector(d);
  const map = new Map<string, Pod[]>();
  for (const rs of rsList) map.set(rs.metadata.uid ?? '', []);
  for (const pod of ctx.api.listSelected(PODS, d.metadata.namespace, selector).map(asPod)) {
    const ref = pod.metadata.ownerReferences?.find((r) => r.controller);
    if (!ref) continue;
    map.get(ref.uid)?.push(pod);
  }
  return map;
}
