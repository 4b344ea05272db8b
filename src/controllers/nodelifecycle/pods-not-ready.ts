import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { POD_CONDITION, CONDITION_STATUS } from '../../api/core/v1/pod-conditions.js';
import { findByKind } from '../../apiserver/resources.js';
import type { ControllerContext } from '../framework/controller.js';
import { NODE_CONTROLLER_COMPONENT } from './config.js';

const PODS = findByKind('v1', 'Pod')!;

/**
 * MarkPodsNotReady (pkg/controller/util/node): each pod bound to the node whose Ready condition
 * is not False gets it False (transitioned now; reason and message as they were), written
 * through the status subresource, then a Warning `NodeNotReady` "Node is not ready" on the pod.
 * A pod without a Ready condition (never started) is left alone.
 */
export function markPodsNotReady(ctx: ControllerContext, nodeName: string, now: string): void {
  const pods = ctx.api.list(PODS, undefined, (o: KubeObject) => asPod(o).spec?.nodeName === nodeName);
  for (const obj of pods) {
    const pod = asPod(obj);
    const conditions = pod.status?.conditions ?? [];
    const i = conditions.findIndex((c) => c.type === POD_CONDITION.Ready);
    const ready = conditions[i];
    if (!ready || ready.status === CONDITION_STATUS.False) continue;
    const next = conditions.map((c, j) => (j === i ? { ...c, status: CONDITION_STATUS.False, lastTransitionTime: now } : c));
    try {
      ctx.api.updateStatus(PODS, { ...pod, status: { ...pod.status, conditions: next } });
    } catch (e) {
      // gone since the list (NotFound): nothing left to mark
      if (ctx.api.tryGet(PODS, pod.metadata.namespace, pod.metadata.name ?? '')) throw e;
      continue;
    }
    ctx.events.record({ involved: pod, type: 'Warning', reason: 'NodeNotReady', message: 'Node is not ready', component: NODE_CONTROLLER_COMPONENT });
  }
}
