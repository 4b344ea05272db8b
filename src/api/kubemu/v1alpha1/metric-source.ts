/**
 * kubemu.io/v1alpha1 MetricSource: kubemu's scriptable external metric, what an external-metrics
 * adapter (KEDA's, prometheus-adapter) would read from a real queue or monitoring system. One of:
 *
 *   series: a time series, points at durations since the object's creation
 *     spec: {series: {interpolation: Step, points: [{after: 0s, value: 10}, {after: 10m, value: 300}]}}
 *   queue: producers add producerRate messages per second; each Ready consumer pod (podSelector)
 *     removes consumerRate per second; the lag never goes below 0, so it grows while the
 *     consumers are broken
 *     spec: {podSelector: {matchLabels: {app: worker}}, queue: {initial: 0, producerRate: 50, consumerRate: 10}}
 *
 * The value is computed when it is read (apiserver/metrics/metric-source-value.ts); a queue keeps an
 * anchor in its status (the lag when the Ready consumer count last changed, the count, the time),
 * written by the metricsource controller only when that count changes.
 */
import type { LabelSelector } from '../../../labels/label-selector.js';
import type { KubeObject } from '../../meta/v1.js';

export const METRIC_SOURCE_API_VERSION = 'kubemu.io/v1alpha1';

/** spec.series.interpolation values. */
export const INTERPOLATION = {
  /** a point's value holds until the next point (the default) */
  Step: 'Step',
  /** the value moves in a straight line from one point to the next */
  Linear: 'Linear',
} as const;

/** The types `get metricsource` shows. */
export const METRIC_SOURCE_TYPE = { Series: 'Series', Queue: 'Queue' } as const;

/** One point of a series. */
export interface SeriesPoint {
  /** a Go duration since the object's creation: `0s`, `90s`, `2h30m` */
  after: string;
  value: number;
}

export interface SeriesSpec {
  interpolation?: string;
  points: SeriesPoint[];
}

export interface QueueSpec {
  /** messages waiting when the object is created (default 0) */
  initial?: number;
  /** messages the producers add per second */
  producerRate: number;
  /** messages each Ready consumer removes per second */
  consumerRate: number;
}

export interface MetricSourceSpec {
  /** the external metric's name (default: metadata.name) */
  metricName?: string;
  /**
   * the pods that carry the source's load: a queue's consumers (required for a queue); for a
   * series, the Ready pods its value is spread over (unset: each pod whose image names the source
   * carries the whole value)
   */
  podSelector?: LabelSelector;
  series?: SeriesSpec;
  queue?: QueueSpec;
}

/** A queue's anchor: the lag when the Ready consumer count last changed. */
export interface QueueAnchor {
  /** messages at `time` */
  value: number;
  readyConsumers: number;
  /** the rates in force since `time` (a spec change re-anchors, so the past keeps its rates) */
  producerRate: number;
  consumerRate: number;
  /** RFC 3339 (metav1.MicroTime-like with milliseconds: `2026-10-26T19:00:01.500Z`) */
  time: string;
}

export interface MetricSourceStatus {
  anchor?: QueueAnchor;
}

export interface MetricSource extends KubeObject {
  spec?: MetricSourceSpec;
  status?: MetricSourceStatus;
}

export function isMetricSource(o: KubeObject): o is MetricSource {
  return o.kind === 'MetricSource';
}

/** A KubeObject read as a MetricSource (the one place); a different kind is a programming error. */
export function asMetricSource(o: KubeObject): MetricSource {
  if (!isMetricSource(o)) throw new TypeError(`expected a MetricSource, got ${o.kind || 'an object without kind'}`);
  return o;
}

/** The metric a source serves: spec.metricName, else its name. */
export function metricNameOf(ms: MetricSource): string {
  return ms.spec?.metricName || ms.metadata.name || '';
}

/** Series or Queue. */
export function metricSourceType(ms: MetricSource): string {
  return ms.spec?.queue ? METRIC_SOURCE_TYPE.Queue : METRIC_SOURCE_TYPE.Series;
}
