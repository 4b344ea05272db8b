/**
 * The scheduling queue's retry timing (pkg/scheduler/backend/queue): a pod that failed waits
 * in the unschedulable pool until a cluster event might help it (a node added or changed, a pod
 * deleted); it is then retried once its backoff has passed, and at the latest after 5 minutes.
 */

/** podInitialBackoffSeconds */
export const INITIAL_BACKOFF_MS = 1000;
/** podMaxBackoffSeconds */
export const MAX_BACKOFF_MS = 10_000;
/** podMaxInUnschedulablePodsDuration: the longest a failed pod waits for a helpful event. */
export const MAX_UNSCHEDULABLE_MS = 5 * 60 * 1000;

/**
 * The backoff after the n-th failed attempt: 1 s doubling, capped at 10 s.
 * 1 → 1 s, 2 → 2 s, 3 → 4 s, 4 → 8 s, 5 and later → 10 s.
 */
export function backoffMs(attempts: number): number {
  if (attempts <= 0) return 0;
  return Math.min(INITIAL_BACKOFF_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS);
}

/** What the scheduler remembers about a pod it could not place. */
export interface PendingPod {
  uid: string;
  attempts: number;
  /** cluster time before which a retry waits */
  backoffUntilMs: number;
  /** the pod's spec and labels when it failed: only a change there is worth an immediate retry */
  fingerprint: string;
}
