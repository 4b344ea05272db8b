import type { KubeObject, OwnerReference } from '../../api/meta/v1.js';
import type { WatchEvent } from '../../apiserver/server.js';
import { type Selector, selectorMatches } from '../../labels/selector.js';
import { labelSelectorAsSelector } from '../../labels/metav1-label-selector.js';
import type { ControllerContext } from '../framework/controller.js';
import { objectKey } from '../framework/controller.js';
import { DEPLOYMENTS, PODS, REPLICASETS } from './resources.js';
import { type Deployment, RECREATE, asDeployment } from '../../api/apps/v1/deployment.js';

/**
 * The Deployment controller's event handlers: which Deployments a watch event wakes.
 * - Deployment added/updated/deleted → itself.
 * - ReplicaSet → the Deployment in its controllerRef; an orphan → every Deployment whose
 *   selector matches its labels (it may be adopted). Upstream also wakes the previous owner
 *   when the controllerRef changed; the watch event here carries no old object, so an orphan
 *   update wakes all matching Deployments instead.
 * - Pod deleted → only for a Recreate Deployment, and only once it has no pods left (the
 *   moment a Recreate rollout may create the new ReplicaSet).
 */
export function deploymentKeysFor(ev: WatchEvent, ctx: ControllerContext): string[] {
  // A pod's informer event that is not a deletion wakes nothing: known from the resource the
  // event came from, without decoding the pod (most of an advance's pod events, status writes).
  if (ev.resource === PODS && ev.type !== 'DELETED') return [];
  const o = ev.object;
  switch (o.kind) {
    case 'Deployment':
      return [objectKey(o.metadata.namespace, o.metadata.name ?? '')];
    case 'ReplicaSet':
      return replicaSetKeys(ev, ctx);
    case 'Pod':
      return ev.type === 'DELETED' ? podDeletedKeys(o, ctx) : [];
    default:
      return [];
  }
}

function controllerRef(o: KubeObject): OwnerReference | undefined {
  return o.metadata.ownerReferences?.find((r) => r.controller);
}

/** resolveControllerRef: the Deployment a controllerRef names, if it exists with that UID. */
function resolveDeployment(ctx: ControllerContext, namespace: string | undefined, ref: OwnerReference): Deployment | undefined {
  if (ref.kind !== 'Deployment') return undefined;
  const found = ctx.api.tryGet(DEPLOYMENTS, namespace, ref.name);
  const d = found && asDeployment(found);
  return d && d.metadata.uid === ref.uid ? d : undefined;
}

function keyOf(d: KubeObject): string {
  return objectKey(d.metadata.namespace, d.metadata.name ?? '');
}

function replicaSetKeys(ev: WatchEvent, ctx: ControllerContext): string[] {
  const rs = ev.object;
  const ref = controllerRef(rs);
  if (ref) {
    const d = resolveDeployment(ctx, rs.metadata.namespace, ref);
    return d ? [keyOf(d)] : [];
  }
  // An orphan's deletion concerns nobody; an orphan that exists may be adopted.
  if (ev.type === 'DELETED' || rs.metadata.deletionTimestamp) return [];
  return deploymentsSelecting(ctx, rs).map(keyOf);
}

/** getDeploymentsForReplicaSet: Deployments in the namespace whose selector matches the RS. */
function deploymentsSelecting(ctx: ControllerContext, rs: KubeObject): Deployment[] {
  const out: Deployment[] = [];
  for (const d of ctx.api.list(DEPLOYMENTS, rs.metadata.namespace).map(asDeployment)) {
    let matches = false;
    try {
      const sel = labelSelectorAsSelector(d.spec.selector ?? null);
      // An empty selector would match everything; upstream skips those.
      matches = sel.kind === 'requirements' && sel.requirements.length > 0 && selectorMatches(sel, rs.metadata.labels);
    } catch {
      matches = false;
    }
    if (matches) out.push(d);
  }
  return out;
}

function podDeletedKeys(pod: KubeObject, ctx: ControllerContext): string[] {
  const ref = controllerRef(pod);
  if (!ref || ref.kind !== 'ReplicaSet') return [];
  const rs = ctx.api.tryGet(REPLICASETS, pod.metadata.namespace, ref.name);
  if (!rs || rs.metadata.uid !== ref.uid) return [];
  const rsRef = controllerRef(rs);
  const d = rsRef ? resolveDeployment(ctx, rs.metadata.namespace, rsRef) : undefined;
  if (!d || d.spec.strategy?.type !== RECREATE) return [];
  return countPods(ctx, d) === 0 ? [keyOf(d)] : [];
}

/** How many pods the Deployment's ReplicaSets control (its pod map's size). */
function countPods(ctx: ControllerContext, d: Deployment): number {
  let sel: Selector;
  try {
    sel = labelSelectorAsSelector(d.spec.selector ?? null);
  } catch {
    return 0;
  }
  const rsUids = new Set(
    ctx.api
      .listControlledBy(REPLICASETS, d.metadata.namespace, d.metadata.uid ?? '')
      .filter((rs) => selectorMatches(sel, rs.metadata.labels))
      .map((rs) => rs.metadata.uid),
  );
  let n = 0;
  for (const p of ctx.api.listSelected(PODS, d.metadata.namespace, sel)) {
    const ref = controllerRef(p);
    if (ref && rsUids.has(ref.uid)) n++;
  }
  return n;
}
