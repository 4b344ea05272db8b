import type { Pod } from '../../api/core/v1/pod.js';
import { POD_PHASE } from '../../api/core/v1/pod.js';

/**
 * gcTerminated: once more pods than the threshold have terminated (phase neither Pending, Running
 * nor Unknown), the excess goes, evicted pods first, then the oldest by creation, names breaking
 * ties (byEvictionAndCreationTimestamp). With the default 12,500 and 12,503 terminated pods,
 * the 3 first in that order are deleted; at 12,500 or fewer, none.
 */

/** isPodTerminated: a phase that is none of Pending, Running, Unknown (an empty phase counts too). */
export function isPodTerminated(pod: Pod): boolean {
  const phase = pod.status?.phase ?? '';
  return phase !== POD_PHASE.Pending && phase !== POD_PHASE.Running && phase !== POD_PHASE.Unknown;
}

/** eviction.PodIsEvicted: Failed with reason Evicted (the kubelet's node-pressure eviction). */
export function isPodEvicted(pod: Pod): boolean {
  return pod.status?.phase === POD_PHASE.Failed && pod.status.reason === 'Evicted';
}

/** byEvictionAndCreationTimestamp's Less. */
export function evictedThenOldest(a: Pod, b: Pod): number {
  const ea = isPodEvicted(a);
  const eb = isPodEvicted(b);
  if (ea !== eb) return ea ? -1 : 1;
  const ta = Date.parse(a.metadata.creationTimestamp ?? '') || 0;
  const tb = Date.parse(b.metadata.creationTimestamp ?? '') || 0;
  if (ta !== tb) return ta - tb;
  const na = a.metadata.name ?? '';
  const nb = b.metadata.name ?? '';
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/** The terminated pods to delete so that at most `threshold` remain; none when threshold ≤ 0 (disabled). */
export function terminatedPodsToDelete(pods: readonly Pod[], threshold: number): Pod[] {
  if (threshold <= 0) return [];
  const terminated = pods.filter(isPodTerminated);
  const excess = terminated.length - threshold;
  if (excess <= 0) return [];
  return terminated.sort(evictedThenOldest).slice(0, excess);
}
