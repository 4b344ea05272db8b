import type { ClusterClock } from './clock.js';

/** Something that has work due at instants of cluster time: the control plane. */
export interface Reactor {
  /** the earliest instant something is due (a watch event reaching a controller, a timer) */
  nextDue(): number | undefined;
  /** runs everything due at the clock's current reading */
  runDue(): void;
}

/** Runs work in one write transaction (the keyspace's). */
export type Transact = <T>(fn: () => T) => T;

/**
 * Runs the earliest due instant if it is at or before `limit`: the clock reads that instant
 * while the work runs. One step is one transaction, so another process never sees half of it.
 * Returns the instant, or undefined when nothing is due by `limit`.
 */
export function stepOnce(clock: ClusterClock, reactor: Reactor, transact: Transact, limit: number): number | undefined {
  // A plain read first: when nothing is due, no write lock is taken (a reader never waits for a
  // writer, and a file nobody may write stays readable). The transaction asks again: another
  // process may have run it meanwhile.
  if (!isDue(reactor.nextDue(), limit)) return undefined;
  return transact(() => {
    const due = reactor.nextDue();
    if (!isDue(due, limit)) return undefined;
    const at = Math.max(due, clock.settings.mode === 'virtual' ? clock.now() : due);
    clock.at(at, () => reactor.runDue());
    return at;
  });
}

/**
 * The most real time a catch-up may take: past `untilRealMs` (read on `realNow`) it stops between
 * two instants and leaves the rest due. Only a wall clock is given one: a wall clock whose
 * cluster falls due faster than it can be replayed (a high speed, many crash-looping pods) would
 * otherwise keep a command replaying for good.
 */
export interface CatchUpLimit {
  realNow: () => number;
  untilRealMs: number;
}

/** A wall clock's bound on one catch-up: budgetMs of real time from now; none for a virtual clock. */
export function catchUpLimit(clock: ClusterClock, budgetMs: number): CatchUpLimit | undefined {
  if (clock.settings.mode === 'virtual') return undefined;
  return { realNow: () => clock.realMs(), untilRealMs: clock.realMs() + budgetMs };
}

/** How far behind the clock the earliest due instant is (undefined: nothing overdue). */
export function behindBy(clock: ClusterClock, reactor: Reactor): number | undefined {
  const now = clock.now();
  const due = reactor.nextDue();
  return due !== undefined && due < now ? now - due : undefined;
}

/**
 * "Catch up to T": runs every due instant up to target in time order, then (virtual clock) sets
 * the clock to target. Costs what is due, not how long the cluster sat idle. Returns false when
 * `limit` stopped it with something still due by target.
 */
export function catchUp(clock: ClusterClock, reactor: Reactor, transact: Transact, target: number, limit?: CatchUpLimit): boolean {
  while (stepOnce(clock, reactor, transact, target) !== undefined) {
    // each step runs one instant; loop until nothing more is due by target
    if (limit && limit.realNow() >= limit.untilRealMs) return !isDue(reactor.nextDue(), target);
  }
  if (clock.settings.mode === 'virtual' && target > clock.now()) transact(() => clock.advanceTo(target));
  return true;
}

function isDue(due: number | undefined, limit: number): due is number {
  return due !== undefined && due <= limit;
}
