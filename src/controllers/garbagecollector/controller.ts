import type { ApiServer, WatchEvent } from '../../apiserver/server.js';
import { FINALIZER_FOREGROUND, FINALIZER_ORPHAN } from '../../apiserver/server.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { RESOURCES, type ResourceInfo, findByKind } from '../../apiserver/resources.js';
import type { Controller, ControllerContext, SyncFailure } from '../framework/controller.js';
import { klogFor } from '../../logs/klog.js';
import { logUnhandledError } from '../framework/sync-errors.js';
import { OwnerGraph } from './graph.js';

/** Everything but Events can own or be owned. */
const WATCHED: readonly ResourceInfo[] = RESOURCES.filter((r) => r.kind !== 'Event');

/**
 * The garbage collector (pkg/controller/garbagecollector), reduced to its effects:
 * - `orphan` finalizer: the dependents lose their ownerReference, then the finalizer goes;
 * - `foregroundDeletion`: the dependents are deleted (in the foreground when they block their
 *   owner's deletion); when none that blocks is left, the finalizer goes;
 * - an object whose owners are all gone is deleted in the background.
 *
 * Keys: `orphan:<uid>`, `foreground:<uid>`, `dangling:<uid>`.
 */
export function garbageCollectorController(): Controller {
  let graph: OwnerGraph | undefined;
  const graphOf = (api: ApiServer): OwnerGraph => {
    if (graph) return graph;
    graph = new OwnerGraph();
    for (const info of WATCHED) for (const o of api.list(info, undefined)) graph.upsert(info, o);
    return graph;
  };

  return {
    name: 'garbage-collector-controller',
    watches: WATCHED,
    keysFor(ev: WatchEvent, ctx: ControllerContext): string[] {
      const g = graphOf(ctx.api);
      const info = findByKind(ev.object.apiVersion, ev.object.kind);
      const uid = ev.object.metadata.uid;
      if (!info || !uid) return [];
      if (ev.type === 'DELETED') {
        const gone = g.remove(uid, ev.revision);
        const keys = g.dependentsOf(uid).map((d) => `dangling:${d.uid}`);
        for (const owner of gone?.ownerUids ?? []) keys.push(`foreground:${owner}`);
        return keys;
      }
      g.upsert(info, ev.object);
      const keys: string[] = [];
      const fin = ev.object.metadata.finalizers ?? [];
      if (ev.object.metadata.deletionTimestamp) {
        if (fin.includes(FINALIZER_ORPHAN)) keys.push(`orphan:${uid}`);
        if (fin.includes(FINALIZER_FOREGROUND)) keys.push(`foreground:${uid}`);
      }
      if (ev.type === 'ADDED' && (ev.object.metadata.ownerReferences ?? []).length) keys.push(`dangling:${uid}`);
      return keys;
    },
    sync(key: string, ctx: ControllerContext): void {
      const g = graphOf(ctx.api);
      const [kind, uid = ''] = key.split(':');
      const node = g.get(uid);
      if (!node) return;
      const obj = ctx.api.tryGet(node.info, node.namespace, node.name);
      if (!obj || obj.metadata.uid !== uid) return;
      if (kind === 'orphan') orphanDependents(ctx.api, g, obj, node.info);
      else if (kind === 'foreground') deleteDependents(ctx.api, g, obj, node.info);
      else if (kind === 'dangling') deleteIfOwnersGone(ctx.api, g, obj, node.info);
    },
    // attemptToDeleteWorker / attemptToOrphanWorker: HandleError, then the item is requeued
    // rate-limited (the source line is a stand-in).
    syncFailed(f: SyncFailure, ctx: ControllerContext): 'retry' {
      logUnhandledError(klogFor(ctx), 'garbagecollector.go:389', `error syncing item ${f.key}: ${f.message}`);
      return 'retry';
    },
  };
}

function orphanDependents(api: ApiServer, g: OwnerGraph, owner: KubeObject, info: ResourceInfo): void {
  const uid = owner.metadata.uid ?? '';
  if (!(owner.metadata.finalizers ?? []).includes(FINALIZER_ORPHAN)) return;
  for (const d of g.dependentsOf(uid)) {
    api.modify(d.info, d.namespace, d.name, (o) => {
      const refs = (o.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid);
      if (refs.length) o.metadata.ownerReferences = refs;
      else delete o.metadata.ownerReferences;
      return o;
    });
  }
  removeFinalizer(api, info, owner, FINALIZER_ORPHAN);
}

function deleteDependents(api: ApiServer, g: OwnerGraph, owner: KubeObject, info: ResourceInfo): void {
  const uid = owner.metadata.uid ?? '';
  if (!owner.metadata.deletionTimestamp || !(owner.metadata.finalizers ?? []).includes(FINALIZER_FOREGROUND)) return;
  const deps = g.dependentsOf(uid);
  for (const d of deps) {
    const live = api.tryGet(d.info, d.namespace, d.name);
    if (!live || live.metadata.deletionTimestamp) continue;
    api.delete(d.info, d.namespace, d.name, {
      propagationPolicy: d.blockingOwnerUids.includes(uid) ? 'Foreground' : 'Background',
    });
  }
  if (!deps.some((d) => d.blockingOwnerUids.includes(uid))) removeFinalizer(api, info, owner, FINALIZER_FOREGROUND);
}

function deleteIfOwnersGone(api: ApiServer, g: OwnerGraph, obj: KubeObject, info: ResourceInfo): void {
  if (obj.metadata.deletionTimestamp) return;
  const refs = obj.metadata.ownerReferences ?? [];
  if (!refs.length) return;
  // An owner of a kind this cluster does not serve cannot be checked: leave the dependent alone.
  if (refs.some((r) => !findByKind(r.apiVersion, r.kind) || g.has(r.uid))) return;
  api.delete(info, obj.metadata.namespace, obj.metadata.name ?? '', { propagationPolicy: 'Background' });
}

function removeFinalizer(api: ApiServer, info: ResourceInfo, obj: KubeObject, finalizer: string): void {
  api.modify(info, obj.metadata.namespace, obj.metadata.name ?? '', (o) => {
    const f = (o.metadata.finalizers ?? []).filter((x) => x !== finalizer);
    if (f.length) o.metadata.finalizers = f;
    else delete o.metadata.finalizers;
    return o;
  });
}
