/**
 * horizontal.go's reconcileAutoscaler: the target's scale, the range checks, the metrics'
 * proposal normalized (stabilization, rate limits, min/max), the rescale through the scale
 * subresource, and the status written only when it changed (updateStatusIfNeeded).
 */
import { findByKindOnly, type ResourceInfo } from '../../apiserver/resources.js';
import type { ApiServer } from '../../apiserver/server.js';
import type { Scale } from '../../api/autoscaling/v1/scale.js';
import {
  type HorizontalPodAutoscaler,
  type HorizontalPodAutoscalerStatus,
  type MetricSpec,
  type MetricStatus,
} from '../../api/autoscaling/v2/horizontal-pod-autoscaler.js';
import { jsonEqual, type JsonValue } from '../../common/json.js';
import { parseSelector, type Selector } from '../../labels/label-selector.js';
import type { Pod } from '../../api/core/v1/pod.js';
import { rfc3339 } from '../../sim/clock.js';
import {
  limitWithBehaviorRate,
  limitWithRules,
  stabilizeWithBehaviors,
  stabilizeWithoutBehavior,
  storeScaleEvent,
} from './behavior.js';
import { computeReplicasForMetrics } from './compute-metrics.js';
import { DEFAULT_CPU_UTILIZATION, scaleDownRules, scaleUpRules } from './defaults.js';
import { errorText } from './hpa-error.js';
import { closeRecommendations, recordRecommendation, type HpaMemory } from './recommendations.js';
import { condition, type SyncState } from './sync-state.js';

/** The memory of the HPA as the reconcile leaves it (undefined: unchanged). */
export interface ReconcileResult {
  memory?: HpaMemory;
  /** the status to write, when it differs from the stored one */
  status?: HorizontalPodAutoscalerStatus;
  /** an event upstream records after the status write (FailedComputeMetricsReplicas) */
  afterStatus?: { type: 'Warning'; reason: string; message: string };
}

/** The metrics of an HPA that has none: cpu at 80 % (the API server's default). */
function metricsOf(hpa: HorizontalPodAutoscaler): MetricSpec[] {
  const m = hpa.spec.metrics;
  if (m && m.length) return m;
  return [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
}

/** schema.ParseGroupVersion's group, or its error. */
function groupOf(apiVersion: string | undefined): string {
  const v = apiVersion ?? '';
  if (v === '' || v === 'v1') return '';
  const parts = v.split('/');
  if (parts.length === 1) return '';
  if (parts.length === 2) return parts[0] ?? '';
  throw new Error(`unexpected GroupVersion string: ${v}`);
}

/** RESTMappings of the target's group and kind, the first that serves it. */
function targetResource(group: string, kind: string): ResourceInfo {
  const found = findByKindOnly(kind).filter((r) => r.group === group);
  if (!found.length) throw new Error(`no matches for kind "${kind}" in group "${group}"`);
  return found[0]!;
}

/** Status in Go field order, the way setStatus builds it (currentReplicas omitted at 0). */
function statusOf(old: HorizontalPodAutoscalerStatus | undefined, currentReplicas: number, desiredReplicas: number, metrics: MetricStatus[] | undefined, s: SyncState, lastScaleTime?: string): HorizontalPodAutoscalerStatus {
  const lst = lastScaleTime ?? old?.lastScaleTime;
  const out = (lst ? { lastScaleTime: lst } : {}) as HorizontalPodAutoscalerStatus;
  if (currentReplicas) out.currentReplicas = currentReplicas;
  out.desiredReplicas = desiredReplicas;
  if (metrics && metrics.length) out.currentMetrics = metrics;
  if (s.conditions.length) out.conditions = s.conditions;
  return out;
}

/** The stored status's meaning, for updateStatusIfNeeded's comparison. */
function sameStatus(a: HorizontalPodAutoscalerStatus | undefined, b: HorizontalPodAutoscalerStatus): boolean {
  const norm = (x: HorizontalPodAutoscalerStatus | undefined) => ({
    lastScaleTime: x?.lastScaleTime ?? null,
    currentReplicas: x?.currentReplicas ?? 0,
    desiredReplicas: x?.desiredReplicas ?? 0,
    currentMetrics: x?.currentMetrics?.length ? x.currentMetrics : null,
    conditions: x?.conditions?.length ? x.conditions : null,
  });
  return jsonEqual(norm(a) as unknown as JsonValue, norm(b) as unknown as JsonValue);
}

export interface ReconcileDeps {
  api: ApiServer;
  memory: HpaMemory | undefined;
}

export function reconcileAutoscaler(s: SyncState, deps: ReconcileDeps): ReconcileResult {
  const hpa = s.hpa;
  const old = hpa.status;
  const ref = hpa.spec.scaleTargetRef;
  const period = s.settings.syncPeriodMs;
  let memory: HpaMemory = deps.memory ?? {};
  let memoryChanged = false;
  const setMemory = (m: HpaMemory) => {
    memory = m;
    memoryChanged = true;
  };
  const finish = (status: HorizontalPodAutoscalerStatus): ReconcileResult => {
    // A sync that recorded no recommendation ends the run of equal ones.
    const result: ReconcileResult = {};
    if (memoryChanged) result.memory = memory;
    if (!sameStatus(old, status)) result.status = status;
    return result;
  };
  const noRecommendation = () => {
    const closed = closeRecommendations(memory.recs, s.nowMs, period);
    if (closed) setMemory({ ...memory, recs: closed });
  };

  let info: ResourceInfo;
  let scale: Scale;
  try {
    info = targetResource(groupOf(ref.apiVersion), ref.kind);
    scale = deps.api.getScale(info, s.namespace, ref.name);
  } catch (e) {
    const text = errorText(e);
    s.event('Warning', 'FailedGetScale', text);
    condition(s, 'AbleToScale', 'False', 'FailedGetScale', `the HPA controller was unable to get the target's current scale: ${text}`);
    noRecommendation();
    return finish(statusOf(old, old?.currentReplicas ?? 0, old?.desiredReplicas ?? 0, old?.currentMetrics, s));
  }
  condition(s, 'AbleToScale', 'True', 'SucceededGetScale', "the HPA controller was able to get the target's current scale");
  const currentReplicas = scale.spec.replicas ?? 0;
  if (!memory.recs) setMemory({ ...memory, recs: recordRecommendation(undefined, currentReplicas, s.nowMs, period, 0) ?? [] });

  const minReplicas = hpa.spec.minReplicas ?? 1;
  const maxReplicas = hpa.spec.maxReplicas;
  let desiredReplicas = 0;
  let rescaleReason = '';
  let rescale = true;
  let metricStatuses: MetricStatus[] | undefined;
  let recorded = false;

  if (scale.spec.replicas === 0 && minReplicas !== 0) {
    desiredReplicas = 0;
    rescale = false;
    condition(s, 'ScalingActive', 'False', 'ScalingDisabled', 'scaling is disabled since the replica count of the target is zero');
  } else if (currentReplicas > maxReplicas) {
    rescaleReason = 'Current number of replicas above Spec.MaxReplicas';
    desiredReplicas = maxReplicas;
  } else if (currentReplicas < minReplicas) {
    rescaleReason = 'Current number of replicas below Spec.MinReplicas';
    desiredReplicas = minReplicas;
  } else {
    let selector: Selector | undefined;
    const podSelector = (): Selector => (selector ??= parseSelector(scale.status.selector ?? ''));
    let pods: readonly Pod[] | undefined;
    s.pods = () => (pods ??= s.listPods(podSelector()));
    const outcome = computeReplicasForMetrics(s, metricsOf(hpa), scale.status.selector, scale.spec.replicas ?? 0, scale.status.replicas ?? 0, podSelector);
    metricStatuses = outcome.statuses;
    if (outcome.replicas === -1) {
      const status = statusOf(old, currentReplicas, old?.desiredReplicas ?? 0, metricStatuses, s);
      noRecommendation();
      return { ...finish(status), afterStatus: { type: 'Warning', reason: 'FailedComputeMetricsReplicas', message: outcome.error ?? '' } };
    }
    const rescaleMetric = outcome.replicas > desiredReplicas ? outcome.metric : '';
    if (outcome.replicas > desiredReplicas) desiredReplicas = outcome.replicas;
    if (desiredReplicas > currentReplicas) rescaleReason = `${rescaleMetric} above target`;
    if (desiredReplicas < currentReplicas) rescaleReason = 'All metrics below target';
    desiredReplicas = hpa.spec.behavior ? normalizeWithBehaviors(s, memory, setMemory, currentReplicas, desiredReplicas, minReplicas) : normalize(s, memory, setMemory, currentReplicas, desiredReplicas, minReplicas);
    recorded = true;
    rescale = desiredReplicas !== currentReplicas;
  }
  if (!recorded) noRecommendation();

  let lastScaleTime: string | undefined;
  if (rescale) {
    try {
      deps.api.updateScale(info, s.namespace, ref.name, { replicas: desiredReplicas, ...(scale.metadata.resourceVersion ? { resourceVersion: scale.metadata.resourceVersion } : {}) });
    } catch (e) {
      const text = errorText(e);
      s.event('Warning', 'FailedRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}; error: ${text}`);
      condition(s, 'AbleToScale', 'False', 'FailedUpdateScale', `the HPA controller was unable to update the target scale: ${text}`);
      return finish(statusOf(old, currentReplicas, old?.desiredReplicas ?? 0, metricStatuses, s));
    }
    condition(s, 'AbleToScale', 'True', 'SucceededRescale', `the HPA controller was able to update the target scale to ${desiredReplicas}`);
    s.event('Normal', 'SuccessfulRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}`);
    const behavior = hpa.spec.behavior;
    if (behavior) {
      if (desiredReplicas > currentReplicas) {
        setMemory({ ...memory, up: storeScaleEvent(memory.up, desiredReplicas - currentReplicas, scaleUpRules(behavior.scaleUp), s.nowMs) });
      } else {
        setMemory({ ...memory, down: storeScaleEvent(memory.down, currentReplicas - desiredReplicas, scaleDownRules(behavior.scaleDown, s.settings.downscaleStabilizationMs), s.nowMs) });
      }
    }
    lastScaleTime = rfc3339(s.nowMs);
  } else {
    desiredReplicas = currentReplicas;
  }
  return finish(statusOf(old, currentReplicas, desiredReplicas, metricStatuses, s, lastScaleTime));
}

/** normalizeDesiredReplicas (no behavior): the downscale window's highest recommendation, then ×2/+4 and min/max. */
function normalize(s: SyncState, memory: HpaMemory, setMemory: (m: HpaMemory) => void, currentReplicas: number, desired: number, minReplicas: number): number {
  const period = s.settings.syncPeriodMs;
  const windowMs = s.settings.downscaleStabilizationMs;
  const stabilized = stabilizeWithoutBehavior(memory.recs ?? [], desired, windowMs, s.nowMs, period);
  const recs = recordRecommendation(memory.recs, desired, s.nowMs, period, windowMs);
  if (recs) setMemory({ ...memory, recs });
  if (stabilized !== desired) {
    condition(s, 'AbleToScale', 'True', 'ScaleDownStabilized', 'recent recommendations were higher than current one, applying the highest recent recommendation');
  } else {
    condition(s, 'AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size');
  }
  const limited = limitWithRules(currentReplicas, stabilized, minReplicas, s.hpa.spec.maxReplicas);
  condition(s, 'ScalingLimited', limited.replicas === stabilized ? 'False' : 'True', limited.reason, limited.message);
  return limited.replicas;
}

/** normalizeDesiredReplicasWithBehaviors: both windows' stabilization, then the policies' rates and min/max. */
function normalizeWithBehaviors(s: SyncState, memory: HpaMemory, setMemory: (m: HpaMemory) => void, currentReplicas: number, desired: number, minReplicas: number): number {
  const period = s.settings.syncPeriodMs;
  const behavior = s.hpa.spec.behavior ?? {};
  const up = scaleUpRules(behavior.scaleUp);
  const down = scaleDownRules(behavior.scaleDown, s.settings.downscaleStabilizationMs);
  const st = stabilizeWithBehaviors(memory.recs ?? [], currentReplicas, desired, up.stabilizationWindowSeconds, down.stabilizationWindowSeconds, s.nowMs, period);
  const keepMs = Math.max(up.stabilizationWindowSeconds, down.stabilizationWindowSeconds) * 1000;
  const recs = recordRecommendation(memory.recs, desired, s.nowMs, period, keepMs);
  if (recs) setMemory({ ...memory, recs });
  if (st.replicas !== desired) condition(s, 'AbleToScale', 'True', st.reason, st.message);
  else condition(s, 'AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size');
  const limited = limitWithBehaviorRate(
    { currentReplicas, desiredReplicas: st.replicas, minReplicas, maxReplicas: s.hpa.spec.maxReplicas, up, down },
    memory.up,
    memory.down,
    s.nowMs,
  );
  condition(s, 'ScalingLimited', limited.replicas === st.replicas ? 'False' : 'True', limited.reason, limited.message);
  return limited.replicas;
}
