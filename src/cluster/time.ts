/**
 * The one place where cluster time passes. Every command, and later a long-running server, goes
 * through here:
 *
 * - settle(cluster): what every command does first: catch up to the clock's current time, then
 *   let the controllers react to what they have not seen yet;
 * - settleAfterWrites(cluster): what a command does after its own writes: on a virtual clock it
 *   takes CLIENT_ROUND_TRIPS_MS of cluster time, in which the controllers react at their own
 *   instants; on a wall clock, settle;
 * - advanceBy / advanceTo: `cluster advance D`, and tests that move a virtual clock;
 * - waitUntil(cluster, ...): the wait loop of waiting and watching commands (rollout status,
 *   get -w, wait, delete --wait, scale --timeout, port-forward);
 * - stepOnce / catchUp: the loop under all of them, which runs the earliest due instant (a write
 *   reaching the informers, or a timer) in one write transaction, in time order.
 *
 * The clock's two modes meet here (besides the clock itself): a virtual clock moves only when
 * something waits, and costs what is due rather than how long; a wall clock is caught up within a
 * budget of real time and waited on by polling the shared file.
 */
import type { ClusterClock } from '../sim/clock.js';
import type { Cluster } from './cluster.js';
import type { CatchUpProgress } from './progress.js';
import { recordLastWrite } from './last-write.js';

/** Something that has work due at instants of cluster time: the control plane. */
export interface Reactor {
  /** the earliest instant something is due (a watch event reaching a controller, a timer) */
  nextDue(): number | undefined;
  /** runs everything due at the clock's current reading */
  runDue(): void;
  /**
   * Runs fn, a run of steps inside one write transaction, with the reactor's own bookkeeping
   * (its timer queue) kept in memory until fn ends.
   */
  hold?<T>(fn: () => T): T;
}

/** Runs work in one write transaction (the keyspace's). */
export type Transact = <T>(fn: () => T) => T;

/**
 * At most this many rounds of reaction at one instant (each round: every controller handles
 * what the previous round wrote). A chain of reactions needs a handful (deployment → replica set
 * → pods → scheduler → kubelet → status); what is left over runs at the next catch-up.
 */
const MAX_REACTION_ROUNDS = 50;

/** kubectl waits "forever" when no timeout is given; kubemu's forever is a week of cluster time. */
export const FOREVER_MS = 168 * 3600 * 1000;

/**
 * Wall clock: the longest a waiting command sleeps before it looks at the shared file again
 * (another process may have written it, or run what was due here).
 */
export const POLL_MS = 100;

/** Wall clock: the longest a waiting command replays before it looks at its deadline and signals again. */
const WAIT_ROUND_MS = 250;

// ---------------------------------------------------------------------------------------------
// The catch-up loop

/**
 * Runs the earliest due instant if it is at or before `limit`: the clock reads that instant
 * while the work runs (a virtual clock never goes back: see ClusterClock.at). One step is one
 * transaction, so another process never sees half of it. Returns the instant, or undefined when
 * nothing is due by `limit`.
 */
export function stepOnce(clock: ClusterClock, reactor: Reactor, transact: Transact, limit: number): number | undefined {
  // A plain read first: when nothing is due, no write lock is taken (a reader never waits for a
  // writer, and a file nobody may write stays readable). The transaction asks again: another
  // process may have run it meanwhile.
  if (!isDue(reactor.nextDue(), limit)) return undefined;
  return transact(() => stepHeld(clock, reactor, limit));
}

/** stepOnce with the write transaction already held: the earliest due instant, if due by `limit`. */
function stepHeld(clock: ClusterClock, reactor: Reactor, limit: number): number | undefined {
  const due = reactor.nextDue();
  if (!isDue(due, limit)) return undefined;
  return clock.at(due, () => {
    const at = clock.now();
    reactor.runDue();
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

/** How a run of steps ended: `afterStep` asked to stop, the limit's real time ran out, or nothing more was due. */
type StepsEnd = 'stopped' | 'cut-short' | 'none-due';

/**
 * Virtual clock: consecutive instants of one run of steps share a write transaction for up to this
 * much real time, then it commits and the next one starts (and it always commits at the end).
 * Another process still never sees half a step, only several whole ones at once, and waits at
 * most this long for the write lock; a step's own cost stays what changes, while the commit (the
 * WAL frames of the pages every instant touches: the log's tail, the meta table, the timers) and
 * the components' memory read and written back (storage/sqlite-keyspace.ts flushMeta) are paid
 * once per batch instead of once per instant. (Measured on a 1,000-replica rollout: 25 instants,
 * each rewriting the state of the pods it touched.) A batch costs about the same whatever its
 * length: on a crash loop of 16 pods, 1-3 ms of COMMIT and ~60 meta rows and ~35 timers written
 * back. 24 h of that loop, measured: at 50 ms a batch ~230 commits, 0.4-0.9 s in COMMIT, 14k meta
 * rows and 105-130 MB written; at 200 ms 60-80 commits, 0.05-0.1 s, 3-5k rows, 30-40 MB. Another
 * process waits at most a fifth of a second for the lock.
 */
export const BATCH_REAL_MS = 200;

/**
 * Runs the due instants up to `until()` (read before each step: a wall clock's now moves) one by
 * one. After each, `afterStep` may end the run (true); then the limit is looked at. On a virtual
 * clock (never given a limit), consecutive steps share a transaction (see BATCH_REAL_MS).
 */
function runSteps(
  clock: ClusterClock,
  reactor: Reactor,
  transact: Transact,
  until: () => number,
  limit: CatchUpLimit | undefined,
  afterStep?: (at: number) => boolean,
): StepsEnd {
  if (clock.settings.mode === 'virtual' && !limit) return runBatchedSteps(clock, reactor, transact, until, afterStep);
  let at: number | undefined;
  while ((at = stepOnce(clock, reactor, transact, until())) !== undefined) {
    if (afterStep?.(at)) return 'stopped';
    if (limit && limit.realNow() >= limit.untilRealMs) return 'cut-short';
  }
  return 'none-due';
}

/**
 * runSteps on a virtual clock: the steps of one batch run inside one outer transaction (each
 * step's own transaction joins it). Which steps run, in which order, and what each one writes
 * are the same as one transaction per step; only the commits are fewer.
 */
function runBatchedSteps(
  clock: ClusterClock,
  reactor: Reactor,
  transact: Transact,
  until: () => number,
  afterStep?: (at: number) => boolean,
): StepsEnd {
  for (;;) {
    // A plain read first, as stepOnce does: nothing due takes no write lock.
    if (!isDue(reactor.nextDue(), until())) return 'none-due';
    const hold = reactor.hold?.bind(reactor) ?? (<T>(fn: () => T): T => fn());
    const end = transact(() =>
      hold((): StepsEnd | undefined => {
        const batchEnd = clock.realMs() + BATCH_REAL_MS;
        for (;;) {
          // The batch's transaction is held: no plain read first, as stepOnce does.
          const at = stepHeld(clock, reactor, until());
          if (at === undefined) return 'none-due';
          if (afterStep?.(at)) return 'stopped';
          if (clock.realMs() >= batchEnd) return undefined;
        }
      }),
    );
    if (end !== undefined) return end;
  }
}

/**
 * "Catch up to T": runs every due instant up to target in time order, then (virtual clock) sets
 * the clock to target. Costs what is due, not how long the cluster sat idle. Returns false when
 * `limit` stopped it with something still due by target.
 */
export function catchUp(
  clock: ClusterClock,
  reactor: Reactor,
  transact: Transact,
  target: number,
  limit?: CatchUpLimit,
  progress?: CatchUpProgress,
): boolean {
  const afterStep = progress && ((at: number) => (progress.reached(at), false));
  if (runSteps(clock, reactor, transact, () => target, limit, afterStep) === 'cut-short') return !isDue(reactor.nextDue(), target);
  if (clock.settings.mode === 'virtual' && target > clock.now()) transact(() => clock.advanceTo(target));
  return true;
}

function isDue(due: number | undefined, limit: number): due is number {
  return due !== undefined && due <= limit;
}

function transactOn(cluster: Cluster): Transact {
  return (fn) => cluster.store.transaction(fn);
}

// ---------------------------------------------------------------------------------------------
// What every command does

/**
 * Brings the cluster up to its clock's current time, then lets the controllers react to the
 * writes they have not seen yet: what every command does first (and, on a wall clock, after its
 * own writes: settleAfterWrites).
 *
 * The reaction happens at the current instant (no informer latency): on a virtual clock, what is
 * left unseen is what a `cluster advance` wrote at its last instant (a writing command leaves
 * nothing unseen), or a file written by an older kubemu. What the reactions schedule for later
 * (an image pull, a probe) stays a timer.
 *
 * On a wall clock the catch-up replays for others (what fell due while no command ran) for at
 * most the cluster's catch-up budget of real time; what is left stays due for the next command,
 * and the command says so (`cluster.behind`).
 */
export function settle(cluster: Cluster): void {
  const caughtUp = advanceTo(cluster, cluster.clock.now(), catchUpLimit(cluster.clock, cluster.catchUpBudgetMs));
  const behind = caughtUp ? undefined : behindBy(cluster.clock, cluster.controlPlane);
  if (behind !== undefined) cluster.behind(behind);
  react(cluster, caughtUp);
}

/**
 * Virtual clock: the cluster time a command that wrote takes for its own requests (a client's
 * round trips to the API server), in which its writes reach the controllers.
 */
export const CLIENT_ROUND_TRIPS_MS = 20;

/**
 * What a command does after its own writes.
 *
 * Virtual clock, when a write is unseen: the command's requests take CLIENT_ROUND_TRIPS_MS of
 * cluster time. The clock runs forward that far, so the writes reach the informers
 * INFORMER_LATENCY_MS after they were made and the reactions (deployment → ReplicaSet → pods →
 * scheduler → kubelet) run at their own instants inside that window, as they would on a real
 * cluster while the client is still talking to it. Its output is already said; the file it
 * leaves holds the reactions, so the read after it writes nothing, and shows what a real cluster
 * shows a moment after the write. The revision of its last own write and the window's instants
 * are kept (last-write.ts) for a watch that starts right after it. A command that wrote nothing
 * takes no cluster time.
 *
 * Wall clock: settle, as before — real time passes anyway, and the reaction runs at once.
 */
export function settleAfterWrites(cluster: Cluster): void {
  const { clock, controlPlane, store } = cluster;
  if (clock.settings.mode !== 'virtual' || !controlPlane.hasUnseenWrites(clock.now())) return settle(cluster);
  const revision = store.revision();
  const writtenMs = clock.now();
  advanceTo(cluster, writtenMs + CLIENT_ROUND_TRIPS_MS);
  // A write at the window's last instant (a timer that fell due there) reaches the controllers at
  // once, so nothing is left for the next command's settle, which would write.
  react(cluster);
  store.transaction(() => recordLastWrite(cluster, { revision, writtenMs, endMs: clock.now() }));
}

/**
 * Rounds of reaction at the current instant until every controller has seen every write. After
 * a catch-up that was cut short, the timers it left due stay for the next command's catch-up.
 */
function react(cluster: Cluster, fireTimers = true): void {
  const { clock, controlPlane, store } = cluster;
  // A read first: a command that wrote nothing takes no write lock here. The rounds then share
  // one transaction: they are whole steps at one instant, and a chain of reactions (deployment →
  // replica set → pods → scheduler → kubelet) commits once, not once a round.
  if (!controlPlane.hasUnseenWrites(clock.now())) return;
  store.transaction(() => {
    for (let round = 0; round < MAX_REACTION_ROUNDS; round++) {
      if (!controlPlane.hasUnseenWrites(clock.now())) return;
      clock.at(clock.now(), () => controlPlane.runDue(0, fireTimers));
    }
  });
}

/**
 * `cluster advance D`: moves a virtual clock D past the time it reads once this process has the
 * write lock, running what falls due on the way. Returns the target.
 */
export function advanceBy(cluster: Cluster, ms: number): number {
  // The target is claimed under the write lock, from the clock as it reads then and the targets
  // other advances already claimed, so concurrent advances add up; the catch-up to it then runs
  // step by step, each its own transaction, so a long advance does not hold the lock for others.
  // (An advance killed half-way leaves its claim: the next one finishes it before adding its own.)
  const target = cluster.store.transaction(() => {
    const claimed = Number(cluster.store.getMeta(ADVANCE_TARGET_KEY) ?? '0');
    const t = Math.max(cluster.clock.now(), claimed) + ms;
    cluster.store.setMeta(ADVANCE_TARGET_KEY, String(t));
    return t;
  });
  advanceTo(cluster, target);
  return target;
}

/** meta: the furthest virtual time a `cluster advance` has claimed (see advanceBy) */
const ADVANCE_TARGET_KEY = 'virtual_advance_target_ms';

/**
 * Runs everything due up to target in time order; a virtual clock then reads target. With a
 * limit, returns false when it stopped with something still due by target.
 */
export function advanceTo(cluster: Cluster, target: number, limit?: CatchUpLimit): boolean {
  const progress = cluster.progress(cluster.clock.now(), target);
  try {
    return catchUp(cluster.clock, cluster.controlPlane, transactOn(cluster), target, limit, progress);
  } finally {
    progress?.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Waiting commands

export interface WaitOptions {
  /** cluster time at which to give up */
  deadlineMs: number;
  /** checked after every step; ends the wait when it holds */
  done: () => boolean;
  /** runs after every step (watchers print what changed here) */
  onStep?: () => void;
  /**
   * virtual clock only: end, without moving the clock to the deadline, once nothing is due at or
   * before this instant (a `get -w` without --request-timeout: see watch-get.ts).
   */
  idleAfter?: () => number;
  /**
   * A watching command (get -w, wait, rollout status). On a wall clock it looks (onStep, then
   * done) when it starts and after every poll too, since another process may have written the
   * file without any controller work being due here, and a SIGINT ends the wait quietly (false),
   * as kubectl's interrupt handler does.
   */
  watching?: boolean;
  /** wall clock: the longest sleep between two polls (tests); default POLL_MS */
  pollMs?: number;
}

/**
 * Lets cluster time pass until `done()` holds or the cluster clock reaches the deadline.
 *
 * - virtual clock: runs the due instants one by one (checking `done()` after each), then moves
 *   the clock to the deadline if it was not met: a wait costs what is due, not its length. With
 *   idleAfter, the wait also ends once nothing is due by that instant, and the clock stays where
 *   the last step left it.
 * - wall clock: runs what is due in rounds of at most WAIT_ROUND_MS of real time (when more falls
 *   due than can be replayed, the wait still ends at its deadline, and a SIGINT is handled
 *   between two rounds), then sleeps until the next due instant, at most pollMs.
 *
 * Returns whether `done()` held (false: the deadline passed, or a watcher was interrupted).
 */
export async function waitUntil(cluster: Cluster, o: WaitOptions): Promise<boolean> {
  return cluster.clock.settings.mode === 'virtual' ? waitVirtual(cluster, o) : waitWall(cluster, o);
}

function waitVirtual(cluster: Cluster, o: WaitOptions): boolean {
  const { clock, controlPlane } = cluster;
  const onStep = o.onStep ?? noop;
  const idle = () => {
    if (!o.idleAfter) return false;
    const next = controlPlane.nextDue();
    return next === undefined || next > o.idleAfter();
  };
  let finished = false;
  const over = () => {
    finished = o.done();
    return finished || idle();
  };
  const transact = transactOn(cluster);
  // Ended idle: the clock stops where the last step would have been had every probe period
  // been a step, as it was (the periods skipped because they change nothing: Controller.lastQuietInstant).
  const endIdle = (): boolean => {
    if (finished || !o.idleAfter) return finished;
    const quiet = controlPlane.lastQuietInstant(clock.now(), Math.min(o.idleAfter(), o.deadlineMs));
    if (quiet === undefined) return finished;
    transact(() => clock.advanceTo(quiet));
    onStep();
    over();
    return finished;
  };
  if (over()) return endIdle();
  const end = runSteps(clock, controlPlane, transact, () => o.deadlineMs, undefined, () => {
    onStep();
    return over();
  });
  if (end === 'stopped') return endIdle();
  transact(() => clock.advanceTo(o.deadlineMs));
  onStep();
  over();
  return finished;
}

async function waitWall(cluster: Cluster, o: WaitOptions): Promise<boolean> {
  const { clock, controlPlane } = cluster;
  const onStep = o.onStep ?? noop;
  const pollMs = o.pollMs ?? POLL_MS;
  const transact = transactOn(cluster);
  const look = () => {
    onStep();
    return o.done();
  };
  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
  };
  if (o.watching) process.once('SIGINT', onInterrupt);
  try {
    if (o.watching ? look() : o.done()) return true;
    if (o.watching && clock.now() >= o.deadlineMs) return false;
    for (;;) {
      const limit = catchUpLimit(clock, Math.min(cluster.catchUpBudgetMs, WAIT_ROUND_MS));
      const end = runSteps(clock, controlPlane, transact, () => Math.min(clock.now(), o.deadlineMs), limit, look);
      if (end === 'stopped') return true;
      if (end === 'cut-short') {
        const behind = behindBy(clock, controlPlane);
        if (behind !== undefined) cluster.behind(behind);
        // No sleep, but a turn of the event loop: output is flushed and a SIGINT handled.
        await new Promise((r) => setImmediate(r));
      }
      if (clock.now() >= o.deadlineMs) return o.watching ? look() : o.done();
      if (end !== 'cut-short') {
        const next = controlPlane.nextDue();
        const waitReal = next === undefined ? pollMs : Math.min(pollMs, Math.max(1, (next - clock.now()) / clock.settings.speed));
        await new Promise((r) => setTimeout(r, waitReal));
      }
      if (o.watching) {
        if (look()) return true;
        if (interrupted) return false;
      }
    }
  } finally {
    if (o.watching) process.removeListener('SIGINT', onInterrupt);
  }
}

function noop(): void {}
