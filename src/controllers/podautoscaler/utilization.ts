/** metrics/utilization.go: the ratios of what pods use to the target. */
import { HpaError } from './hpa-error.js';
import type { PodMetricsInfo } from './pod-groups.js';

/**
 * GetResourceUtilizationRatio over the pods that have both a sample and a request: utilization
 * = ⌊100 · Σusage / Σrequests⌋ (integer, as Go's int64 division), the ratio utilization/target,
 * and the raw average usage ⌊Σusage / n⌋.
 */
export function resourceUtilizationRatio(
  metrics: PodMetricsInfo,
  requests: Map<string, number>,
  targetUtilization: number,
): { ratio: number; utilization: number; rawAverage: number } {
  let metricsTotal = 0;
  let requestsTotal = 0;
  let entries = 0;
  for (const [pod, m] of metrics) {
    const request = requests.get(pod);
    if (request === undefined) continue;
    metricsTotal += m.value;
    requestsTotal += request;
    entries++;
  }
  if (requestsTotal === 0) throw new HpaError('no metrics returned matched known pods');
  const utilization = Math.trunc((metricsTotal * 100) / requestsTotal);
  return { ratio: utilization / targetUtilization, utilization, rawAverage: Math.trunc(metricsTotal / entries) };
}

/** GetMetricUsageRatio: the average ⌊Σ / n⌋ against the target. */
export function metricUsageRatio(metrics: PodMetricsInfo, targetUsage: number): { ratio: number; usage: number } {
  let total = 0;
  for (const m of metrics.values()) total += m.value;
  const usage = Math.trunc(total / metrics.size);
  return { ratio: usage / targetUsage, usage };
}
