import { writeSync } from 'node:fs';
import type { Cluster } from '../cluster/cluster.js';
import type { CatchUpLimit, Reactor } from '../sim/catch-up.js';
import { behindBy, catchUp, catchUpLimit } from '../sim/catch-up.js';
import type { TimerQueue } from '../storage/timers.js';
import type { WatchEvent } from '../apiserver/server.js';
import type { Controller, ControllerContext } from './framework/controller.js';
import { Informer, informerCursor } from './framework/informer.js';
import { lazy } from '../common/lazy.js';
import { EventRecorder } from './framework/events.js';
import { ComponentState } from './framework/state.js';
import { WorkQueue } from './framework/work-queue.js';
import { FailureCounts } from './framework/rate-limiter.js';
import { handleSyncError, internalHandlerErrorText } from './framework/sync-errors.js';
import { logRejectedEvent } from './framework/rejected-events.js';

/** How long a write takes to reach a controller through its informer. */
export const INFORMER_LATENCY_MS = 1;
/**
 * At most this many rounds of reaction at one instant (each round: every controller handles
 * what the previous round wrote). A chain of reactions needs a handful (deployment → replica set
 * → pods → scheduler → kubelet → status); what is left over runs at the next catch-up.
 */
const MAX_REACTION_ROUNDS = 50;

/**
 * The names of defaultControllers() (default-controllers.ts), in run order: knowing whether
 * anything is due needs only the informers' cursors, which are kept under these names, so a
 * command that finds nothing due never loads the controllers' code.
 */
export const CONTROLLER_NAMES = [
  'namespace-controller',
  'garbage-collector-controller',
  'deployment-controller',
  'replicaset-controller',
  'node-ipam-controller',
  'default-scheduler',
  'kubelet',
  'event-ttl',
] as const;

/**
 * Where a bug met by a controller is said: stderr, written at once as the CLI writes it (with
 * KUBEMU_DEBUG set, with the stack, as check-err.ts does for a command's own errors).
 */
function reportOnStderr(text: string, error: unknown): void {
  try {
    writeSync(2, text);
    if (process.env['KUBEMU_DEBUG'] && error instanceof Error && error.stack) writeSync(2, `${error.stack}\n`);
  } catch {
    // stderr closed: the report is lost, the step must go on regardless
  }
}

const defaults = lazy(() => (require('./default-controllers.js') as typeof import('./default-controllers.js')).defaultControllers);

/**
 * The embedded control plane as a Reactor: at each instant, every controller receives the watch
 * events that have reached it and the timers that fired for it, then drains its work queue.
 */
export class ControlPlane implements Reactor {
  private loaded: { controller: Controller; informer: Informer; ctx: ControllerContext }[] | undefined;
  private readonly names: readonly string[];
  private readonly controllers: () => Controller[];
  /** internal errors already said in this process (controller and message), said once each */
  private readonly reported = new Set<string>();

  /**
   * Without `controllers`, the default ones, loaded only once something is due. `reportInternal`
   * is where a bug met by a controller's sync is said (default: stderr).
   */
  constructor(
    private readonly cluster: Pick<Cluster, 'api' | 'store' | 'clock' | 'random'> & { timers: TimerQueue },
    controllers?: Controller[],
    private readonly reportInternal: (text: string, error: unknown) => void = reportOnStderr,
  ) {
    this.names = controllers ? controllers.map((c) => c.name) : CONTROLLER_NAMES;
    this.controllers = controllers ? () => controllers : () => defaults()();
  }

  /** The controllers with their informers and contexts, built when something is due. */
  private entries(): { controller: Controller; informer: Informer; ctx: ControllerContext }[] {
    if (this.loaded) return this.loaded;
    const cluster = this.cluster;
    const controllers = this.controllers();
    const names = controllers.map((c) => c.name);
    if (names.join() !== this.names.join()) throw new Error(`control plane: controllers ${names.join()} != ${this.names.join()}`);
    const recorder = new EventRecorder(cluster.api, () => cluster.clock.now(), new ComponentState(cluster.store, 'event-recorder'), (event, error) =>
      logRejectedEvent(cluster, event, error),
    );
    this.loaded = controllers.map((controller) => {
      const ctx: ControllerContext = {
        events: recorder,
        state: new ComponentState(cluster.store, controller.name),
        api: cluster.api,
        clock: cluster.clock,
        random: cluster.random,
        timers: cluster.timers,
        requeueAfter: (key, delayMs) =>
          cluster.timers.schedule({ queue: controller.name, key, dueMs: cluster.clock.now() + Math.max(1, delayMs) }),
      };
      return { controller, informer: new Informer(controller, cluster.store, cluster.api, INFORMER_LATENCY_MS), ctx };
    });
    return this.loaded;
  }

  /**
   * The time of the first write some informer has not seen, watched or not (delivering it moves
   * the cursors on; one query instead of one per watched prefix); 0 after a compaction passed a
   * cursor, undefined when every informer has seen everything.
   */
  private firstUnseenWrite(): number | undefined {
    const store = this.cluster.store;
    const cursor = Math.min(...this.names.map((n) => informerCursor(store, n)));
    return cursor < store.compactedRevision() ? 0 : store.firstChangeAfter(cursor, ['/registry/'])?.timeMs;
  }

  /**
   * Whether a write has not reached every controller yet; with `by`, only a write logged at or
   * before that instant (one a reaction at `by` can deliver: after the machine's clock was set
   * back, the log may hold later times, which wait for the clock).
   */
  hasUnseenWrites(by?: number): boolean {
    const t = this.firstUnseenWrite();
    return t !== undefined && (by === undefined || t <= by);
  }

  nextDue(): number | undefined {
    const timer = this.cluster.timers.nextDue();
    const write = this.firstUnseenWrite();
    const delivery = write === undefined ? undefined : write + INFORMER_LATENCY_MS;
    if (timer === undefined) return delivery;
    return delivery === undefined ? timer : Math.min(timer, delivery);
  }

  /**
   * Runs what is due at the clock's current reading: the timers that fired, and the writes that
   * reached the informers (those made `latencyMs` or more before now). Without `fireTimers`, only
   * the writes: the reaction to a command's writes while a wall-clock catch-up was cut short must
   * not run the timers it left due all at once, at the wrong instant.
   */
  runDue(latencyMs: number = INFORMER_LATENCY_MS, fireTimers = true): void {
    const now = this.cluster.clock.now();
    const fired = fireTimers ? this.cluster.timers.popDue(now) : [];
    // Every controller's informer reads the same log: read what is visible now once.
    // (Informers whose cursor fell behind a compaction relist instead.)
    const entries = this.entries();
    const from = Math.max(this.cluster.store.compactedRevision(), Math.min(...entries.map((e) => e.informer.cursor())));
    const batch = { from, ...this.cluster.api.changesWithLast(from, undefined, undefined, now - latencyMs) };
    for (const { controller, informer, ctx } of entries) {
      const queue = new WorkQueue();
      for (const ev of informer.deliver(now, batch, latencyMs)) for (const k of this.keysFor(controller, ev, ctx)) queue.add(k);
      for (const t of fired) if (t.queue === controller.name) queue.add(t.key);
      // Read at this step (another process may have run steps since the last one).
      const failures = new FailureCounts(ctx.state);
      for (let key = queue.next(); key !== undefined; key = queue.next()) {
        try {
          controller.sync(key, ctx);
          failures.forget(key);
        } catch (e) {
          // Never out of the step: a refused write or a bug retries this key, the rest goes on.
          handleSyncError(controller, ctx, failures, key, e, (text, error) => this.reportOnce(controller.name, text, error));
        }
      }
    }
  }

  /**
   * The controller's event handlers for one watch event. A bug in them is said once and the
   * event skipped (the informer has moved past it): better one missed wake-up than a step that
   * fails, and with it every later one, on the same event.
   */
  private keysFor(controller: Controller, ev: WatchEvent, ctx: ControllerContext): string[] {
    try {
      return controller.keysFor(ev, ctx);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.reportOnce(controller.name, internalHandlerErrorText(controller.name, `${ev.type} ${ev.key}`, message), e);
      return [];
    }
  }

  /** Says an internal error once per process for each controller and message. */
  private reportOnce(controller: string, text: string, error: unknown): void {
    const id = `${controller}\u0000${error instanceof Error ? error.message : String(error)}`;
    if (this.reported.has(id)) return;
    this.reported.add(id);
    this.reportInternal(text, error);
  }
}

/**
 * Brings the cluster up to its clock's current time, then lets the controllers react to the
 * writes they have not seen yet: what every command does first, and again after its own writes.
 *
 * The reaction happens at the current instant (no informer latency), so on a virtual clock,
 * where time moves only when a command waits, `apply` is followed by its ReplicaSet and pods as
 * it would be on a real cluster a few milliseconds later. What the reactions schedule for later
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
 * Rounds of reaction at the current instant until every controller has seen every write. After
 * a catch-up that was cut short, the timers it left due stay for the next command's catch-up.
 */
function react(cluster: Cluster, fireTimers = true): void {
  const { clock, controlPlane, store } = cluster;
  for (let round = 0; round < MAX_REACTION_ROUNDS; round++) {
    // A read first: a command that wrote nothing takes no write lock here.
    if (!controlPlane.hasUnseenWrites(clock.now())) return;
    const reacted = store.transaction(() => {
      if (!controlPlane.hasUnseenWrites(clock.now())) return false;
      clock.at(clock.now(), () => controlPlane.runDue(0, fireTimers));
      return true;
    });
    if (!reacted) return;
  }
}

/**
 * `cluster advance D`: moves a virtual clock D past the time it reads once this process has the
 * write lock, running what falls due on the way, all in one transaction. Reading the time before
 * taking the lock would let two concurrent advances start from the same instant and end at the
 * same one; under the lock they add up.
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
  return catchUp(cluster.clock, cluster.controlPlane, (fn) => cluster.store.transaction(fn), target, limit);
}
