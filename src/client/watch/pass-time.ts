import type { Cluster } from '../../cluster/cluster.js';
import { runUntil } from '../../sim/run-until.js';

/** kubectl waits "forever" when no timeout is given; kubemu's forever is a week of cluster time. */
export const FOREVER_MS = 168 * 3600 * 1000;

/** How long a wall-clock wait sleeps between looks at the shared file (other processes write it). */
const WALL_SLICE_MS = 100;

export interface PassTimeOptions {
  /** cluster time at which to give up */
  deadlineMs: number;
  /** checked after every step; ends the wait when it holds */
  done: () => boolean;
  /** runs after every step (watchers print what changed here) */
  onStep: () => void;
  /**
   * virtual clock only: end, without moving the clock to the deadline, once nothing is due at or
   * before this instant (a `get -w` without --request-timeout: see watch-get.ts).
   */
  idleAfter?: () => number;
}

/**
 * Lets cluster time pass for a waiting command (get -w, wait) through runUntil.
 *
 * - virtual clock: one runUntil to the deadline — it runs what is due instant by instant and, if
 *   `done` never held, moves the clock to the deadline (the wait lasted that long). With
 *   idleAfter, `done` also holds once nothing is due by that instant, so the clock stays where
 *   the last step left it.
 * - wall clock: runUntil in short slices, looking for changes (onStep) and `done` between slices
 *   too, since another process may have written the file without any controller work being due
 *   here; a SIGINT ends the wait quietly, as kubectl's interrupt handler does.
 *
 * Returns whether `done` held (false: the deadline passed, or the user interrupted).
 */
export async function passTime(cluster: Cluster, o: PassTimeOptions): Promise<boolean> {
  if (cluster.clock.settings.mode === 'virtual') {
    const idle = () => {
      if (!o.idleAfter) return false;
      const next = cluster.controlPlane.nextDue();
      return next === undefined || next > o.idleAfter();
    };
    let finished = false;
    const done = () => {
      finished = o.done();
      return finished || idle();
    };
    await runUntil(cluster, done, o.deadlineMs, o.onStep);
    return finished;
  }
  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
  };
  process.once('SIGINT', onInterrupt);
  try {
    for (;;) {
      o.onStep();
      if (o.done()) return true;
      if (interrupted || cluster.clock.now() >= o.deadlineMs) return false;
      const sliceEnd = Math.min(o.deadlineMs, cluster.clock.now() + WALL_SLICE_MS);
      if (await runUntil(cluster, o.done, sliceEnd, o.onStep)) return true;
      if (interrupted) return false;
    }
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
}
