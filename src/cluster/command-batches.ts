/**
 * A command that writes many objects one after another (`apply -f` of 500 Deployments), each
 * followed by the control plane's reaction: on a virtual clock, consecutive items share one write
 * transaction for up to BATCH_REAL_MS of real time, as the instants of a catch-up do (time.ts).
 * Each item's writes still take effect whole or not at all (a savepoint: Keyspace.atomically), so
 * an item that fails leaves nothing behind and the next goes on, as when each was a transaction of
 * its own; another process sees several whole items at once, never half of one.
 *
 * What an item prints is held until its batch commits, so that nothing is said about writes that
 * could still be lost; when a batch itself fails (the write lock not had in time, the commit
 * refused), everything it did is undone and its items run again one by one as without batching,
 * each meeting the failure on its own as before.
 */
import type { Cluster } from './cluster.js';
import { BATCH_REAL_MS } from './time.js';

/** Where an item's output goes: the command's stdout and stderr. */
export interface ItemOutput {
  out(text: string): void;
  err(text: string): void;
}

/** How an item runs a part that must take effect whole or not at all (an API call, the reaction to it). */
export type Atomic = <T>(fn: () => T) => T;

/** Output held in order, said once the batch that produced it committed. */
class HeldOutput implements ItemOutput {
  private readonly lines: { err: boolean; text: string }[] = [];
  out(text: string): void {
    this.lines.push({ err: false, text });
  }
  err(text: string): void {
    this.lines.push({ err: true, text });
  }
  sayTo(to: ItemOutput): void {
    for (const l of this.lines) (l.err ? to.err(l.text) : to.out(l.text));
  }
}

/**
 * Runs `item` for each of `items` in order and returns what each returned. `item` must not throw
 * for an item's own failure (it records it in its result), and runs each of its writes through
 * `atomic`. On a wall clock (a catch-up bounded in real time, other processes writing as it goes)
 * and on a file that cannot be written, every item runs as it did before, with no transaction
 * around it.
 */
export function runBatched<T, R>(cluster: Cluster, items: readonly T[], to: ItemOutput, item: (x: T, out: ItemOutput, atomic: Atomic) => R): R[] {
  const results: R[] = [];
  const unbatched: Atomic = (fn) => fn();
  if (cluster.clock.settings.mode !== 'virtual' || cluster.readOnly) {
    for (const x of items) results.push(item(x, to, unbatched));
    return results;
  }
  const atomic: Atomic = (fn) => cluster.store.atomically(fn);
  let next = 0;
  while (next < items.length) {
    const held = new HeldOutput();
    const batch: R[] = [];
    try {
      cluster.store.transaction(() => {
        const end = cluster.clock.realMs() + BATCH_REAL_MS;
        do batch.push(item(items[next + batch.length] as T, held, atomic));
        while (next + batch.length < items.length && cluster.clock.realMs() < end);
      });
    } catch {
      // The batch is undone: its items (at least the one it could not start) again, each on its own.
      const upto = next + Math.max(1, batch.length);
      for (; next < upto; next++) results.push(item(items[next] as T, to, unbatched));
      continue;
    }
    held.sayTo(to);
    results.push(...batch);
    next += batch.length;
  }
  return results;
}
