import type { ApiServer, WatchEvent } from '../../apiserver/server.js';
import { FINALIZER_FOREGROUND, FINALIZER_ORPHAN } from '../../apiserver/server.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { RESOURCES, type ResourceInfo, findByKind, resourceForKey, storagePrefix } from '../../apiserver/resources.js';
import type { Controller, ControllerContext, SyncFailure } from '../framework/controller.js';
import { klogFor } from '../../logs/klog.js';
import { logUnhandledError } from '../framework/sync-errors.js';
import { type Dependent, OwnerIndex } from './owner-index.js';

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
  const index = new OwnerIndex(WATCHED, listEverything);
  /** where each object this process put on the queue lives (a uid names one object for good) */
  const places = new Map<string, Place>();

  /**
   * Per storage key, what the last event decoded here said: its revision, the object's uid, and
   * the index's mark after it. Only objects whose metadata asks for no work (not being deleted
   * with a finalizer the GC acts on) are kept, so an event with that metadata again
   * (WatchEvent.sameMetadataAs: a status write) puts nothing on the queue, and the index only
   * moves the object to the end of its owners' dependents: no need to decode it.
   */
  const quiet = new Map<string, { revision: number; uid: string; mark: number }>();

  /** The object a key names; one this process has not seen is looked for in every list (rare: a retry from an earlier process). */
  const placeOf = (api: ApiServer, uid: string): Place | undefined => places.get(uid) ?? findByUid(api, uid);

  return {
    name: 'garbage-collector-controller',
    watches: WATCHED,
    keysFor(ev: WatchEvent, ctx: ControllerContext): string[] {
      if (ev.sameMetadataAs !== undefined) {
        const known = quiet.get(ev.key);
        if (known && known.revision === ev.sameMetadataAs && index.touchSeen(ctx.api, ctx.state, known.uid, known.mark)) {
          known.revision = ev.revision;
          return [];
        }
      }
      quiet.delete(ev.key);
      const info = findByKind(ev.object.apiVersion, ev.object.kind);
      const uid = ev.object.metadata.uid;
      if (!info || !uid) return [];
      if (ev.type === 'DELETED') {
        const owners = index.remove(ctx.api, ctx.state, uid);
        const keys: string[] = [];
        for (const d of index.dependentsOf(ctx.api, ctx.state, uid)) {
          const place = placeOfKey(d.key);
          if (place) places.set(d.uid, place);
          keys.push(`dangling:${d.uid}`);
        }
        for (const owner of owners) {
          const place = ownerPlace(ev.object, owner);
          if (place) places.set(owner, place);
          keys.push(`foreground:${owner}`);
        }
        return keys;
      }
      const mark = index.upsert(ctx.api, ctx.state, info, ev.object, ev.type === 'ADDED', ev.type === 'MODIFIED' && ev.sameMetadataAs !== undefined);
      const keys: string[] = [];
      const fin = ev.object.metadata.finalizers ?? [];
      if (ev.object.metadata.deletionTimestamp) {
        if (fin.includes(FINALIZER_ORPHAN)) keys.push(`orphan:${uid}`);
        if (fin.includes(FINALIZER_FOREGROUND)) keys.push(`foreground:${uid}`);
      }
      if (!keys.length) quiet.set(ev.key, { revision: ev.revision, uid, mark });
      if (ev.type === 'ADDED' && (ev.object.metadata.ownerReferences ?? []).length) keys.push(`dangling:${uid}`);
      if (keys.length) places.set(uid, { info, namespace: ev.object.metadata.namespace, name: ev.object.metadata.name ?? '' });
      return keys;
    },
    sync(key: string, ctx: ControllerContext): void {
      const [kind, uid = ''] = key.split(':');
      const place = placeOf(ctx.api, uid);
      if (!place) return;
      const obj = ctx.api.tryGet(place.info, place.namespace, place.name);
      if (!obj || obj.metadata.uid !== uid) return;
      const dependents = () => index.dependentsOf(ctx.api, ctx.state, uid);
      if (kind === 'orphan') orphanDependents(ctx.api, dependents, obj, place.info);
      else if (kind === 'foreground') deleteDependents(ctx.api, dependents, obj, place.info);
      else if (kind === 'dangling') deleteIfOwnersGone(ctx.api, obj, place.info);
    },
    endStep(ctx: ControllerContext): void {
      index.flush(ctx.state);
    },
    relisted(ctx: ControllerContext): void {
      quiet.clear();
      index.drop(ctx.api, ctx.state);
    },
    // attemptToDeleteWorker / attemptToOrphanWorker: HandleError, then the item is requeued
    // rate-limited (the source line is a stand-in).
    syncFailed(f: SyncFailure, ctx: ControllerContext): 'retry' {
      logUnhandledError(klogFor(ctx), 'garbagecollector.go:389', `error syncing item ${f.key}: ${f.message}`);
      return 'retry';
    },
  };
}

/** Where an object lives. */
interface Place {
  info: ResourceInfo;
  namespace: string | undefined;
  name: string;
}

function placeOfKey(key: string): Place | undefined {
  const info = resourceForKey(key);
  if (!info) return undefined;
  const rest = key.slice(storagePrefix(info, undefined).length);
  if (!info.namespaced) return { info, namespace: undefined, name: rest };
  const slash = rest.indexOf('/');
  return slash < 0 ? undefined : { info, namespace: rest.slice(0, slash), name: rest.slice(slash + 1) };
}

/** The owner `uid` of obj, where its ownerReference says it is (a namespaced owner shares obj's namespace). */
function ownerPlace(obj: KubeObject, uid: string): Place | undefined {
  const ref = (obj.metadata.ownerReferences ?? []).find((r) => r.uid === uid);
  const info = ref ? findByKind(ref.apiVersion, ref.kind) : undefined;
  if (!ref || !info || (info.namespaced && !obj.metadata.namespace)) return undefined;
  return { info, namespace: info.namespaced ? obj.metadata.namespace : undefined, name: ref.name };
}

/** Every object the GC watches, resources in WATCHED order, each in key order. */
function listEverything(api: ApiServer): { info: ResourceInfo; object: KubeObject }[] {
  return WATCHED.flatMap((info) => api.list(info, undefined).map((object) => ({ info, object })));
}

function findByUid(api: ApiServer, uid: string): Place | undefined {
  for (const { info, object } of listEverything(api)) {
    if (object.metadata.uid === uid) return { info, namespace: object.metadata.namespace, name: object.metadata.name ?? '' };
  }
  return undefined;
}

function orphanDependents(api: ApiServer, dependents: () => Dependent[], owner: KubeObject, info: ResourceInfo): void {
  const uid = owner.metadata.uid ?? '';
  if (!(owner.metadata.finalizers ?? []).includes(FINALIZER_ORPHAN)) return;
  for (const d of dependents()) {
    const place = placeOfKey(d.key);
    if (!place) continue;
    api.modify(place.info, place.namespace, place.name, (o) => {
      const refs = (o.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid);
      if (refs.length) o.metadata.ownerReferences = refs;
      else delete o.metadata.ownerReferences;
      return o;
    });
  }
  removeFinalizer(api, info, owner, FINALIZER_ORPHAN);
}

function deleteDependents(api: ApiServer, dependents: () => Dependent[], owner: KubeObject, info: ResourceInfo): void {
  const uid = owner.metadata.uid ?? '';
  if (!owner.metadata.deletionTimestamp || !(owner.metadata.finalizers ?? []).includes(FINALIZER_FOREGROUND)) return;
  const deps = dependents();
  for (const d of deps) {
    const place = placeOfKey(d.key);
    if (!place) continue;
    const live = api.tryGet(place.info, place.namespace, place.name);
    if (!live || live.metadata.deletionTimestamp) continue;
    api.delete(place.info, place.namespace, place.name, { propagationPolicy: d.blocking ? 'Foreground' : 'Background' });
  }
  if (!deps.some((d) => d.blocking)) removeFinalizer(api, info, owner, FINALIZER_FOREGROUND);
}

/**
 * Deletes obj in the background when none of its owners exists any more. An owner is looked up
 * where its reference says it is, and must carry the referenced UID (garbagecollector.go's
 * isDangling: a GET of the owner by name, then the UID compared).
 */
function deleteIfOwnersGone(api: ApiServer, obj: KubeObject, info: ResourceInfo): void {
  if (obj.metadata.deletionTimestamp) return;
  const refs = obj.metadata.ownerReferences ?? [];
  if (!refs.length) return;
  // An owner of a kind this cluster does not serve cannot be checked: leave the dependent alone.
  if (refs.some((r) => !findByKind(r.apiVersion, r.kind) || ownerExists(api, obj, r.uid))) return;
  api.delete(info, obj.metadata.namespace, obj.metadata.name ?? '', { propagationPolicy: 'Background' });
}

function ownerExists(api: ApiServer, dependent: KubeObject, uid: string): boolean {
  const place = ownerPlace(dependent, uid);
  // A cluster-scoped object naming a namespaced owner: no namespace to look in, so by UID anywhere.
  if (!place) return findByUid(api, uid) !== undefined;
  return api.tryGet(place.info, place.namespace, place.name)?.metadata.uid === uid;
}

function removeFinalizer(api: ApiServer, info: ResourceInfo, obj: KubeObject, finalizer: string): void {
  api.modify(info, obj.metadata.namespace, obj.metadata.name ?? '', (o) => {
    const f = (o.metadata.finalizers ?? []).filter((x) => x !== finalizer);
    if (f.length) o.metadata.finalizers = f;
    else delete o.metadata.finalizers;
    return o;
  });
}
