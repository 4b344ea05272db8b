import type { WatchEvent } from '../../apiserver/server.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { compileLabelSelector } from '../../labels/label-selector.js';
import { type ReplicaSet, asReplicaSet } from '../../api/apps/v1/replica-set.js';
import { type Controller, type ControllerContext, objectKey, splitKey } from '../framework/controller.js';
import { controllerOf } from './controller-ref.js';
import { COMPONENT, POD, REPLICA_SET, syncReplicaSet } from './sync.js';
import { replicaSetSyncFailed } from './handle-err.js';

/**
 * The ReplicaSet controller (pkg/controller/replicaset): keeps spec.replicas pods made from the
 * template, adopting matching orphans and releasing pods that stopped matching. Keys are
 * `namespace/name` of ReplicaSets. This file only wires the event handlers; sync.ts reconciles.
 */
export function replicaSetController(): Controller {
  return {
    name: COMPONENT,
    watches: [REPLICA_SET, POD],
    keysFor(ev: WatchEvent, ctx: ControllerContext): string[] {
      if (ev.object.kind === 'ReplicaSet') return [objectKey(ev.object.metadata.namespace, ev.object.metadata.name ?? '')];
      return replicaSetsForPod(ev, ctx);
    },
    sync(key: string, ctx: ControllerContext): void {
      const { namespace, name } = splitKey(key);
      syncReplicaSet(key, ctx, namespace ?? '', name);
    },
    syncFailed: replicaSetSyncFailed,
  };
}

/**
 * The pod event handlers (addPod/updatePod/deletePod): a pod with a ReplicaSet controller
 * reference wakes that ReplicaSet (if it is still the same one, by UID); an orphan that was
 * added or changed wakes every ReplicaSet in its namespace whose selector matches it, so one of
 * them can adopt it. A deleted orphan concerns nobody.
 */
function replicaSetsForPod(ev: WatchEvent, ctx: ControllerContext): string[] {
  const pod = ev.object;
  const ns = pod.metadata.namespace;
  const ref = controllerOf(pod);
  if (ref) {
    if (ref.kind !== 'ReplicaSet' || !ref.apiVersion.startsWith('apps/')) return [];
    const rs = ctx.api.tryGet(REPLICA_SET, ns, ref.name);
    return rs && rs.metadata.uid === ref.uid ? [objectKey(ns, ref.name)] : [];
  }
  if (ev.type === 'DELETED' || pod.metadata.deletionTimestamp) return [];
  return ctx.api
    .list(REPLICA_SET, ns)
    .filter((rs) => selects(asReplicaSet(rs), pod))
    .map((rs) => objectKey(ns, rs.metadata.name ?? ''));
}

function selects(rs: ReplicaSet, pod: KubeObject): boolean {
  const sel = compileLabelSelector(rs.spec.selector);
  return !!sel && !sel.empty && sel.matches(pod.metadata.labels);
}
