import type { Keyspace } from '../storage/keyspace.js';

/**
 * kube-apiserver's compactor (staging/src/k8s.io/apiserver/pkg/storage/etcd3/compact.go), on
 * cluster time: every --etcd-compaction-interval (5 minutes by default) it compacts the revision
 * log so that "it will only contain keys set during last interval": a watch that looks at the
 * log at least once per interval (another process's `get -w`, an `etcdctl watch --rev` of the
 * last minutes) never meets the compaction.
 *
 * kube-apiserver compacts at each tick to the revision it saw at the previous one, on a real
 * timer. kubemu's compactor has no timer of its own: it runs inside a step that happens anyway
 * (see ControlPlane.runDue), so an idle cluster, where nothing is written and the log does not
 * grow, costs no step for it. Ticks are therefore as sparse as the steps, and a tick compacts to
 * the last write made an interval or more before it (the log's time), which is where
 * kube-apiserver's ticks in between would have got to.
 *
 * Unlike kube-apiserver, whose informers relist after a compaction passed them, kubemu's control
 * plane keeps its informers' cursors in the file: the compaction never goes past the oldest of
 * them (`keepAfter`), so no informer ever needs the relist.
 */
export const COMPACTION_INTERVAL_MS = 5 * 60 * 1000;

/** meta: the cluster time of the compactor's last tick */
const TICK_KEY = 'compactor_tick_ms';

/**
 * Ticks when an interval has passed since the last tick (at `nowMs`, in the caller's write
 * transaction): compacts the log to its last write made by `nowMs - interval`, at most to
 * `keepAfter` (read at a tick only: the oldest revision a reader of the log still needs).
 * Returns the revision compacted to, if any.
 */
export function compactIfDue(store: Keyspace, nowMs: number, keepAfter: () => number): number | undefined {
  const last = store.getMeta(TICK_KEY);
  if (last !== undefined && nowMs < Number(last) + COMPACTION_INTERVAL_MS) return undefined;
  store.setMeta(TICK_KEY, String(nowMs));
  const target = Math.min(store.revisionAt(nowMs - COMPACTION_INTERVAL_MS), keepAfter());
  if (target <= store.compactedRevision()) return undefined;
  store.compact(target);
  return target;
}
