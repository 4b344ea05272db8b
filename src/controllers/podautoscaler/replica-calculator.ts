/**
 * replica_calculator.go: the replica count one metric proposes. Pure functions over the pods,
 * the samples and the settings; the controller reads both through the API and the metrics
 * reader (metrics-client.ts).
 */
import type { Pod } from '../../api/core/v1/pod.js';
import { HpaError } from './hpa-error.js';
import { calculateRequests, groupPods, readyPodsCount, type PodMetricsInfo, type ReadinessSettings } from './pod-groups.js';
import { isWithin, type Tolerances } from './tolerances.js';
import { metricUsageRatio, resourceUtilizationRatio } from './utilization.js';

const MAX_INT32 = 2147483647;
const MAX_INT64 = Number.MAX_SAFE_INTEGER;

function ceilInt32(x: number): number {
  return x > MAX_INT32 ? MAX_INT32 : Math.ceil(x);
}

/**
 * GetResourceReplicas (after the samples were read): Utilization against requests. Ignored
 * (deleting, terminal) and unready pods are left out; without unready or missing pods the
 * answer is ⌈ratio × ready⌉ outside the tolerance. Otherwise missing pods count as 0 % on a
 * scale-up and max(100 %, target) of their request on a scale-down, unready pods as 0 % on a
 * scale-up, and the ratio is computed again: inside the tolerance or in the other direction,
 * no change; else ⌈newRatio × counted pods⌉ unless that turns the direction around.
 */
export function resourceReplicas(
  currentReplicas: number,
  targetUtilization: number,
  resource: string,
  tolerances: Tolerances,
  pods: readonly Pod[],
  sampled: PodMetricsInfo,
  container: string,
  s: ReadinessSettings,
): { replicas: number; utilization: number; rawUtilization: number } {
  if (!pods.length) throw new HpaError('no pods returned by selector while calculating replica count');
  const metrics: PodMetricsInfo = new Map(sampled);
  const g = groupPods(pods, metrics, resource, s);
  for (const p of g.ignoredPods) metrics.delete(p);
  for (const p of g.unreadyPods) metrics.delete(p);
  if (!metrics.size) throw new HpaError('did not receive metrics for targeted pods (pods might be unready)');
  const requests = calculateRequests(pods, container, resource);
  const { ratio, utilization, rawAverage } = resourceUtilizationRatio(metrics, requests, targetUtilization);
  const keep = { replicas: currentReplicas, utilization, rawUtilization: rawAverage };
  const scaleUpWithUnready = g.unreadyPods.size > 0 && ratio > 1.0;
  if (!scaleUpWithUnready && !g.missingPods.size) {
    if (isWithin(tolerances, ratio)) return keep;
    return { ...keep, replicas: Math.ceil(ratio * g.readyPodCount) };
  }
  if (g.missingPods.size) {
    if (ratio < 1.0) {
      const fallback = Math.max(100, targetUtilization);
      for (const p of g.missingPods) metrics.set(p, { value: Math.trunc(((requests.get(p) ?? 0) * fallback) / 100), timestampMs: 0, windowMs: 0 });
    } else if (ratio > 1.0) {
      for (const p of g.missingPods) metrics.set(p, { value: 0, timestampMs: 0, windowMs: 0 });
    }
  }
  if (scaleUpWithUnready) for (const p of g.unreadyPods) metrics.set(p, { value: 0, timestampMs: 0, windowMs: 0 });
  const newRatio = resourceUtilizationRatio(metrics, requests, targetUtilization).ratio;
  if (isWithin(tolerances, newRatio) || (ratio < 1.0 && newRatio > 1.0) || (ratio > 1.0 && newRatio < 1.0)) return keep;
  const newReplicas = Math.ceil(newRatio * metrics.size);
  if ((newRatio < 1.0 && newReplicas > currentReplicas) || (newRatio > 1.0 && newReplicas < currentReplicas)) return keep;
  return { ...keep, replicas: newReplicas };
}

/**
 * calcPlainMetricReplicas: AverageValue of a resource, and Pods metrics. As resourceReplicas,
 * but on the average value; a missing pod counts as exactly the target on a scale-down.
 */
export function plainMetricReplicas(
  sampled: PodMetricsInfo,
  currentReplicas: number,
  targetUsage: number,
  tolerances: Tolerances,
  pods: readonly Pod[],
  resource: string,
  s: ReadinessSettings,
): { replicas: number; usage: number } {
  if (!pods.length) throw new HpaError('no pods returned by selector while calculating replica count');
  const metrics: PodMetricsInfo = new Map(sampled);
  const g = groupPods(pods, metrics, resource, s);
  for (const p of g.ignoredPods) metrics.delete(p);
  for (const p of g.unreadyPods) metrics.delete(p);
  if (!metrics.size) throw new HpaError('did not receive metrics for targeted pods (pods might be unready)');
  const { ratio, usage } = metricUsageRatio(metrics, targetUsage);
  const keep = { replicas: currentReplicas, usage };
  const scaleUpWithUnready = g.unreadyPods.size > 0 && ratio > 1.0;
  if (!scaleUpWithUnready && !g.missingPods.size) {
    if (isWithin(tolerances, ratio)) return keep;
    return { replicas: Math.ceil(ratio * g.readyPodCount), usage };
  }
  if (g.missingPods.size) {
    if (ratio < 1.0) {
      for (const p of g.missingPods) metrics.set(p, { value: targetUsage, timestampMs: 0, windowMs: 0 });
    } else if (ratio > 1.0) {
      for (const p of g.missingPods) metrics.set(p, { value: 0, timestampMs: 0, windowMs: 0 });
    }
  }
  if (scaleUpWithUnready) for (const p of g.unreadyPods) metrics.set(p, { value: 0, timestampMs: 0, windowMs: 0 });
  const newRatio = metricUsageRatio(metrics, targetUsage).ratio;
  if (isWithin(tolerances, newRatio) || (ratio < 1.0 && newRatio > 1.0) || (ratio > 1.0 && newRatio < 1.0)) return keep;
  const newReplicas = Math.ceil(newRatio * metrics.size);
  if ((newRatio < 1.0 && newReplicas > currentReplicas) || (newRatio > 1.0 && newReplicas < currentReplicas)) return keep;
  return { replicas: newReplicas, usage };
}

/**
 * getUsageRatioReplicaCount (Object Value and External Value targets): with replicas, no change
 * inside the tolerance, else ⌈ratio × Running-and-Ready pods⌉; from 0 replicas, ⌈ratio⌉.
 */
export function usageRatioReplicaCount(currentReplicas: number, usageRatio: number, tolerances: Tolerances, pods: () => readonly Pod[]): number {
  if (currentReplicas === 0) return Math.ceil(usageRatio);
  if (isWithin(tolerances, usageRatio)) return currentReplicas;
  let ready: number;
  try {
    ready = readyPodsCount(pods());
  } catch (e) {
    throw new HpaError(`unable to calculate ready pods: ${e instanceof Error ? e.message : String(e)}`);
  }
  return ceilInt32(usageRatio * ready);
}

/** getPerPodUsage: ⌈usage / replicas⌉, 0 for no replicas. */
export function perPodUsage(usage: number, statusReplicas: number): number {
  if (usage >= MAX_INT64) return MAX_INT64;
  if (statusReplicas === 0) return 0;
  return Math.ceil(usage / statusReplicas);
}

/**
 * GetObjectPerPodMetricReplicas and GetExternalPerPodMetricReplicas (AverageValue targets):
 * readiness plays no part. Outside the tolerance of usage / (target × status replicas), the
 * answer is ⌈usage / target⌉; the reported value is the per-pod average.
 */
export function perPodReplicas(statusReplicas: number, usage: number, targetPerPod: number, tolerances: Tolerances): { replicas: number; usage: number } {
  let replicas = statusReplicas;
  const ratio = usage / (targetPerPod * statusReplicas);
  if (!isWithin(tolerances, ratio)) replicas = ceilInt32(usage / targetPerPod);
  return { replicas, usage: perPodUsage(usage, statusReplicas) };
}

/** The sum of an external metric's values, capped as upstream caps an overflow. */
export function sumValues(values: readonly number[]): number {
  let usage = 0;
  for (const v of values) {
    usage += v;
    if (usage > MAX_INT64) return MAX_INT64;
  }
  return usage;
}
