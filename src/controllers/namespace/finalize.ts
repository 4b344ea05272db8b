import type { ApiServer } from '../../apiserver/server.js';
import { RESOURCES, findByKind } from '../../apiserver/resources.js';

/** The finalizer kube-apiserver puts in every namespace's spec. */
export const NAMESPACE_FINALIZER = 'kubernetes';

/**
 * The namespace controller (pkg/controller/namespace): a namespace being deleted is Terminating
 * until everything in it is gone; then its `kubernetes` finalizer is removed and it goes away.
 */
export function finalizeNamespaces(api: ApiServer): void {
  const nsInfo = findByKind('v1', 'Namespace');
  if (!nsInfo) return;
  for (const ns of api.list(nsInfo, undefined)) {
    if (!ns.metadata.deletionTimestamp) continue;
    const name = ns.metadata.name ?? '';
    let remaining = 0;
    for (const info of RESOURCES) {
      if (!info.namespaced) continue;
      for (const o of api.list(info, name)) {
        remaining++;
        if (!o.metadata.deletionTimestamp) api.delete(info, name, o.metadata.name ?? '', { propagationPolicy: 'Background' });
      }
    }
    if (remaining > 0) continue;
    const finalizers = ((ns['spec'] ?? {}) as { finalizers?: string[] }).finalizers ?? [];
    if (!finalizers.includes(NAMESPACE_FINALIZER)) continue;
    api.finalizeNamespace(
      nsInfo,
      name,
      finalizers.filter((f) => f !== NAMESPACE_FINALIZER),
    );
  }
}
