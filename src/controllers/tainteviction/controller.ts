/**
 * The taint-eviction controller (kube-controller-manager's `taint-eviction-controller`,
 * pkg/controller/tainteviction): deletes the pods of a node with NoExecute taints they do not
 * tolerate — at once, or when the shortest tolerationSeconds of the tolerations used runs out,
 * counted from when the controller saw the pod on the tainted node (upstream's TimedWorker
 * CreatedAt, not the taint's timeAdded). Removing the taints, or a toleration that now tolerates
 * them forever, cancels a waiting deletion (`Cancelling deletion of Pod NS/NAME`).
 *
 * Keys: a node name (its NoExecute taints changed: handleNodeUpdate) or `namespace/name` of a pod
 * (a pod on a tainted node, or one with an eviction: handlePodUpdate, and the eviction's
 * instant). A waiting eviction is one timer at its instant, cancelled with it: a tainted node
 * costs nothing between the instants that matter.
 */
import type { WatchEvent } from '../../apiserver/server.js';
import { findByKind, resourceForKey } from '../../apiserver/resources.js';
import { asNode } from '../../api/core/v1/node.js';
import { asPod } from '../../api/core/v1/pod.js';
import type { Taint } from '../../api/core/v1/taint.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { type Controller, type ControllerContext, objectKey, splitKey } from '../framework/controller.js';
import { POD, TAINT_EVICTION_CONTROLLER, evictPod, recordCancelled } from './evict.js';
import { EMPTY_MEMORY, memory, seenAs, setEviction, setNodeTaints, setSeenPod } from './memory.js';
import { decideEviction, noExecuteTaints } from './timing.js';

const NODE = findByKind('v1', 'Node')!;

export { TAINT_EVICTION_CONTROLLER };

/** Whether two lists of taints are the same (upstream's Semantic.DeepEqual of the NoExecute taints). */
function sameTaints(a: readonly Taint[] | undefined, b: readonly Taint[]): boolean {
  return JSON.stringify(a ?? []) === JSON.stringify(b);
}

const podKeyOf = (pod: KubeObject) => objectKey(pod.metadata.namespace, pod.metadata.name ?? '');

/** What upstream's pod update handler compares old and new pods by: node name and tolerations. */
function fingerprint(pod: KubeObject): string {
  const spec = asPod(pod).spec;
  return JSON.stringify([spec?.nodeName ?? '', spec?.tolerations ?? []]);
}

export function taintEvictionController(): Controller {
  return {
    name: TAINT_EVICTION_CONTROLLER,
    watches: [POD, NODE],
    keysFor(ev: WatchEvent, ctx: ControllerContext): readonly string[] {
      const m = memory(ctx.state);
      if ((ev.resource ?? resourceForKey(ev.key)) === NODE) {
        const name = ev.object.metadata.name ?? '';
        const now = ev.type === 'DELETED' ? [] : noExecuteTaints(asNode(ev.object).spec?.taints);
        return sameTaints(m.nodes[name], now) ? [] : [name];
      }
      // No tainted node and no eviction (most clusters, most of the time): no pod matters, and
      // the pod is not even decoded.
      if (m === EMPTY_MEMORY) return [];
      const key = podKeyOf(ev.object);
      if (m.evictions[key]) return [key];
      const nodeName = asPod(ev.object).spec?.nodeName;
      return nodeName && m.nodes[nodeName] ? [key] : [];
    },
    sync(key: string, ctx: ControllerContext): void {
      if (key.includes('/')) syncPod(key, ctx);
      else syncNode(key, ctx);
    },
    // A relist never says which pods and nodes went meanwhile: what is remembered of them goes here.
    relisted(ctx: ControllerContext): void {
      const m = memory(ctx.state);
      for (const key of Object.keys(m.evictions)) {
        const { namespace, name } = splitKey(key);
        if (!ctx.api.tryGet(POD, namespace, name)) cancelEviction(ctx, key);
      }
      for (const name of Object.keys(m.nodes)) if (!ctx.api.tryGet(NODE, undefined, name)) setNodeTaints(ctx.state, name, []);
    },
  };
}

/** cancelWorkWithEvent: forgets the pod's eviction; a waiting one is cancelled with an event. */
function cancelEviction(ctx: ControllerContext, podKey: string): void {
  const e = memory(ctx.state).evictions[podKey];
  if (!e) return;
  if ('fireAtMs' in e) {
    ctx.timers.cancel(TAINT_EVICTION_CONTROLLER, podKey);
    recordCancelled(ctx, podKey);
  }
  setEviction(ctx.state, podKey, undefined);
}

/** processPodOnNode, carried out: cancel, then add the work (run now when it is due now). */
function processPod(ctx: ControllerContext, pod: KubeObject, taints: readonly Taint[]): void {
  const key = podKeyOf(pod);
  const now = ctx.clock.now();
  const d = decideEviction(taints, asPod(pod).spec?.tolerations ?? [], memory(ctx.state).evictions[key], now);
  if (d.cancel) cancelEviction(ctx, key);
  if (!d.add || memory(ctx.state).evictions[key]) return;
  if (d.add.fireAtMs <= now) {
    runEviction(ctx, key);
    return;
  }
  setEviction(ctx.state, key, d.add);
  ctx.requeueAfter(key, d.add.fireAtMs - now);
}

function runEviction(ctx: ControllerContext, podKey: string): void {
  evictPod(ctx, podKey);
  setEviction(ctx.state, podKey, { doneAtMs: ctx.clock.now() });
}

/** handlePodUpdate, and the instant of the pod's waiting eviction. */
function syncPod(key: string, ctx: ControllerContext): void {
  const { namespace, name } = splitKey(key);
  const pod = ctx.api.tryGet(POD, namespace, name);
  if (!pod) {
    cancelEviction(ctx, key);
    setSeenPod(ctx.state, key, undefined);
    return;
  }
  const waiting = memory(ctx.state).evictions[key];
  if (waiting && 'fireAtMs' in waiting && waiting.fireAtMs <= ctx.clock.now()) runEviction(ctx, key);
  // Upstream's update handler lets through only a change of node name or tolerations.
  const fp = fingerprint(pod);
  if (seenAs(ctx.state, key, fp)) return;
  const nodeName = asPod(pod).spec?.nodeName;
  if (!nodeName) return;
  const taints = memory(ctx.state).nodes[nodeName];
  if (!taints) return;
  setSeenPod(ctx.state, key, fp);
  processPod(ctx, pod, taints);
}

/** handleNodeUpdate: the node's NoExecute taints remembered, then each of its pods processed. */
function syncNode(name: string, ctx: ControllerContext): void {
  const node = ctx.api.tryGet(NODE, undefined, name);
  const taints = node ? noExecuteTaints(asNode(node).spec?.taints) : [];
  if (!sameTaints(memory(ctx.state).nodes[name], taints)) setNodeTaints(ctx.state, name, taints);
  const pods = ctx.api.list(POD, undefined, (p) => asPod(p).spec?.nodeName === name);
  if (!node) {
    // Upstream only forgets the node; its pods' memory goes with it here.
    for (const p of pods) setSeenPod(ctx.state, podKeyOf(p), undefined);
    return;
  }
  if (taints.length === 0) {
    for (const p of pods) {
      cancelEviction(ctx, podKeyOf(p));
      setSeenPod(ctx.state, podKeyOf(p), undefined);
    }
    return;
  }
  for (const p of pods) {
    setSeenPod(ctx.state, podKeyOf(p), fingerprint(p));
    processPod(ctx, p, taints);
  }
}
