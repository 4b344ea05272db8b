import { asNamespace } from '../../api/core/v1/namespace.js';
import type { WatchEvent } from '../../apiserver/server.js';
import { RESOURCES, findByKind, storagePrefix } from '../../apiserver/resources.js';
import type { Controller, ControllerContext, SyncFailure } from '../framework/controller.js';
import { klogFor } from '../../logs/klog.js';
import { logUnhandledError } from '../framework/sync-errors.js';

/** The finalizer kube-apiserver puts in every namespace's spec. */
export const NAMESPACE_FINALIZER = 'kubernetes';

const NAMESPACE = findByKind('v1', 'Namespace')!;
const NAMESPACED = RESOURCES.filter((r) => r.namespaced);
const NAMESPACES_PREFIX = storagePrefix(NAMESPACE, undefined);

/**
 * The namespace controller (pkg/controller/namespace): a namespace being deleted stays
 * Terminating until everything in it is gone; then its `kubernetes` finalizer is removed through
 * the finalize subresource and it goes away. Key: the namespace name.
 */
export function namespaceController(): Controller {
  return {
    name: 'namespace-controller',
    watches: [NAMESPACE, ...NAMESPACED],
    keysFor(ev: WatchEvent, ctx: ControllerContext): string[] {
      // By key first: the other objects' changes (a crash loop's Events) need not be decoded here.
      if (ev.key.startsWith(NAMESPACES_PREFIX)) return ev.object.metadata.deletionTimestamp ? [ev.object.metadata.name ?? ''] : [];
      if (ev.type !== 'DELETED') return [];
      const ns = ev.object.metadata.namespace;
      if (!ns) return [];
      const owner = ctx.api.tryGet(NAMESPACE, undefined, ns);
      return owner?.metadata.deletionTimestamp ? [ns] : [];
    },
    sync(name: string, ctx: ControllerContext): void {
      const ns = ctx.api.tryGet(NAMESPACE, undefined, name);
      if (!ns?.metadata.deletionTimestamp) return;
      let remaining = 0;
      for (const info of NAMESPACED) {
        for (const o of ctx.api.list(info, name)) {
          remaining++;
          if (!o.metadata.deletionTimestamp) ctx.api.delete(info, name, o.metadata.name ?? '', { propagationPolicy: 'Background' });
        }
      }
      if (remaining > 0) return;
      const finalizers = asNamespace(ns).spec?.finalizers ?? [];
      if (!finalizers.includes(NAMESPACE_FINALIZER)) return;
      ctx.api.finalizeNamespace(
        NAMESPACE,
        name,
        finalizers.filter((f) => f !== NAMESPACE_FINALIZER),
      );
    },
    // processNextWorkItem: anything but content still being deleted goes to HandleError, and the
    // namespace is retried with the rate-limited back-off (the source line is a stand-in).
    syncFailed(f: SyncFailure, ctx: ControllerContext): 'retry' {
      logUnhandledError(klogFor(ctx), 'namespace_controller.go:162', `deletion of namespace ${f.key} failed: ${f.message}`);
      return 'retry';
    },
  };
}
