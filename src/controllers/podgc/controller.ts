import type { WatchEvent } from '../../apiserver/server.js';
import { findByKind, storagePrefix } from '../../apiserver/resources.js';
import { asPod, type Pod } from '../../api/core/v1/pod.js';
import { asNode, type Node } from '../../api/core/v1/node.js';
import { isPodPhaseTerminal } from '../../api/core/v1/pod-util.js';
import type { Controller, ControllerContext } from '../framework/controller.js';
import { gcPass } from './pass.js';
import { passAtOrAfter, quarantineEndsAt, TERMINATED_POD_GC_THRESHOLD } from './passes.js';
import { isPodTerminated } from './terminated.js';
import { forceDeletesTerminating } from './terminating.js';
import { PASS, passAt, POD_GC_CONTROLLER, quarantineNode } from './wake.js';

export { POD_GC_CONTROLLER } from './wake.js';

const PODS = findByKind('v1', 'Pod')!;
const NODES = findByKind('v1', 'Node')!;
const NODES_PREFIX = storagePrefix(NODES, undefined);

export interface PodGcOptions {
  /** --terminated-pod-gc-threshold (default 12,500; 0 or less turns that part off) */
  terminatedPodThreshold?: number;
}

/**
 * kube-controller-manager's pod garbage collector (pkg/controller/podgc). Its gc() pass (pass.ts):
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
        return bound ? quarantineNode(ctx, name, quarantineEndsAt(now, epoch)) : [];
      }
      if (ev.type === 'DELETED') return [];
      const pod = asPod(ev.object);
      const nodeName = pod.spec?.nodeName ?? '';
      const keys: string[] = [];
      if (nodeName) {
        // Our own Failed write of a pod we then deleted comes back too: only a pod still there counts.
        const node = nodeNamed(ctx, nodeName);
        if (!node && stillThere(ctx, pod)) keys.push(...quarantineNode(ctx, nodeName, quarantineEndsAt(now, epoch)));
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
