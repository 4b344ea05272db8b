import { findByKind } from '../../apiserver/resources.js';
import type { Pod, PodCondition, PodStatus } from '../../api/core/v1/pod.js';
import { POD_PHASE } from '../../api/core/v1/pod.js';
import { isPodPhaseTerminal } from '../../api/core/v1/pod-util.js';
import { rfc3339 } from '../../sim/clock.js';
import { klogFor } from '../../logs/klog.js';
import type { ControllerContext } from '../framework/controller.js';

const PODS = findByKind('v1', 'Pod')!;

/** The klog source of markFailedAndDeletePodWithCondition's line (pkg/controller/podgc/gc_controller.go). */
const FORCE_DELETING_SOURCE = 'gc_controller.go:344';

/**
 * apipod.UpdatePodCondition: the condition with lastTransitionTime now, appended when the pod has
 * none of its type; replacing the old one otherwise, keeping its lastTransitionTime when its
 * status is the same. (The condition Pod GC writes carries no observedGeneration: it is not the
 * kubelet's.)
 */
export function withPodCondition(conditions: readonly PodCondition[], condition: Omit<PodCondition, 'lastProbeTime' | 'lastTransitionTime'>, nowMs: number): PodCondition[] {
  const i = conditions.findIndex((c) => c.type === condition.type);
  const old = i < 0 ? undefined : conditions[i];
  const lastTransitionTime = old && old.status === condition.status && old.lastTransitionTime ? old.lastTransitionTime : rfc3339(nowMs);
  // The members in the order the kubelet's conditions are kept (conditions.ts), message and reason last.
  const next: PodCondition = { lastProbeTime: null, lastTransitionTime, status: condition.status, type: condition.type };
  if (condition.message) next.message = condition.message;
  if (condition.reason) next.reason = condition.reason;
  if (i < 0) return [...conditions, next];
  return conditions.map((c, j) => (j === i ? next : c));
}

/**
 * markFailedAndDeletePodWithCondition: a pod that has not finished is first patched to phase
 * Failed (with the condition, if any) — a pod whose node is gone has no kubelet to do it, and would
 * stay Running forever — then deleted with grace period 0. The ReplicaSet counts it as gone from
 * the Failed write on (a Failed pod is not active), so its replacement is created in the same
 * instant.
 */
export function markFailedAndDelete(ctx: ControllerContext, pod: Pod, condition?: Omit<PodCondition, 'lastProbeTime' | 'lastTransitionTime'>): void {
  const namespace = pod.metadata.namespace ?? '';
  const name = pod.metadata.name ?? '';
  klogFor(ctx).info(0, FORCE_DELETING_SOURCE, 'PodGC is force deleting Pod', [['pod', `${namespace}/${name}`]]);
  const status: PodStatus = pod.status ?? {};
  if (!isPodPhaseTerminal(status.phase)) {
    const next: PodStatus = { ...status, phase: POD_PHASE.Failed };
    if (condition) next.conditions = withPodCondition(status.conditions ?? [], condition, ctx.clock.now());
    ctx.api.updateStatus(PODS, { ...pod, status: next });
  }
  ctx.api.delete(PODS, namespace, name, { gracePeriodSeconds: 0 });
}
