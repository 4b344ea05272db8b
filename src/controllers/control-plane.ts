import type { Cluster } from '../cluster/cluster.js';
import { StatusError } from '../apiserver/errors.js';
import type { Reactor } from '../sim/catch-up.js';
import { catchUp } from '../sim/catch-up.js';
import type { TimerQueue } from '../storage/timers.js';
import type { Controller, ControllerContext } from './framework/controller.js';
import { Informer } from './framework/informer.js';
import { EventRecorder } from './framework/events.js';
import { ComponentState } from './framework/state.js';
import { WorkQueue } from './framework/work-queue.js';
import { garbageCollectorController } from './garbagecollector/controller.js';
import { namespaceController } from './namespace/controller.js';
import { deploymentController } from './deployment/controller.js';
import { replicaSetController } from './replicaset/controller.js';
import { schedulerController } from './scheduler/controller.js';
import { kubeletController } from './kubelet/controller.js';

/** How long a write takes to reach a controller through its informer. */
export const INFORMER_LATENCY_MS = 1;
/** How soon a sync that hit a Conflict is retried (the workqueue's first rate-limited retry). */
const CONFLICT_RETRY_MS = 5;

/**
 * The controllers of the embedded control plane, in the order they run within one instant:
 * kube-controller-manager's (namespace, garbage collector, deployment, replicaset), then the
 * scheduler, then the kubelets of all nodes.
 */
export function defaultControllers(): Controller[] {
  return [
    namespaceController(),
    garbageCollectorController(),
    deploymentController(),
    replicaSetController(),
    schedulerController(),
    kubeletController(),
  ];
}

/**
 * The embedded control plane as a Reactor: at each instant, every controller receives the watch
 * events that have reached it and the timers that fired for it, then drains its work queue.
 */
export class ControlPlane implements Reactor {
  private readonly entries: { controller: Controller; informer: Informer; ctx: ControllerContext }[];

  constructor(
    private readonly cluster: Pick<Cluster, 'api' | 'store' | 'clock' | 'random'> & { timers: TimerQueue },
    controllers: Controller[] = defaultControllers(),
  ) {
    const recorder = new EventRecorder(cluster.api, () => cluster.clock.now(), new ComponentState(cluster.store, 'event-recorder'));
    this.entries = controllers.map((controller) => {
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
  }

  nextDue(): number | undefined {
    const timer = this.cluster.timers.nextDue();
    // The next write any informer has not seen, watched or not (delivering it moves the
    // cursors on; one query instead of one per watched prefix).
    const store = this.cluster.store;
    const cursor = Math.min(...this.entries.map((e) => e.informer.cursor()));
    const write = cursor < store.compactedRevision() ? 0 : store.firstChangeAfter(cursor, ['/registry/'])?.timeMs;
    const delivery = write === undefined ? undefined : write + INFORMER_LATENCY_MS;
    if (timer === undefined) return delivery;
    return delivery === undefined ? timer : Math.min(timer, delivery);
  }

  runDue(): void {
    const now = this.cluster.clock.now();
    const fired = this.cluster.timers.popDue(now);
    // Every controller's informer reads the same log: read what is visible now once.
    // (Informers whose cursor fell behind a compaction relist instead.)
    const from = Math.max(this.cluster.store.compactedRevision(), Math.min(...this.entries.map((e) => e.informer.cursor())));
    const batch = { from, ...this.cluster.api.changesWithLast(from, undefined, undefined, now - INFORMER_LATENCY_MS) };
    for (const { controller, informer, ctx } of this.entries) {
      const queue = new WorkQueue();
      for (const ev of informer.deliver(now, batch)) for (const k of controller.keysFor(ev, ctx)) queue.add(k);
      for (const t of fired) if (t.queue === controller.name) queue.add(t.key);
      for (let key = queue.next(); key !== undefined; key = queue.next()) {
        try {
          controller.sync(key, ctx);
        } catch (e) {
          if (e instanceof StatusError && (e.reason === 'Conflict' || e.reason === 'NotFound' || e.reason === 'AlreadyExists')) {
            ctx.requeueAfter(key, CONFLICT_RETRY_MS);
            continue;
          }
          throw e;
        }
      }
    }
  }
}

/** Brings the cluster up to its clock's current time (what every command does first). */
export function settle(cluster: Cluster): void {
  advanceTo(cluster, cluster.clock.now());
}

/** Runs everything due up to target in time order; a virtual clock then reads target. */
export function advanceTo(cluster: Cluster, target: number): void {
  catchUp(cluster.clock, cluster.controlPlane, (fn) => cluster.store.transaction(fn), target);
}
