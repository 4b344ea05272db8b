import { writeSync } from 'node:fs';
import type { Timer, TimerQueue } from '../storage/timers.js';
import type { Keyspace } from '../storage/keyspace.js';
import type { ApiServer, WatchEvent } from '../apiserver/server.js';
import type { ClusterClock } from '../sim/clock.js';
import type { RandomSource } from '../sim/random.js';
import type { Controller, ControllerContext } from './framework/controller.js';
import { Informer, informerCursor } from './framework/informer.js';
import { lazy } from '../common/lazy.js';
import { EventRecorder } from './framework/events.js';
import { ComponentState } from './framework/state.js';
import { WorkQueue } from './framework/work-queue.js';
import { FailureCounts } from './framework/rate-limiter.js';
import { handleSyncError, internalHandlerErrorText } from './framework/sync-errors.js';
import { logRejectedEvent } from './framework/rejected-events.js';
import { compactIfDue } from '../apiserver/compactor.js';

/** How long a write takes to reach a controller through its informer. */
export const INFORMER_LATENCY_MS = 1;
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
  'disruption-controller',
  'keda-operator',
  'horizontal-pod-autoscaler-controller',
  'taint-eviction-controller',
  'pod-garbage-collector-controller',
  'node-lifecycle-controller',
  'metricsource-controller',
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
 * What the control plane runs on, and all it needs from the cluster it belongs to: the API server
 * its controllers talk to, the keyspace under it (informer cursors, the revision log, component
 * state), the cluster clock, the random source and the timer queue. (An open cluster has them all;
 * the control plane does not know the cluster, whose file, catch-up and waits live above it.)
 */
/** A controller as the control plane runs it: with its informer and its context. */
interface PlaneEntry {
  controller: Controller;
  informer: Informer;
  ctx: ControllerContext;
}

export interface ControlPlaneDeps {
  api: ApiServer;
  store: Keyspace;
  clock: ClusterClock;
  random: RandomSource;
  timers: TimerQueue;
}

/**
 * The embedded control plane: at each instant, every controller receives the watch events that
 * have reached it and the timers that fired for it, then drains its work queue. It is the
 * Reactor that src/cluster/time.ts runs, instant by instant (nextDue, runDue).
 */
export class ControlPlane {
  private loaded: { controller: Controller; informer: Informer; ctx: ControllerContext }[] | undefined;
  private readonly names: readonly string[];
  private readonly controllers: () => Controller[];
  /** internal errors already said in this process (controller and message), said once each */
  private readonly reported = new Set<string>();
  /**
   * What this process has run so far, for tests and the bench (never printed): `instants` counts
   * the calls of runDue (each a control-plane step), `syncs` each controller's syncs.
   */
  readonly work = { instants: 0, syncs: new Map<string, number>() };

  /**
   * Without `controllers`, the default ones, loaded only once something is due. `reportInternal`
   * is where a bug met by a controller's sync is said (default: stderr).
   */
  constructor(
    private readonly deps: ControlPlaneDeps,
    controllers?: Controller[],
    private readonly reportInternal: (text: string, error: unknown) => void = reportOnStderr,
  ) {
    this.names = controllers ? controllers.map((c) => c.name) : CONTROLLER_NAMES;
    this.controllers = controllers ? () => controllers : () => defaults()();
  }

  /** The controllers with their informers and contexts, built when something is due. */
  private entries(): PlaneEntry[] {
    if (this.loaded) return this.loaded;
    const deps = this.deps;
    const controllers = this.controllers();
    const names = controllers.map((c) => c.name);
    if (names.join() !== this.names.join()) throw new Error(`control plane: controllers ${names.join()} != ${this.names.join()}`);
    const recorder = new EventRecorder(deps.api, () => deps.clock.now(), new ComponentState(deps.store, 'event-recorder'), (event, error) =>
      logRejectedEvent(deps, event, error),
    );
    this.loaded = controllers.map((controller) => {
      const ctx: ControllerContext = {
        events: recorder,
        state: new ComponentState(deps.store, controller.name),
        api: deps.api,
        clock: deps.clock,
        random: deps.random,
        timers: deps.timers,
        requeueAfter: (key, delayMs) =>
          deps.timers.schedule({ queue: controller.name, key, dueMs: deps.clock.now() + Math.max(1, delayMs) }),
      };
      const onRelist = () => controller.relisted?.(ctx);
      return { controller, informer: new Informer(controller, deps.store, deps.api, INFORMER_LATENCY_MS, onRelist), ctx };
    });
    return this.loaded;
  }

  /**
   * The time of the first write some informer has not seen, watched or not (delivering it moves
   * the cursors on; one query instead of one per watched prefix); 0 after a compaction passed a
   * cursor, undefined when every informer has seen everything.
   */
  private firstUnseenWrite(): number | undefined {
    const store = this.deps.store;
    const cursor = Math.min(...this.names.map((n) => informerCursor(store, n)));
    if (cursor < store.compactedRevision()) return 0;
    // Nothing written since (most instants of a catch-up, once their writes were delivered): the
    // revision counter says so without a look into the log.
    if (cursor >= store.revision()) return undefined;
    return store.firstChangeAfter(cursor, ['/registry/'])?.timeMs;
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

  /** Runs fn, a run of steps in one write transaction, with the timer queue held (TimerQueue.hold). */
  hold<T>(fn: () => T): T {
    return this.deps.timers.hold(fn);
  }

  nextDue(): number | undefined {
    const timer = this.deps.timers.nextDue();
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
    const now = this.deps.clock.now();
    this.work.instants++;
    const fired = fireTimers ? this.deps.timers.popDue(now) : [];
    // Every controller's informer reads the same log: read what is visible now once.
    // (Informers whose cursor fell behind a compaction relist instead.)
    const entries = this.entries();
    const from = Math.max(this.deps.store.compactedRevision(), Math.min(...entries.map((e) => e.informer.cursor())));
    const batch = { from, ...this.deps.api.changesWithLast(from, undefined, undefined, now - latencyMs) };
    for (const entry of entries) this.runController(entry, now, batch, latencyMs, fired);
    // kube-apiserver's periodic compaction, in this step rather than one of its own (compactor.ts);
    // never past what an informer has not seen yet.
    compactIfDue(this.deps.store, now, () => Math.min(...entries.map((e) => e.informer.cursor())));
  }

  /**
   * One controller's part of a step: its events' keys, its fired timers, its syncs. A function of
   * its own so that V8 optimizes it apart from runDue: each controller's sync is another class at
   * the same call, and a deoptimization there threw away the optimized code of the whole step
   * (`rollout status` of 1,000 replicas, --trace-opt, three runs each: TurboFan's compile time
   * 1,458/1,724/1,517 ms before, 1,369/1,601/1,208 after).
   */
  private runController(entry: PlaneEntry, now: number, batch: Parameters<Informer['deliver']>[1], latencyMs: number, fired: readonly Timer[]): void {
    const { controller, informer, ctx } = entry;
    const queue = new WorkQueue();
    // A frozen list handed again in this step (the scheduler's pending pods, at each bound pod
    // that goes: 210,000 keys of a rollout's 6,200 pod events) is waiting already, all of it:
    // no key is taken before every event is in.
    const added = new Set<readonly string[]>();
    for (const ev of informer.deliver(now, batch, latencyMs)) {
      const keys = this.keysFor(controller, ev, ctx);
      if (keys.length && Object.isFrozen(keys)) {
        if (added.has(keys)) continue;
        added.add(keys);
      }
      for (const k of keys) queue.add(k);
    }
    for (const t of fired) if (t.queue === controller.name) queue.add(t.key);
    // Read at this step (another process may have run steps since the last one).
    const failures = new FailureCounts(ctx.state);
    for (let key = queue.next(); key !== undefined; key = queue.next()) {
      this.work.syncs.set(controller.name, (this.work.syncs.get(controller.name) ?? 0) + 1);
      try {
        controller.sync(key, ctx);
        failures.forget(key);
      } catch (e) {
        // Never out of the step: a refused write or a bug retries this key, the rest goes on.
        handleSyncError(controller, ctx, failures, key, e, (text, error) => this.reportOnce(controller.name, text, error));
      }
    }
    controller.endStep?.(ctx);
  }

  /**
   * Runs fn with the named controller and its context at the clock's current instant, inside
   * the caller's write transaction: for a command that acts on what a component alone holds
   * (`kubectl exec` on the kubelet's memory of a container, cluster/pod-exec.ts).
   */
  withController<T>(name: string, fn: (controller: Controller, ctx: ControllerContext) => T): T {
    const entry = this.entries().find((e) => e.controller.name === name);
    if (!entry) throw new Error(`control plane: no controller ${name}`);
    return fn(entry.controller, entry.ctx);
  }

  /**
   * The latest instant in (afterMs, untilMs] at which a controller skipped a period that could
   * not change anything (Controller.lastQuietInstant); undefined when there is none.
   */
  lastQuietInstant(afterMs: number, untilMs: number): number | undefined {
    let last: number | undefined;
    for (const { controller, ctx } of this.entries()) {
      const t = controller.lastQuietInstant?.(afterMs, untilMs, ctx);
      if (t !== undefined && t > afterMs && t <= untilMs && (last === undefined || t > last)) last = t;
    }
    return last;
  }

  /**
   * The controller's event handlers for one watch event. A bug in them is said once and the
   * event skipped (the informer has moved past it): better one missed wake-up than a step that
   * fails, and with it every later one, on the same event.
   */
  private keysFor(controller: Controller, ev: WatchEvent, ctx: ControllerContext): readonly string[] {
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
