import type { ApiServer, WatchEvent } from '../../apiserver/server.js';
import type { ResourceInfo } from '../../apiserver/resources.js';
import type { ClusterClock } from '../../sim/clock.js';
import type { RandomSource } from '../../sim/random.js';
import type { TimerQueue } from '../../storage/timers.js';
import type { EventRecorder } from './events.js';
import type { ComponentState } from './state.js';

/** What a controller works with: the API server, the cluster clock, randomness and wake-ups. */
export interface ControllerContext {
  api: ApiServer;
  clock: ClusterClock;
  random: RandomSource;
  timers: TimerQueue;
  /** wakes this controller for key after delayMs of cluster time (workqueue AddAfter) */
  requeueAfter(key: string, delayMs: number): void;
  /** records core/v1 Events with this controller as the source */
  events: EventRecorder;
  /** this controller's private memory (not visible through the API) */
  state: ComponentState;
}

/** A sync that threw, as the controller's error handling sees it. */
export interface SyncFailure {
  key: string;
  error: unknown;
  /** the error's text (what Go's err.Error() would be) */
  message: string;
  /** how many times in a row the key failed before this (queue.NumRequeues) */
  requeues: number;
}

/**
 * A controller of the embedded control plane, shaped like a kube-controller-manager controller:
 * informers deliver watch events of the resources it watches, its event handlers turn them into
 * work-queue keys, and sync reconciles one key at a time through the API server.
 */
export interface Controller {
  /** the component name, also the event source (`deployment-controller`, `default-scheduler`) */
  readonly name: string;
  /** the resources whose watch events reach this controller */
  readonly watches: readonly ResourceInfo[];
  /**
   * the event handlers: which keys an event puts on the work queue (a frozen list may be handed
   * again for later events: the control plane adds it once per step)
   */
  keysFor(event: WatchEvent, ctx: ControllerContext): readonly string[];
  /** reconciles one key */
  sync(key: string, ctx: ControllerContext): void;
  /**
   * The controller's part of processNextWorkItem's error handling, after sync threw: logs the
   * failure as upstream does, and says whether the key is retried (with the work queue's
   * rate-limited back-off) or dropped ('forget', as the deployment controller does after
   * maxRetries). Without it the key is retried and nothing is logged (the kubelet's and the
   * scheduler's own logs are not emulated).
   */
  syncFailed?(failure: SyncFailure, ctx: ControllerContext): 'retry' | 'forget';
  /**
   * A controller that skips periods which cannot change anything (the kubelet's quiet probe
   * ticks) says where they would have been: the latest such instant in (afterMs, untilMs].
   * Ticking one period at a time, a step ran there; a virtual-clock wait that ends because
   * nothing is due any more stops its clock there, as it did then (cluster/time.ts).
   */
  lastQuietInstant?(afterMs: number, untilMs: number, ctx: ControllerContext): number | undefined;
  /**
   * Called once the controller's work queue of a control-plane step is drained (still inside
   * the step's transaction): a controller that keeps its own index of what its informer saw
   * writes back here what the step changed, once, instead of at every event.
   */
  endStep?(ctx: ControllerContext): void;
  /**
   * Called before the informer relists (its cursor fell behind a compaction: every object arrives
   * as ADDED, deletions in between are never seen): a controller's own index of what it saw is
   * no longer to be trusted.
   */
  relisted?(ctx: ControllerContext): void;
}

/** The work-queue key of an object: `namespace/name`, or `name` when cluster-scoped. */
export function objectKey(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

/** Splits a key made by objectKey. */
export function splitKey(key: string): { namespace: string | undefined; name: string } {
  const i = key.indexOf('/');
  return i < 0 ? { namespace: undefined, name: key } : { namespace: key.slice(0, i), name: key.slice(i + 1) };
}
