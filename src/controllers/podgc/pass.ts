import { StatusError } from '../../apiserver/errors.js';
import { findByKind } from '../../apiserver/resources.js';
import { asPod, type Pod } from '../../api/core/v1/pod.js';
import { asNode } from '../../api/core/v1/node.js';
import { CONDITION_STATUS, POD_CONDITION, POD_CONDITION_REASON } from '../../api/core/v1/pod-conditions.js';
import { klogFor, structuredText } from '../../logs/klog.js';
import type { ControllerContext } from '../framework/controller.js';
import { logUnhandledError } from '../framework/sync-errors.js';
import { markFailedAndDelete } from './mark-failed.js';
import { GC_CHECK_PERIOD_MS, QUARANTINE_MS } from './passes.js';
import { addAfter, nextReady, readQuarantine, takeReady, writeQuarantine } from './quarantine.js';
import { terminatedPodsToDelete } from './terminated.js';
import { terminatingPodsToDelete } from './terminating.js';
import { passAt } from './wake.js';

const PODS = findByKind('v1', 'Pod')!;
const NODES = findByKind('v1', 'Node')!;

/** The condition markFailedAndDeletePodWithCondition gives a pod of a node that is gone. */
const NODE_GONE = {
  type: POD_CONDITION.DisruptionTarget,
  status: CONDITION_STATUS.True,
  reason: POD_CONDITION_REASON.DeletionByPodGC,
  message: 'PodGC: node no longer exists',
} as const;

/** One gc() pass at the current instant (a pass instant: see passes.ts). */
export function gcPass(ctx: ControllerContext, threshold: number): void {
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
