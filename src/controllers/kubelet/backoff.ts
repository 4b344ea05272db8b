/**
 * The kubelet's back-offs (client-go util/flowcontrol.Backoff), as pure functions over a stored
 * entry. Two of them run per container: image pulls (key pod UID + image) and restarts
 * (CrashLoopBackOff). Both start at 10 s, double, and stop at 5 min; an entry untouched for
 * twice the maximum (10 min) starts over.
 *
 * Worked example, a container that exits right after every start (times from its first exit;
 * the kubelet looks at an exited container one relist, 1 s, after the exit):
 *
 *   exit 0 at  0 s: at 1 s no entry → restart (entry 10 s, updated at 1 s); it exits at once
 *   exit 1 at  1 s: at 2 s, 1 s since exit < 10 s → CrashLoopBackOff "back-off 10s"; restart at 11 s (entry 20 s)
 *   exit 2 at 11 s: back-off 20 s → restart at 31 s (entry 40 s)
 *   exit 3 at 31 s: back-off 40 s → restart at 71 s ... and so on up to 5m0s.
 *
 * A container that ran for more than 10 minutes since the entry was last updated restarts at
 * once again, with the back-off back at 10 s.
 */

/** kubelet's backOffPeriod: the first back-off of pulls and restarts. */
export const INITIAL_BACKOFF_MS = 10_000;
/** kubelet's MaxContainerBackOff. */
export const MAX_BACKOFF_MS = 300_000;

export interface BackoffEntry {
  /** the current back-off */
  delayMs: number;
  /** when the entry was last moved on (flowcontrol's lastUpdate) */
  updatedMs: number;
}

/** hasExpired: an entry not updated for 2 × max is forgotten. */
export function backoffExpired(entry: BackoffEntry, eventMs: number): boolean {
  return eventMs - entry.updatedMs > 2 * MAX_BACKOFF_MS;
}

/**
 * Next(): the first failure (or one after expiry) gets 10 s, every further one doubles, up to
 * 5 min. `eventMs` is when the failure happened, `nowMs` when the kubelet records it.
 */
export function nextBackoff(entry: BackoffEntry | undefined, eventMs: number, nowMs: number): BackoffEntry {
  if (!entry || backoffExpired(entry, eventMs)) return { delayMs: INITIAL_BACKOFF_MS, updatedMs: nowMs };
  return { delayMs: Math.min(entry.delayMs * 2, MAX_BACKOFF_MS), updatedMs: nowMs };
}

/** IsInBackOffSince(eventMs): still inside the back-off that started at eventMs (the container's exit). */
export function inBackoffSince(entry: BackoffEntry | undefined, eventMs: number, nowMs: number): boolean {
  if (!entry || backoffExpired(entry, eventMs)) return false;
  return nowMs - eventMs < entry.delayMs;
}

/** IsInBackOffSinceUpdate(now): inside the back-off counted from the entry's last update (image pulls). */
export function inBackoffSinceUpdate(entry: BackoffEntry | undefined, nowMs: number): boolean {
  if (!entry || backoffExpired(entry, nowMs)) return false;
  return nowMs - entry.updatedMs < entry.delayMs;
}
