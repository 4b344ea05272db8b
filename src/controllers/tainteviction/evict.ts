/**
 * Carrying out an eviction (pkg/controller/tainteviction deletePodHandler and
 * addConditionAndDeletePod): the `TaintManagerEviction` event `Marking for deletion Pod NS/NAME`,
 * the pod's DisruptionTarget condition (True, `DeletionByTaintManager`, `Taint manager: deleting
 * due to NoExecute taint`, written through the status subresource when it changes anything), then
 * a delete with default options: graceful, the pod's own terminationGracePeriodSeconds.
 */
import { findByKind } from '../../apiserver/resources.js';
import { StatusError } from '../../apiserver/errors.js';
import { asPod, type PodCondition } from '../../api/core/v1/pod.js';
import { DISRUPTION_TARGET_REASON, POD_CONDITION_DISRUPTION_TARGET } from '../../api/core/v1/pod-conditions.js';
import { rfc3339 } from '../../sim/clock.js';
import { klogFor, structuredText } from '../../logs/klog.js';
import type { ControllerContext } from '../framework/controller.js';
import { splitKey } from '../framework/controller.js';

export const POD = findByKind('v1', 'Pod')!;

/** The controller's name: its work queue, its state, the events' source. */
export const TAINT_EVICTION_CONTROLLER = 'taint-eviction-controller';

/** The event reason of both the eviction and its cancellation. */
export const TAINT_MANAGER_EVICTION = 'TaintManagerEviction';

/** The involved object of the controller's events: a reference without uid (upstream builds it from the name alone). */
function podRef(podKey: string) {
  const { namespace, name } = splitKey(podKey);
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, ...(namespace ? { namespace } : {}) } };
}

/** emitCancelPodDeletionEvent */
export function recordCancelled(ctx: ControllerContext, podKey: string): void {
  ctx.events.record({ involved: podRef(podKey), type: 'Normal', reason: TAINT_MANAGER_EVICTION, message: `Cancelling deletion of Pod ${podKey}`, component: TAINT_EVICTION_CONTROLLER });
}

/** UpdatePodCondition's result for DisruptionTarget; undefined when the pod has it as wanted. */
function withDisruptionTarget(conditions: readonly PodCondition[], nowMs: number): PodCondition[] | undefined {
  const i = conditions.findIndex((c) => c.type === POD_CONDITION_DISRUPTION_TARGET);
  const old = i >= 0 ? conditions[i] : undefined;
  const next: PodCondition = {
    type: POD_CONDITION_DISRUPTION_TARGET,
    status: 'True',
    lastProbeTime: null,
    lastTransitionTime: old?.status === 'True' && old.lastTransitionTime ? old.lastTransitionTime : rfc3339(nowMs),
    reason: DISRUPTION_TARGET_REASON.DeletionByTaintManager,
    message: 'Taint manager: deleting due to NoExecute taint',
  };
  if (old && old.status === next.status && old.reason === next.reason && old.message === next.message) return undefined;
  const out = [...conditions];
  if (i >= 0) out[i] = next;
  else out.push(next);
  return out;
}

/**
 * deletePodHandler: its log line (kube-controller-manager's, at the default verbosity), the event
 * (even for a pod already gone), then condition and delete.
 */
export function evictPod(ctx: ControllerContext, podKey: string): void {
  klogFor(ctx).write('I', 'taint_eviction.go:110', structuredText('Deleting pod', [['controller', TAINT_EVICTION_CONTROLLER], ['pod', podKey]]));
  ctx.events.record({ involved: podRef(podKey), type: 'Normal', reason: TAINT_MANAGER_EVICTION, message: `Marking for deletion Pod ${podKey}`, component: TAINT_EVICTION_CONTROLLER });
  const { namespace, name } = splitKey(podKey);
  try {
    const pod = ctx.api.get(POD, namespace, name);
    const conditions = withDisruptionTarget(asPod(pod).status?.conditions ?? [], ctx.clock.now());
    if (conditions) ctx.api.updateStatus(POD, { ...pod, status: { ...asPod(pod).status, conditions } });
    ctx.api.delete(POD, namespace, name);
  } catch (e) {
    // Gone meanwhile: nothing left to delete (upstream's retries would all fail the same way).
    if (e instanceof StatusError && e.reason === 'NotFound') return;
    throw e;
  }
}
