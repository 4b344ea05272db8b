import type { ApiServer } from '../../apiserver/server.js';
import { FINALIZER_FOREGROUND, FINALIZER_ORPHAN } from '../../apiserver/server.js';
import type { KubeObject, OwnerReference } from '../../apiserver/object.js';
import { RESOURCES, type ResourceInfo, findByKind } from '../../apiserver/resources.js';

/**
 * The garbage collector (pkg/controller/garbagecollector), reduced to its effects:
 * - an object with the `orphan` finalizer: its dependents lose their ownerReference to it, then
 *   the finalizer goes (and with it the object);
 * - an object with `foregroundDeletion`: its dependents are deleted (foreground too, when they
 *   block owner deletion); when none is left, the finalizer goes;
 * - an object whose owners are all gone (background deletion): it is deleted in the background.
 */
export function garbageCollect(api: ApiServer): void {
  const all: { info: ResourceInfo; obj: KubeObject }[] = [];
  for (const info of RESOURCES) {
    if (info.kind === 'Event') continue;
    for (const obj of api.list(info, undefined)) all.push({ info, obj });
  }
  const byUid = new Map<string, { info: ResourceInfo; obj: KubeObject }>();
  for (const e of all) if (e.obj.metadata.uid) byUid.set(e.obj.metadata.uid, e);
  const dependentsOf = (uid: string) =>
    all.filter((d) => (d.obj.metadata.ownerReferences ?? []).some((r) => r.uid === uid));

  for (const { info, obj } of all) {
    const m = obj.metadata;
    const fin = m.finalizers ?? [];
    if (!m.deletionTimestamp) continue;
    if (fin.includes(FINALIZER_ORPHAN)) {
      for (const d of dependentsOf(m.uid ?? '')) {
        api.modify(d.info, d.obj.metadata.namespace, d.obj.metadata.name ?? '', (o) => {
          const refs = (o.metadata.ownerReferences ?? []).filter((r) => r.uid !== m.uid);
          if (refs.length) o.metadata.ownerReferences = refs;
          else delete o.metadata.ownerReferences;
          return o;
        });
      }
      removeFinalizer(api, info, obj, FINALIZER_ORPHAN);
    } else if (fin.includes(FINALIZER_FOREGROUND)) {
      const deps = dependentsOf(m.uid ?? '');
      for (const d of deps) {
        if (d.obj.metadata.deletionTimestamp) continue;
        const blocking = (d.obj.metadata.ownerReferences ?? []).some((r) => r.uid === m.uid && r.blockOwnerDeletion);
        api.delete(d.info, d.obj.metadata.namespace, d.obj.metadata.name ?? '', {
          propagationPolicy: blocking ? 'Foreground' : 'Background',
        });
      }
      const stillBlocking = deps.some((d) =>
        (d.obj.metadata.ownerReferences ?? []).some((r) => r.uid === m.uid && r.blockOwnerDeletion),
      );
      if (!stillBlocking || deps.every((d) => !api.tryGet(d.info, d.obj.metadata.namespace, d.obj.metadata.name ?? ''))) {
        removeFinalizer(api, info, obj, FINALIZER_FOREGROUND);
      }
    }
  }

  for (const { info, obj } of all) {
    const refs = obj.metadata.ownerReferences ?? [];
    if (!refs.length || obj.metadata.deletionTimestamp) continue;
    if (refs.every((r) => ownerGone(r, obj, byUid))) {
      if (api.tryGet(info, obj.metadata.namespace, obj.metadata.name ?? '')) {
        api.delete(info, obj.metadata.namespace, obj.metadata.name ?? '', { propagationPolicy: 'Background' });
      }
    }
  }
}

/** An owner is gone when no object has its uid (a namespaced owner is looked up in the dependent's namespace). */
function ownerGone(ref: OwnerReference, _dep: KubeObject, byUid: Map<string, { obj: KubeObject }>): boolean {
  if (!findByKind(ref.apiVersion, ref.kind)) return false;
  return !byUid.has(ref.uid);
}

function removeFinalizer(api: ApiServer, info: ResourceInfo, obj: KubeObject, finalizer: string): void {
  const current = api.tryGet(info, obj.metadata.namespace, obj.metadata.name ?? '');
  if (!current) return;
  api.modify(info, obj.metadata.namespace, obj.metadata.name ?? '', (o) => {
    const f = (o.metadata.finalizers ?? []).filter((x) => x !== finalizer);
    if (f.length) o.metadata.finalizers = f;
    else delete o.metadata.finalizers;
    return o;
  });
}
