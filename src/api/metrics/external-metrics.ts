/**
 * external.metrics.k8s.io/v1beta1 ExternalMetricValue (k8s.io/metrics/pkg/apis/external_metrics):
 * what an external-metrics adapter (KEDA's, prometheus-adapter) answers for a metric name and a
 * label selector in a namespace. kubemu's adapter answers from MetricSource objects.
 */
export const EXTERNAL_METRICS_API_VERSION = 'external.metrics.k8s.io/v1beta1';

/** v1beta1.ExternalMetricValue. */
export interface ExternalMetricValue {
  metricName: string;
  metricLabels: Record<string, string>;
  /** RFC 3339 */
  timestamp: string;
  /** seconds the value was averaged over, when it was */
  window?: number;
  /** a quantity string: `1500`, `2500m` */
  value: string;
}
