import { METRIC_SOURCES, metricSourceValueNow } from '../../apiserver/metrics/metric-source-values.js';
import { asMetricSource } from '../../api/kubemu/v1alpha1/metric-source.js';
import type { MetricSourceValue } from './controller.js';

/**
 * What a `kubemu-metric-source` trigger's scaler reads at each poll: the named MetricSource's
 * value now (as the external metrics API serves it, before rounding to whole messages), or
 * undefined when there is no such source (the scaler's error).
 */
export const metricSourceValue: MetricSourceValue = (ctx, namespace, name) => {
  const found = ctx.api.tryGet(METRIC_SOURCES, namespace, name);
  return found ? metricSourceValueNow(ctx.api, asMetricSource(found)) : undefined;
};
