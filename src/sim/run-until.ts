import type { Cluster } from '../cluster/cluster.js';
import { settle } from '../controllers/control-plane.js';

/**
 * Lets cluster time pass until `done()` holds or the cluster clock reaches `deadlineMs`.
 *
 * - virtual clock: the clock jumps straight to the deadline, running what is due on the way
 *   (so waiting costs what is due, not how long the wait is);
 * - wall clock: polls the file (other processes may change it) and sleeps in between.
 *
 * Returns whether done() held.
 */
export async function runUntil(
  cluster: Cluster,
  done: () => boolean,
  deadlineMs: number,
  pollMs = 100,
): Promise<boolean> {
  settle(cluster);
  if (done()) return true;
  if (cluster.clock.settings.mode === 'virtual') {
    cluster.store.transaction(() => {
      cluster.clock.advanceTo(deadlineMs);
      settle(cluster);
    });
    return done();
  }
  for (;;) {
    if (cluster.clock.now() >= deadlineMs) return false;
    await new Promise((r) => setTimeout(r, pollMs));
    settle(cluster);
    if (done()) return true;
  }
}
