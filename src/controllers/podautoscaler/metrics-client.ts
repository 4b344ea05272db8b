/**
 * metrics/client.go: the samples as the replica calculator takes them, read through the
 * MetricsReader (metrics.k8s.io and external.metrics.k8s.io). kubemu serves no custom metrics
 * API (custom.metrics.k8s.io): Pods and Object metrics read through optional methods a reader
 * may add, and fail as upstream's client does when that API is not registered.
 */
import type { MetricsReader } from '../../apiserver/metrics/metrics-reader.js';
import type { CrossVersionObjectReference } from '../../api/autoscaling/v2/horizontal-pod-autoscaler.js';
import type { Selector } from '../../labels/label-selector.js';
import { parseGoDuration } from '../../common/go-duration.js';
import { HpaError, errorText } from './hpa-error.js';
import type { PodMetricsInfo } from './pod-groups.js';
import { milliValue } from './quantity.js';

/** One value of the custom metrics API (custom_metrics v1beta2 MetricValue), in milli-units. */
export interface CustomMetricValue {
  /** the object described (a pod's name for Pods metrics) */
  name: string;
  /** a quantity string */
  value: string;
  timestamp: string;
  windowSeconds?: number;
}

/** What the HPA reads: the metrics APIs, and the custom metrics API where a reader serves it. */
export interface HpaMetricsSource extends MetricsReader {
  /** custom.metrics.k8s.io for the pods a selector selects; undefined: the API is not served */
  podsMetric?(namespace: string, metricName: string, podSelector: Selector, metricSelector: Selector): CustomMetricValue[] | undefined;
  /** custom.metrics.k8s.io for one object; undefined: the API is not served */
  objectMetric?(namespace: string, metricName: string, object: CrossVersionObjectReference, metricSelector: Selector): CustomMetricValue | undefined;
}

const NO_CUSTOM_API = 'no custom metrics API (custom.metrics.k8s.io) registered';
/** A sample's time (each sample has its own: not memoized). */
function sampleMs(t: string): number {
  const v = Date.parse(t);
  return Number.isNaN(v) ? 0 : v;
}

/** metricServerDefaultMetricWindow */
const DEFAULT_WINDOW_MS = 60_000;


/** GetResourceMetric: one sample per pod (the sum over containers, or the one container). */
export function resourceMetric(reader: MetricsReader, resource: string, namespace: string, selector: Selector, container: string): PodMetricsInfo {
  let items;
  try {
    items = reader.podMetrics(namespace, selector);
  } catch (e) {
    throw new HpaError(`unable to fetch metrics from resource metrics API: ${errorText(e)}`);
  }
  if (!items.length) throw new HpaError('no metrics returned from resource metrics API');
  const res: PodMetricsInfo = new Map();
  for (const m of items) {
    const timestampMs = sampleMs(m.timestamp);
    const windowMs = parseGoDuration(m.window) ?? 0;
    const name = m.metadata.name ?? '';
    if (container) {
      const c = m.containers.find((x) => x.name === container);
      const v = c ? milliValue(c.usage[resource]) : undefined;
      if (v !== undefined) res.set(name, { value: v, timestampMs, windowMs });
      continue;
    }
    let sum = 0;
    let missing = m.containers.length === 0;
    for (const c of m.containers) {
      const v = milliValue(c.usage[resource]);
      if (v === undefined) {
        missing = true;
        break;
      }
      sum += v;
    }
    if (!missing) res.set(name, { value: sum, timestampMs, windowMs });
  }
  return res;
}

/** GetExternalMetric: the values (milli-units) of the metric's series the selector selects. */
export function externalMetric(reader: MetricsReader, metricName: string, namespace: string, selector: Selector): number[] {
  let items;
  try {
    items = reader.externalMetric(namespace, metricName, selector);
  } catch (e) {
    throw new HpaError(`unable to fetch metrics from external metrics API: ${errorText(e)}`);
  }
  if (items === undefined) {
    throw new HpaError(`unable to fetch metrics from external metrics API: the server could not find the requested resource (get ${metricName}.external.metrics.k8s.io)`);
  }
  if (!items.length) throw new HpaError('no metrics returned from external metrics API');
  return items.map((m) => milliValue(m.value) ?? 0);
}

/** GetRawMetric: a Pods metric, per pod. */
export function podsMetric(reader: HpaMetricsSource, metricName: string, namespace: string, selector: Selector, metricSelector: Selector): PodMetricsInfo {
  const items = reader.podsMetric?.(namespace, metricName, selector, metricSelector);
  if (items === undefined) throw new HpaError(`unable to fetch metrics from custom metrics API: ${NO_CUSTOM_API}`);
  if (!items.length) throw new HpaError('no metrics returned from custom metrics API');
  const res: PodMetricsInfo = new Map();
  for (const m of items) {
    res.set(m.name, { value: milliValue(m.value) ?? 0, timestampMs: sampleMs(m.timestamp), windowMs: m.windowSeconds !== undefined ? m.windowSeconds * 1000 : DEFAULT_WINDOW_MS });
  }
  return res;
}

/** GetObjectMetric: one object's value (milli-units). */
export function objectMetric(reader: HpaMetricsSource, metricName: string, namespace: string, object: CrossVersionObjectReference, metricSelector: Selector): number {
  const v = reader.objectMetric?.(namespace, metricName, object, metricSelector);
  if (v === undefined) throw new HpaError(`unable to fetch metrics from custom metrics API: ${NO_CUSTOM_API}`);
  return milliValue(v.value) ?? 0;
}
