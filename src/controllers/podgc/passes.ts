/**
 * When upstream's Pod GC runs, on cluster time.
 *
 * kube-controller-manager's pod-garbage-collector-controller (pkg/controller/podgc) runs one pass,
 * gc(), every gcCheckPeriod (20 s) from its start; a pod bound to a node its informer does not know
 * puts that node in quarantine for quarantineTime (40 s), and a later pass that finds the node
 * still missing (a GET says NotFound) deletes its pods. kubemu runs no pass that cannot change
 * anything: it schedules only the passes that act, at the instants where upstream's would.
 *
 * The passes fall on the controller-manager's start (the cluster's epoch) plus multiples of 20 s.
 * Worked numbers, a virtual cluster created at 19:00:00:
 *
 *   node deleted at 19:03:07   first pass that sees its pods' node missing: 19:03:20
 *                              (quarantined until 19:03:20 + 40 s = 19:04:00)
 *   pass at 19:03:40           the node is still quarantined: nothing (not a step here)
 *   pass at 19:04:00           the quarantine is over, GET says NotFound: its pods are marked
 *                              Failed (DisruptionTarget DeletionByPodGC) and deleted
 *
 * so a deleted node's pods go between 40 and 60 s after it. (Upstream's delaying queue makes the
 * node ready 40 s after the AddAfter inside the pass at 19:03:20, a little before the pass that
 * starts 40 s after that one's start plus its own duration: the pass at 19:04:00 finds it ready.)
 */

/** gcCheckPeriod: how often the controller's main loop runs. */
export const GC_CHECK_PERIOD_MS = 20_000;
/** quarantineTime: how long a node missing from the informer waits before the GET that confirms it is gone. */
export const QUARANTINE_MS = 40_000;
/** kube-controller-manager's default --terminated-pod-gc-threshold. */
export const TERMINATED_POD_GC_THRESHOLD = 12_500;

/**
 * The first pass at or after t, for a controller-manager started at epochMs:
 * epoch 19:00:00, t 19:03:07.001 → 19:03:20; t 19:03:20 → 19:03:20 (the pass of that instant).
 */
export function passAtOrAfter(t: number, epochMs: number): number {
  const periods = Math.ceil((t - epochMs) / GC_CHECK_PERIOD_MS);
  return epochMs + Math.max(0, periods) * GC_CHECK_PERIOD_MS;
}

/** When a node first seen missing at t is found gone: the pass that quarantines it, plus 40 s. */
export function quarantineEndsAt(t: number, epochMs: number): number {
  return passAtOrAfter(t, epochMs) + QUARANTINE_MS;
}
