/**
 * MetricSources read through the API server: their values now, as external.metrics.k8s.io
 * serves them, and the count of Ready consumers a queue's arithmetic needs. Reads only.
 */
import type { ApiServer } from '../server.js';
import { findByKind } from '../resources.js';
import { rfc3339 } from '../../sim/clock.js';
import { isPodReady } from '../../api/core/v1/pod-util.js';
import { asMetricSource, metricNameOf, type MetricSource } from '../../api/kubemu/v1alpha1/metric-source.js';
import { EXTERNAL_METRICS_API_VERSION, type ExternalMetricValue } from '../../api/metrics/external-metrics.js';
import { labelSelectorAsSelector, selectorMatches, type Selector } from '../../labels/label-selector.js';
import { metricSourceValueAt, valueQuantity } from './metric-source-value.js';

export { EXTERNAL_METRICS_API_VERSION };

const PODS = findByKind('v1', 'Pod')!;
export const METRIC_SOURCES = findByKind('kubemu.io/v1alpha1', 'MetricSource')!;

/** The pods a source's podSelector selects (none without one), Ready or not. */
export function selectedPods(api: ApiServer, ms: MetricSource): ReturnType<ApiServer['list']> {
  const sel = ms.spec?.podSelector;
  if (!sel) return [];
  return api.listSelected(PODS, ms.metadata.namespace, labelSelectorAsSelector(sel));
}

/** How many of the pods the source's podSelector selects are Ready now. */
export function readyConsumers(api: ApiServer, ms: MetricSource): number {
  return selectedPods(api, ms).filter((p) => isPodReady(p)).length;
}

/** A source's value now (a number; valueQuantity prints it). */
export function metricSourceValueNow(api: ApiServer, ms: MetricSource): number {
  const ready = ms.spec?.queue ? readyConsumers(api, ms) : 0;
  return metricSourceValueAt(ms, ready, api.clock.now());
}

/** The ExternalMetricValue a source serves now. */
export function externalMetricValueOf(api: ApiServer, ms: MetricSource): ExternalMetricValue {
  return {
    metricName: metricNameOf(ms),
    metricLabels: { ...(ms.metadata.labels ?? {}) },
    timestamp: rfc3339(api.clock.now()),
    value: valueQuantity(metricSourceValueNow(api, ms)),
  };
}

/**
 * The ExternalMetricValue(s) of one MetricSource (namespace/name), as the adapter serves it: one
 * value, or undefined when there is no such source. For a KEDA-like scaler that names its source.
 */
export function metricSourceValues(api: ApiServer, namespace: string, name: string): ExternalMetricValue[] | undefined {
  const found = api.tryGet(METRIC_SOURCES, namespace, name);
  return found ? [externalMetricValueOf(api, asMetricSource(found))] : undefined;
}

/**
 * external.metrics.k8s.io: the values of the metric `metricName` in a namespace, one per source
 * that serves it (spec.metricName, else its name) and whose labels the selector matches;
 * undefined when none does (the adapter's NotFound).
 */
export function externalMetricValues(api: ApiServer, namespace: string, metricName: string, selector: Selector): ExternalMetricValue[] | undefined {
  const matching = api
    .listShared(METRIC_SOURCES, namespace)
    .map(asMetricSource)
    .filter((ms) => metricNameOf(ms) === metricName && selectorMatches(selector, ms.metadata.labels ?? {}));
  return matching.length ? matching.map((ms) => externalMetricValueOf(api, ms)) : undefined;
}
