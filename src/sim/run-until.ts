import type { Cluster } from '../cluster/cluster.js';
import { behindBy, catchUpLimit, stepOnce } from './catch-up.js';

/** Wall clock: the longest a waiting command replays before it looks at its deadline and signals again. */
const WAIT_ROUND_MS = 250;

/**
 * Lets cluster time pass until `done()` holds or the cluster clock reaches `deadlineMs`.
 *
 * - virtual clock: runs the due instants one by one (checking `done()` after each), then moves
 *   the clock to the deadline if it was not met — a wait costs what is due, not its length;
 * - wall clock: runs what is due, then sleeps until the next due instant (at most pollMs, since
 *   another process may change the file).
 *
 * `onStep` runs after every step (watchers print what changed). Returns whether done() held.
 */
export async function runUntil(
  cluster: Cluster,
  done: () => boolean,
  deadlineMs: number,
  onStep: () => void = () => undefined,
  pollMs = 100,
): Promise<boolean> {
  const transact = <T>(fn: () => T): T => cluster.store.transaction(fn);
  const { clock, controlPlane } = cluster;
  if (done()) return true;
  if (clock.settings.mode === 'virtual') {
    while (stepOnce(clock, controlPlane, transact, deadlineMs) !== undefined) {
      onStep();
      if (done()) return true;
    }
    transact(() => clock.advanceTo(deadlineMs));
    onStep();
    return done();
  }
  for (;;) {
    // The replay runs in short rounds: when more falls due than can be replayed, the wait still
    // ends at its deadline (on the clock, which is real time) instead of replaying for good, and
    // a SIGINT is handled between two rounds.
    const limit = catchUpLimit(clock, Math.min(cluster.catchUpBudgetMs, WAIT_ROUND_MS));
    let cutShort = false;
    while (stepOnce(clock, controlPlane, transact, Math.min(clock.now(), deadlineMs)) !== undefined) {
      onStep();
      if (done()) return true;
      if (limit && limit.realNow() >= limit.untilRealMs) {
        cutShort = true;
        break;
      }
    }
    if (cutShort) {
      const behind = behindBy(clock, controlPlane);
      if (behind !== undefined) cluster.behind(behind);
      // No sleep, but a turn of the event loop: output is flushed and a SIGINT handled.
      await new Promise((r) => setImmediate(r));
    }
    if (clock.now() >= deadlineMs) return done();
    if (cutShort) continue;
    const next = controlPlane.nextDue();
    const waitReal = next === undefined ? pollMs : Math.min(pollMs, Math.max(1, (next - clock.now()) / clock.settings.speed));
    await new Promise((r) => setTimeout(r, waitReal));
  }
}
