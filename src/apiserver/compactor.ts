import type { Keyspace } from '../storage/keyspace.js';

/**
 * kube-apiserver's compactor (staging/src/k8s.io/apiserver/pkg/storage/etcd3/compact.go), on
 * cluster time: every --etcd-compaction-interval (5 minutes by default) it compacts the revision
 * log to the revision it saw at its previous tick, so at least one interval of history stays for
 * watches that are behind (another process's `get -w`, `etcdctl watch --rev` of the last
 * minutes), and it does not compact on its first tick ("we don't compact on bootstrap").
 *
 * Unlike kube-apiserver, whose informers re-list after a compaction passed them, kubemu's
 * control plane keeps its informers' cursors in the file: the compaction never goes past the
 * oldest of them (`keepAfter`), so no informer ever needs the relist.
 *
 * The compactor has no timer of its own: it runs inside a step that happens anyway (see
 * ControlPlane.runDue), so an idle cluster, where nothing is written and the log does not grow,
 * costs no step for it. A step an interval or more after the last tick ticks; if no step comes
 * for days, the next one ticks once.
 */
export const COMPACTION_INTERVAL_MS = 5 * 60 * 1000;

/** meta: the cluster time of the compactor's last tick */
const TICK_KEY = 'compactor_tick_ms';
/** meta: the revision the last tick saw, which the next tick compacts to */
const PENDING_KEY = 'compactor_pending_revision';

/**
 * Ticks when an interval has passed since the last tick (at `nowMs`, in the caller's write
 * transaction): compacts to the revision of the previous tick, at most `keepAfter`, and remembers
 * the current revision for the next tick. Returns the revision compacted to, if any.
 */
export function compactIfDue(store: Keyspace, nowMs: number, keepAfter: number): number | undefined {
  const last = store.getMeta(TICK_KEY);
  if (last !== undefined && nowMs < Number(last) + COMPACTION_INTERVAL_MS) return undefined;
  const pending = Number(store.getMeta(PENDING_KEY) ?? '0');
  const target = Math.min(pending, keepAfter);
  let compacted: number | undefined;
  if (target > store.compactedRevision()) {
    store.compact(target);
    compacted = target;
  }
  store.setMeta(TICK_KEY, String(nowMs));
  store.setMeta(PENDING_KEY, String(store.revision()));
  return compacted;
}
