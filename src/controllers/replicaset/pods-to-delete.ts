import type { KubeObject } from '../../api/meta/v1.js';
import { POD_DELETION_COST_ANNOTATION } from '../../api/core/v1/annotation-keys.js';
import { isPodActive, isPodReady, maxRestarts, podCreatedMs, podNodeName, podPhase, podReadySinceMs } from '../../api/core/v1/pod-util.js';

/** Phases in the order their pods are deleted: Pending first, Running last; others count as Pending. */
const PHASE_ORDINAL: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/**
 * The pod-deletion-cost annotation as upstream reads it: an int32 in plain decimal. "+10",
 * "008", "1.5", "abc" and values beyond int32 are invalid and count as 0, like a missing one.
 * "-5" → -5, "0" → 0, "2147483648" → 0.
 */
export function deletionCost(pod: KubeObject): number {
  const v = pod.metadata.annotations?.[POD_DELETION_COST_ANNOTATION];
  if (v === undefined) return 0;
  if (!/^(-[0-9]+|0|[1-9][0-9]*)$/.test(v)) return 0;
  const n = Number(v);
  return n < -2147483648 || n > 2147483647 ? 0 : n;
}

/**
 * How many nanoseconds ago t was, on a log2 scale: floor(log2(now − t)), or −1 when t is not in
 * the past. Ages within a factor of two land in the same bucket, so a scale-down does not
 * prefer one pod over another for being a few seconds younger when both are hours old.
 * Worked example: 3 s old → log2(3e9) = 31.48 → 31; 11 s old → log2(1.1e10) = 33.36 → 33.
 */
export function logAgeBucket(tMs: number, nowMs: number): number {
  const ns = (nowMs - tMs) * 1e6;
  return ns > 0 ? Math.floor(Math.log2(ns)) : -1;
}

/**
 * One pod with everything the comparator reads, computed once per scale-down: a sort of 1,000
 * pods makes ~10,000 comparisons, and reading conditions, restart counts and timestamps in each
 * of them cost more than the sort itself. The values are exactly what the rules read.
 */
export interface RankedPod {
  pod: KubeObject;
  /** active related pods on the same node (the pod itself included) */
  rank: number;
  node: string;
  phase: number;
  ready: boolean;
  cost: number;
  /** the Ready condition's time when Ready (podReadySinceMs), and its log2 age bucket */
  readySince: number | undefined;
  readyBucket: number;
  containerRestarts: number;
  sidecarRestarts: number;
  created: number | undefined;
  createdBucket: number;
  uid: string;
}

/** The comparator's view of a pod at nowMs, `rank` related pods on its node. */
export function rankPod(pod: KubeObject, rank: number, nowMs: number): RankedPod {
  const ready = isPodReady(pod);
  const readySince = ready ? podReadySinceMs(pod) : undefined;
  const created = podCreatedMs(pod);
  const restarts = maxRestarts(pod);
  return {
    pod,
    rank,
    node: podNodeName(pod),
    phase: PHASE_ORDINAL[podPhase(pod)] ?? 0,
    ready,
    cost: deletionCost(pod),
    readySince,
    readyBucket: readySince === undefined ? 0 : logAgeBucket(readySince, nowMs),
    containerRestarts: restarts.containers,
    sidecarRestarts: restarts.sidecars,
    created,
    createdBucket: created === undefined ? 0 : logAgeBucket(created, nowMs),
    uid: pod.metadata.uid ?? '',
  };
}

/**
 * ActivePodsWithRanks.Less: whether a is deleted before b. The first rule that tells them apart
 * decides:
 *   1. not scheduled before scheduled;
 *   2. Pending < Unknown < Running;
 *   3. not Ready before Ready;
 *   4. lower pod-deletion-cost first;
 *   5. more related pods on the same node first;
 *   6. both Ready: Ready for a shorter time first (log2 buckets; same bucket → lower UID);
 *   7. more container restarts first (regular containers, then sidecars);
 *   8. created more recently first (log2 buckets; same bucket → lower UID).
 */
export function deleteBefore(a: RankedPod, b: RankedPod): number {
  const na = a.node;
  const nb = b.node;
  if (na !== nb && (na === '' || nb === '')) return na === '' ? -1 : 1;
  if (a.phase !== b.phase) return a.phase - b.phase;
  const ra = a.ready;
  const rb = b.ready;
  if (ra !== rb) return ra ? 1 : -1;
  if (a.cost !== b.cost) return a.cost - b.cost;
  if (a.rank !== b.rank) return b.rank - a.rank;
  if (ra && rb) {
    const c = newerFirst(a.readySince, b.readySince, a.readyBucket, b.readyBucket, a.uid, b.uid);
    if (c !== 0) return c;
  }
  if (a.containerRestarts !== b.containerRestarts) return b.containerRestarts - a.containerRestarts;
  if (a.sidecarRestarts !== b.sidecarRestarts) return b.sidecarRestarts - a.sidecarRestarts;
  return newerFirst(a.created, b.created, a.createdBucket, b.createdBucket, a.uid, b.uid);
}

/**
 * Orders two times "more recent first", a zero (absent) time counting as the most recent.
 * Equal times do not decide; times in the same log2 age bucket are ordered by UID instead.
 */
function newerFirst(ta: number | undefined, tb: number | undefined, ba: number, bb: number, ua: string, ub: string): number {
  if (ta === tb) return 0;
  if (ta === undefined || tb === undefined) return ta === undefined ? -1 : 1;
  const diff = ba - bb;
  if (diff === 0) return ua < ub ? -1 : ua > ub ? 1 : 0;
  return diff;
}

/**
 * getPodsToDelete: which n of the active pods a scale-down removes. With n equal to all of them
 * no ranking is needed. `related` are the pods of every ReplicaSet under the same controller (a
 * Deployment's old and new ReplicaSets); a ReplicaSet without a controller has none, so rule 5
 * never decides for it. Upstream's sort is not stable; kubemu sorts stably by name first so a
 * seeded cluster always picks the same pods.
 */
export function podsToDelete(
  active: readonly KubeObject[],
  related: readonly KubeObject[],
  n: number,
  nowMs: number,
): KubeObject[] {
  if (n >= active.length) return [...active];
  const onNode = new Map<string, number>();
  for (const p of related) {
    if (!isPodActive(p)) continue;
    const node = podNodeName(p);
    onNode.set(node, (onNode.get(node) ?? 0) + 1);
  }
  const ranked: RankedPod[] = [...active]
    .sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1))
    .map((pod) => rankPod(pod, onNode.get(podNodeName(pod)) ?? 0, nowMs));
  ranked.sort(deleteBefore);
  return ranked.slice(0, n).map((r) => r.pod);
}
