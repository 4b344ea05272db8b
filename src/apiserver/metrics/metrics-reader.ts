import type { ApiServer } from '../server.js';
import type { Selector } from '../../labels/label-selector.js';
import type { NodeMetrics, PodMetrics } from '../../api/metrics/resource-metrics.js';
import type { ExternalMetricValue } from '../../api/metrics/external-metrics.js';

/**
 * The metrics APIs kubemu serves, as the HPA controller and `kubectl top` read them (upstream:
 * metrics-server behind metrics.k8s.io, an adapter behind external.metrics.k8s.io). Every
 * answer is computed from the stored objects and the cluster clock at the moment of the read:
 * no sample is a write, so metrics cost nothing while nobody reads them.
 *
 * CONTRACT (issue 13): the metrics work implements this module; the HPA controller and
 * `kubectl top` call only these functions.
 */
export interface MetricsReader {
  /**
   * PodMetrics of the namespace's pods matching the selector, as metrics-server lists them:
   * only pods whose containers have run long enough for a sample (a pod without one is
   * missing from the list, as upstream).
   */
  podMetrics(namespace: string, selector: Selector): PodMetrics[];
  /** PodMetrics of one pod, or undefined when metrics-server has none for it */
  podMetricsOf(namespace: string, name: string): PodMetrics | undefined;
  /** NodeMetrics of every node with a running kubelet */
  nodeMetrics(): NodeMetrics[];
  /**
   * The values of an external metric in a namespace; undefined when no source serves the
   * metric (the adapter's "not found").
   */
  externalMetric(namespace: string, metricName: string, selector: Selector): ExternalMetricValue[] | undefined;
}

/** The metrics APIs over an API server. */
export function metricsReader(api: ApiServer): MetricsReader {
  void api;
  throw new Error('metricsReader: not built yet (issue 13, the metrics work)');
}
