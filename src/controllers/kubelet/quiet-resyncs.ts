import { DELAYS, runStep, stepFor, type ContainerEnv, type KubeletEvent, type StepResult } from './lifecycle.js';
import { sameExcept, withoutDue, type ContainerMemory } from './memory.js';
import { nextProbeMs } from './probing.js';

/**
 * Back-off resyncs that write nothing are not steps. A container in CrashLoopBackOff (or
 * ImagePullBackOff) is synced again every 10 s until its back-off is over, and each resync
 * records a BackOff event and changes nothing else. The recorder's spam filter
 * (framework/events/spam-filter.ts) drops every event about the pod before the instant its
 * token bucket has a token again, and a dropped event changes nothing but the logger's count.
 * So every resync before that instant is quiet, known in advance: the kubelet folds them at its
 * next sync (their events recorded late, with their own times, only to be counted) and is woken
 * at the first resync that writes something or changes the container — the first one at or after
 * the token's instant, or the restart.
 *
 * A container that exits at start, once the back-off is 5 min and the pod's burst is spent:
 * restart and exit at R (Pulled, Created, Started: the first takes the token, refilled 300 s
 * after the last one taken), relist at R+1 s (status CrashLoopBackOff, BackOff dropped), resyncs
 * at R+11 s ... R+291 s (quiet: folded), restart at R+300 s. Two syncs every 5 minutes instead
 * of 32; the Event counts, first and last timestamps are the same.
 *
 * One difference no one can see: resyncs folded since the pod's last sync and not yet counted
 * when its deletion comes are never counted (the deleting sync stops the container first). Their
 * count would only show in a later write of the same event, and no BackOff is recorded about a
 * pod being deleted (a new pod of the same name has another uid, so other keys).
 */

/** A folded resync's event: recorded late, at atMs. */
export interface FoldedEvent extends KubeletEvent {
  atMs: number;
}

/**
 * The step due for the container at its due time, if it is a quiet resync: before writableFromMs
 * (so the spam filter drops its events), with no probe pending, and changing nothing but the due
 * time (same phase, same waiting message: the pod status stays as it is).
 */
function quietStep(c: ContainerMemory, env: ContainerEnv, writableFromMs: number): StepResult | undefined {
  const t = c.dueMs;
  if (t === undefined || t >= writableFromMs || nextProbeMs(c) !== undefined) return undefined;
  if (!mayFoldResyncs(c)) return undefined;
  const r = runStep(c, env, t);
  if (r.pulledImage !== undefined || !sameExcept(r.c, c, 'dueMs')) return undefined;
  return r;
}

/**
 * Whether the container is in a phase with back-off resyncs: foldQuietResyncsEach leaves any
 * other as it is (and eventfulDueMs says its dueMs) without looking at writableFromMs.
 */
export function mayFoldResyncs(c: ContainerMemory): boolean {
  return c.phase === 'CrashLoopBackOff' || c.phase === 'ImagePullBackOff';
}

/** A guard: a back-off is at most 5 min, 30 resyncs; anything longer is a bug. */
const MAX_FOLDED = 10_000;

/**
 * Folds the container's quiet resyncs due at or before untilMs: returns the container as they
 * leave it (c itself when nothing folds), and tells `resynced` each one's events and time (the
 * same events every time; callers that only want the due time or the last instant build no
 * event objects). The first is run in full; the ones after it start from the same memory, so
 * they take the same row to the same phase with the same events, and only the row's guard and
 * the phase's delay need to be asked again at each due time.
 */
export function foldQuietResyncsEach(c: ContainerMemory, env: ContainerEnv, untilMs: number, writableFromMs: number, resynced: (events: readonly KubeletEvent[], atMs: number) => void): ContainerMemory {
  const first = c.dueMs !== undefined && c.dueMs <= untilMs ? quietStep(c, env, writableFromMs) : undefined;
  if (!first || c.dueMs === undefined) return c;
  const row = stepFor(c, env, c.dueMs);
  resynced(first.events, c.dueMs);
  // A copy of our own, whose due time alone moves on (as enter() would set it, phase unchanged).
  const cur: ContainerMemory = { ...first.c };
  for (let n = 0; n < MAX_FOLDED && cur.dueMs !== undefined && cur.dueMs <= untilMs && cur.dueMs < writableFromMs; n++) {
    const atMs = cur.dueMs;
    if (stepFor(cur, env, atMs) !== row) break;
    resynced(first.events, atMs);
    const delay = DELAYS[cur.phase](cur, env, atMs);
    if (delay === undefined) return withoutDue(cur);
    cur.dueMs = atMs + delay;
  }
  return cur;
}

/** The container's next step that is not a quiet resync (its due time, undefined if none). */
export function eventfulDueMs(c: ContainerMemory, env: ContainerEnv, writableFromMs: number): number | undefined {
  return foldQuietResyncsEach(c, env, Infinity, writableFromMs, () => {}).dueMs;
}

/** The latest quiet resync of the container in (afterMs, untilMs] (see Controller.lastQuietInstant). */
export function lastQuietResyncMs(c: ContainerMemory, env: ContainerEnv, afterMs: number, untilMs: number, writableFromMs: number): number | undefined {
  let last: number | undefined;
  foldQuietResyncsEach(c, env, untilMs, writableFromMs, (events, atMs) => {
    if (events.length) last = atMs;
  });
  return last !== undefined && last > afterMs ? last : undefined;
}
