import type { WatchEvent } from '../../apiserver/server.js';
import { StatusError } from '../../apiserver/errors.js';
import { findByKind, storagePrefix } from '../../apiserver/resources.js';
import { asPod, type Pod } from '../../api/core/v1/pod.js';
import { asNode, type Node } from '../../api/core/v1/node.js';
import { isPodPhaseTerminal } from '../../api/core/v1/pod-util.js';
import { CONDITION_STATUS, POD_CONDITION, POD_CONDITION_REASON } from '../../api/core/v1/pod-conditions.js';
import { klogFor, structuredText } from '../../logs/klog.js';
import type { Controller, ControllerContext } from '../framework/controller.js';
import { logUnhandledError } from '../framework/sync-errors.js';
import { markFailedAndDelete } from './mark-failed.js';
import { GC_CHECK_PERIOD_MS, passAtOrAfter, QUARANTINE_MS, quarantineEndsAt, TERMINATED_POD_GC_THRESHOLD } from './passes.js';
import { addAfter, nextReady, readQuarantine, takeReady, writeQuarantine } from './quarantine.js';
import { isPodTerminated, terminatedPodsToDelete } from './terminated.js';
import { forceDeletesTerminating, terminatingPodsToDelete } from './terminating.js';

const PODS = findByKind('v1', 'Pod')!;
const NODES = findByKind('v1', 'Node')!;
const NODES_PREFIX = storagePrefix(NODES, undefined);

/** The controller's name in kube-controller-manager (names.PodGarbageCollectorController). */
export const POD_GC_CONTROLLER = 'pod-garbage-collector-controller';

/** The one work-queue key: a gc() pass at the instant its timer fires. */
const PASS = 'gc';

/** The condition markFailedAndDeletePodWithCondition gives a pod of a node that is gone. */
const NODE_GONE = {
  type: POD_CONDITION.DisruptionTarget,
  status: CONDITION_STATUS.True,
  reason: POD_CONDITION_REASON.DeletionByPodGC,
  message: 'PodGC: node no longer exists',
} as const;

export interface PodGcOptions {
  /** --terminated-pod-gc-threshold (default 12,500; 0 or less turns that part off) */
  terminatedPodThreshold?: number;
}

/**
 * kube-controller-manager's pod garbage collector (pkg/controller/podgc). Its gc() pass:
 *
 * - gcTerminated: beyond --terminated-pod-gc-threshold terminated pods, the excess goes (terminated.ts);
 * - gcTerminating: pods being deleted on a NotReady node tainted node.kubernetes.io/out-of-service
 *   (terminating.ts) are marked Failed and deleted with grace period 0;
 * - gcOrphaned: a pod bound to a node that no longer exists (after the node's quarantine, passes.ts)
 *   is patched to phase Failed with DisruptionTarget True `DeletionByPodGC` `PodGC: node no longer
 *   exists`, then deleted with grace period 0;
 * - gcUnscheduledTerminating: a pod being deleted that was never bound to a node (one a finalizer
 *   keeps) is marked Failed and deleted with grace period 0.
 *
 * Upstream runs the pass every 20 s whether or not there is anything to collect; here the event
 * handlers schedule a pass only at the instant one would act: a node deleted under pods, a pod
 * bound to a node that does not exist, an unscheduled pod being deleted, a pod being deleted on
 * (or a node becoming) an out-of-service NotReady node, a pod terminating while more than the
 * threshold have. An idle cluster costs no step.
 */
export function podGcController(opts: PodGcOptions = {}): Controller {
  const threshold = opts.terminatedPodThreshold ?? TERMINATED_POD_GC_THRESHOLD;
  // What the event handlers of one step looked up (reset at the end of each step).
  const nodeKnown = new Map<string, Node | null>();
  let overThreshold: boolean | undefined;

  const nodeNamed = (ctx: ControllerContext, name: string): Node | undefined => {
    let known = nodeKnown.get(name);
    if (known === undefined) {
      const found = ctx.api.tryGet(NODES, undefined, name);
      nodeKnown.set(name, (known = found ? asNode(found) : null));
    }
    return known ?? undefined;
  };
  /** More terminated pods than the threshold: only then can a terminating pod make a pass act. */
  const terminatedOverThreshold = (ctx: ControllerContext): boolean => {
    if (overThreshold !== undefined) return overThreshold;
    const pods = ctx.api.listShared(PODS, undefined);
    overThreshold = pods.length > threshold && pods.filter((p) => isPodTerminated(asPod(p))).length > threshold;
    return overThreshold;
  };

  return {
    name: POD_GC_CONTROLLER,
    watches: [PODS, NODES],
    keysFor(ev: WatchEvent, ctx: ControllerContext): string[] {
      const now = ctx.clock.now();
      const epoch = ctx.clock.settings.epochMs;
      if (ev.key.startsWith(NODES_PREFIX)) {
        const name = ev.object.metadata.name ?? '';
        nodeKnown.delete(name);
        if (ev.type !== 'DELETED') {
          // A node out of service now: its pods being deleted go at the next pass.
          if (!forceDeletesTerminating(asNode(ev.object))) return [];
          const terminating = ctx.api.listShared(PODS, undefined).some((p) => asPod(p).spec?.nodeName === name && p.metadata.deletionTimestamp);
          return terminating ? passAt(ctx, passAtOrAfter(now, epoch)) : [];
        }
        const bound = ctx.api.listShared(PODS, undefined).some((p) => asPod(p).spec?.nodeName === name);
        return bound ? quarantine(ctx, name, quarantineEndsAt(now, epoch)) : [];
      }
      if (ev.type === 'DELETED') return [];
      const pod = asPod(ev.object);
      const nodeName = pod.spec?.nodeName ?? '';
      const keys: string[] = [];
      if (nodeName) {
        // Our own Failed write of a pod we then deleted comes back too: only a pod still there counts.
        const node = nodeNamed(ctx, nodeName);
        if (!node && stillThere(ctx, pod)) keys.push(...quarantine(ctx, nodeName, quarantineEndsAt(now, epoch)));
        else if (node && forceDeleting(pod) && forceDeletesTerminating(node) && stillThere(ctx, pod)) keys.push(...passAt(ctx, passAtOrAfter(now, epoch)));
      } else if (forceDeleting(pod)) {
        keys.push(...passAt(ctx, passAtOrAfter(now, epoch)));
      }
      if (threshold > 0 && isPodTerminated(pod) && terminatedOverThreshold(ctx)) keys.push(...passAt(ctx, passAtOrAfter(now, epoch)));
      return keys;
    },
    sync(key: string, ctx: ControllerContext): void {
      if (key === PASS) gcPass(ctx, threshold);
    },
    endStep(): void {
      nodeKnown.clear();
      overThreshold = undefined;
    },
  };
}

/**
 * A pod being deleted that a pass would force-delete: not one already marked Failed and deleted
 * with grace 0 (a finalizer holds it; a pass would change nothing).
 */
function forceDeleting(pod: Pod): boolean {
  return pod.metadata.deletionTimestamp !== undefined && !(isPodPhaseTerminal(pod.status?.phase) && pod.metadata.deletionGracePeriodSeconds === 0);
}

function stillThere(ctx: ControllerContext, pod: Pod): boolean {
  const now = ctx.api.tryGet(PODS, pod.metadata.namespace, pod.metadata.name ?? '');
  return now !== undefined && now.metadata.uid === pod.metadata.uid;
}

/** A pass at dueMs: in this step when that is now (the key), else a timer. */
function passAt(ctx: ControllerContext, dueMs: number): string[] {
  if (dueMs <= ctx.clock.now()) return [PASS];
  ctx.timers.schedule({ queue: POD_GC_CONTROLLER, key: PASS, dueMs });
  return [];
}

/** The node goes into quarantine until readyMs (unless it waits already); the pass that ends it is scheduled. */
function quarantine(ctx: ControllerContext, node: string, readyMs: number): string[] {
  const q = readQuarantine(ctx.state);
  if (!addAfter(q, node, readyMs)) return [];
  writeQuarantine(ctx.state, q);
  return passAt(ctx, readyMs);
}

/** One gc() pass at the current instant (a pass instant: see passes.ts). */
function gcPass(ctx: ControllerContext, threshold: number): void {
  const now = ctx.clock.now();
  const log = klogFor(ctx);
  const pods = ctx.api.list(PODS, undefined).map(asPod);
  const nodes = new Map(ctx.api.list(NODES, undefined).map((n) => [n.metadata.name ?? '', asNode(n)] as const));
  const existing = new Set(nodes.keys());
  const q = readQuarantine(ctx.state);
  try {
    // gcTerminated
    const excess = terminatedPodsToDelete(pods, threshold);
    if (excess.length) {
      log.info(0, 'gc_controller.go:206', 'Garbage collecting pods', [['numPods', excess.length]]);
      for (const pod of excess) attempt(ctx, 'gc_controller.go:216', () => markFailedAndDelete(ctx, pod));
    }

    // gcTerminating: a node's lister error for each terminating pod whose node it does not hold.
    for (const pod of pods) {
      const n = pod.spec?.nodeName ?? '';
      if (pod.metadata.deletionTimestamp && !nodes.has(n)) {
        log.write('E', 'gc_controller.go:153', structuredText('Failed to get node', [['err', `node ${JSON.stringify(n)} not found`], ['node', n]]));
      }
    }
    const outOfService = terminatingPodsToDelete(pods, (n) => nodes.get(n));
    if (outOfService.length) {
      log.info(4, 'gc_controller.go:171', 'Garbage collecting pods that are terminating on node tainted with node.kubernetes.io/out-of-service', [['numPods', outOfService.length]]);
      for (const pod of outOfService) {
        const current = currentPod(ctx, pod);
        if (current && !attempt(ctx, 'gc_controller.go:182', () => markFailedAndDelete(ctx, current))) passAt(ctx, now + GC_CHECK_PERIOD_MS);
      }
    }

    // gcOrphaned: newly seen missing nodes go into quarantine; those out of it and still missing
    // (a GET says NotFound) lose their pods.
    for (const pod of pods) {
      const n = pod.spec?.nodeName ?? '';
      if (n && !existing.has(n)) addAfter(q, n, now + QUARANTINE_MS);
    }
    const deleted = new Set(takeReady(q, now).filter((n) => !existing.has(n) && ctx.api.tryGet(NODES, undefined, n) === undefined));
    for (const pod of pods) {
      const n = pod.spec?.nodeName ?? '';
      if (!deleted.has(n)) continue;
      const current = currentPod(ctx, pod);
      if (!current) continue;
      const ref = `${current.metadata.namespace ?? ''}/${current.metadata.name ?? ''}`;
      log.info(2, 'gc_controller.go:249', 'Found orphaned Pod assigned to the Node, deleting', [['pod', ref], ['node', n]]);
      if (attempt(ctx, 'gc_controller.go:257', () => markFailedAndDelete(ctx, current, NODE_GONE))) {
        log.info(0, 'gc_controller.go:260', 'Forced deletion of orphaned Pod succeeded', [['pod', ref]]);
      } else {
        // Its node goes back into quarantine at the next pass, as upstream's does.
        addAfter(q, n, now + GC_CHECK_PERIOD_MS + QUARANTINE_MS);
      }
    }

    // gcUnscheduledTerminating
    for (const pod of pods) {
      if (!pod.metadata.deletionTimestamp || pod.spec?.nodeName) continue;
      const current = currentPod(ctx, pod);
      if (!current) continue;
      const ref = `${current.metadata.namespace ?? ''}/${current.metadata.name ?? ''}`;
      log.info(2, 'gc_controller.go:307', 'Found unscheduled terminating Pod not assigned to any Node, deleting', [['pod', ref]]);
      if (attempt(ctx, 'gc_controller.go:309', () => markFailedAndDelete(ctx, current))) {
        log.info(0, 'gc_controller.go:312', 'Forced deletion of unscheduled terminating Pod succeeded', [['pod', ref]]);
      } else {
        passAt(ctx, now + GC_CHECK_PERIOD_MS);
      }
    }
  } finally {
    writeQuarantine(ctx.state, q);
    const next = nextReady(q);
    if (next !== undefined) passAt(ctx, Math.max(next, now + 1));
  }
}

/** The pod as stored now, if it is still the same pod (an earlier part of the pass may have deleted it). */
function currentPod(ctx: ControllerContext, pod: Pod): Pod | undefined {
  const found = ctx.api.tryGet(PODS, pod.metadata.namespace, pod.metadata.name ?? '');
  return found && found.metadata.uid === pod.metadata.uid ? asPod(found) : undefined;
}

/**
 * One pod's deletion: an API error is utilruntime.HandleError's line and the pass goes on with the
 * next pod (upstream deletes each in a goroutine of its own); whether it succeeded.
 */
function attempt(ctx: ControllerContext, source: string, fn: () => void): boolean {
  try {
    fn();
    return true;
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    logUnhandledError(klogFor(ctx), source, e.message);
    return false;
  }
}
