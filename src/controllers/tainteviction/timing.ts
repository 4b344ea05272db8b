/**
 * When a pod on a NoExecute-tainted node is deleted (pkg/controller/tainteviction
 * processPodOnNode and getMinTolerationTime), as pure decisions the controller then carries out.
 *
 * Worked example: a pod with the default tolerations (not-ready and unreachable, Exists,
 * NoExecute, 300 s) on a node that gets `node.kubernetes.io/unreachable:NoExecute` at 19:10:00:
 * every taint tolerated, the shortest tolerationSeconds 300 → deletion scheduled at 19:15:00,
 * created at 19:10:00. At 19:12:00 a second NoExecute taint `maintenance=true` the pod does not
 * tolerate → not all tolerated: the scheduled deletion is cancelled and the pod deleted at once.
 * Had the unreachable taint gone at 19:12:00 instead, no NoExecute taint is left and the deletion
 * is cancelled. A toleration without tolerationSeconds tolerates forever (no deletion); one with
 * tolerationSeconds ≤ 0 means at once.
 */
import type { Taint, Toleration } from '../../api/core/v1/taint.js';
import { TAINT_EFFECT_NO_EXECUTE, matchingTolerations } from '../../api/core/v1/toleration.js';

/** The eviction a pod has in the controller's queue: one waiting, or one already carried out. */
export type ScheduledEviction = { createdAtMs: number; fireAtMs: number } | { doneAtMs: number };

/** What processPodOnNode decides: cancel what is scheduled (if anything), then maybe add work. */
export interface EvictionDecision {
  cancel: boolean;
  add?: { createdAtMs: number; fireAtMs: number };
}

/** getNoExecuteTaints. */
export function noExecuteTaints(taints: readonly Taint[] | undefined): Taint[] {
  return (taints ?? []).filter((t) => t.effect === TAINT_EFFECT_NO_EXECUTE);
}

/**
 * getMinTolerationTime in ms: 0 without tolerations or when one has tolerationSeconds ≤ 0, the
 * smallest tolerationSeconds otherwise, -1 (forever) when none has tolerationSeconds.
 * Example: [300 s, none, 60 s] → 60,000; [none] → -1; [300 s, 0 s] → 0.
 */
export function minTolerationMs(used: readonly Toleration[]): number {
  if (used.length === 0) return 0;
  let min = Infinity;
  for (const t of used) {
    if (typeof t.tolerationSeconds !== 'number') continue;
    if (t.tolerationSeconds <= 0) return 0;
    if (t.tolerationSeconds < min) min = t.tolerationSeconds;
  }
  return min === Infinity ? -1 : min * 1000;
}

/**
 * processPodOnNode for a pod whose node has these NoExecute taints (never empty here: a node
 * without them has no entry). An eviction already waiting stays as it is: upstream re-creates it
 * only when it was created at this very instant, which its real clock never shows twice; one
 * already carried out is kept (AddWork skips a key it has) unless the pod no longer tolerates a
 * taint or tolerates them all forever, which clear it.
 */
export function decideEviction(taints: readonly Taint[], tolerations: readonly Toleration[], existing: ScheduledEviction | undefined, nowMs: number): EvictionDecision {
  if (taints.length === 0) return { cancel: true };
  const { allTolerated, used } = matchingTolerations(taints, tolerations);
  if (!allTolerated) return { cancel: true, add: { createdAtMs: nowMs, fireAtMs: nowMs } };
  const min = minTolerationMs(used);
  if (min < 0) return { cancel: true };
  if (existing) return { cancel: false };
  return { cancel: false, add: { createdAtMs: nowMs, fireAtMs: nowMs + min } };
}
