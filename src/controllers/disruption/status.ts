/**
 * The budget's status from its pods (buildDisruptedPodMap, countHealthyPods, updatePdbStatus in
 * pkg/controller/disruption/disruption.go), as pure functions of the pods and the clock.
 *
 * disruptedPods: the eviction API records each pod it is about to delete with the time; the
 * controller does not count such a pod as healthy for DeletionTimeout (2 minutes), so that the
 * allowance it spent is not given back before the pod is gone. A pod still there (not being
 * deleted) 2 minutes later was not deleted after all: it leaves the map (a NotDeleted event) and
 * counts again. The map is rechecked once, at the earliest expiry, not on a period.
 *
 * E.g. 3 ready pods, minAvailable 2: currentHealthy 3, desiredHealthy 2, disruptionsAllowed 1.
 * pod-a evicted at 19:00:05: while it terminates it is being deleted (not counted): 2 healthy, 0
 * allowed. Its replacement Ready at 19:00:12: 3 healthy, 1 allowed again.
 */
import type { PodDisruptionBudgetStatus } from '../../api/policy/v1/pod-disruption-budget.js';

/** DeletionTimeout: how long an evicted pod that is not being deleted is still counted as disrupted. */
export const DELETION_TIMEOUT_MS = 2 * 60 * 1000;

/** A pod as the status computation reads it. */
export interface StatusPod {
  name: string;
  /** metadata.deletionTimestamp is set */
  deleting: boolean;
  /** the Ready condition is True */
  ready: boolean;
}

export interface DisruptedPodMap {
  /** the entries still in force */
  kept: Record<string, string>;
  /** the earliest instant one of them expires (the recheck), if any */
  recheckMs: number | undefined;
  /** pods whose entry expired while they were not being deleted (the NotDeleted events) */
  notDeleted: string[];
}

/**
 * buildDisruptedPodMap: a pod being deleted, or gone, drops out of the map; one whose 2 minutes
 * have passed drops out with a NotDeleted event. Upstream keeps an entry at the very instant it
 * expires (it tests `expectedDeletion.Before(now)`) and counts its pod healthy there
 * (countHealthyPods: `.After(now)` is false): it drops it at the next sync, which a real clock
 * puts a moment later. On a simulated clock the recheck runs at that instant exactly, so the
 * entry is taken as expired there (a nanosecond earlier than upstream), else the recheck would
 * find it again and again at the same instant.
 */
export function buildDisruptedPodMap(pods: readonly StatusPod[], disrupted: Readonly<Record<string, string>> | undefined, nowMs: number): DisruptedPodMap {
  const kept: Record<string, string> = {};
  let recheckMs: number | undefined;
  const notDeleted: string[] = [];
  if (!disrupted) return { kept, recheckMs, notDeleted };
  for (const pod of pods) {
    if (pod.deleting) continue;
    const at = disrupted[pod.name];
    if (at === undefined) continue;
    const expectedDeletionMs = Date.parse(at) + DELETION_TIMEOUT_MS;
    if (expectedDeletionMs <= nowMs) {
      notDeleted.push(pod.name);
      continue;
    }
    if (recheckMs === undefined || expectedDeletionMs < recheckMs) recheckMs = expectedDeletionMs;
    kept[pod.name] = at;
  }
  return { kept, recheckMs, notDeleted };
}

/** countHealthyPods: Ready pods that are not being deleted and not in the disrupted map. */
export function countHealthyPods(pods: readonly StatusPod[], kept: Readonly<Record<string, string>>, nowMs: number): number {
  let healthy = 0;
  for (const pod of pods) {
    if (pod.deleting) continue;
    const at = kept[pod.name];
    if (at !== undefined && Date.parse(at) + DELETION_TIMEOUT_MS > nowMs) continue;
    if (pod.ready) healthy++;
  }
  return healthy;
}

/**
 * updatePdbStatus's numbers: disruptionsAllowed = currentHealthy - desiredHealthy, but 0 when it
 * is negative or when the budget expects no pods (a budget whose first pods appear before the
 * controller has counted them must not allow anything). 3 healthy, 2 desired: 1; 2 and 2: 0.
 */
export function disruptionsAllowed(currentHealthy: number, desiredHealthy: number, expectedCount: number): number {
  const allowed = currentHealthy - desiredHealthy;
  return expectedCount <= 0 || allowed <= 0 ? 0 : allowed;
}

/** The status fields the controller computes (the condition is set by the caller). */
export function computedStatus(
  counts: { currentHealthy: number; desiredHealthy: number; expectedCount: number },
  kept: Readonly<Record<string, string>>,
  generation: number,
): PodDisruptionBudgetStatus {
  const status: PodDisruptionBudgetStatus = {
    observedGeneration: generation,
    disruptionsAllowed: disruptionsAllowed(counts.currentHealthy, counts.desiredHealthy, counts.expectedCount),
    currentHealthy: counts.currentHealthy,
    desiredHealthy: counts.desiredHealthy,
    expectedPods: counts.expectedCount,
  };
  // Go field order: observedGeneration, disruptedPods (omitempty: an empty map is left out), ...
  return Object.keys(kept).length ? { observedGeneration: generation, disruptedPods: { ...kept }, ...status } : status;
}
