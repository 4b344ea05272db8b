/**
 * The HPA metrics a ScaledObject's triggers stand for (KEDA's scalers' GetMetricSpecForScaling,
 * then getScaledObjectMetricSpecs): pure, so the names and targets can be checked as tables.
 *
 *  - `cpu` (pkg/scalers/cpu_memory_scaler.go): a Resource metric; metricType (or the deprecated
 *    metadata.type) Utilization → averageUtilization = metadata.value, AverageValue →
 *    averageValue = metadata.value as a quantity.
 *  - `kubemu-metric-source` (kubemu's own scaler): an External metric named as KEDA names every
 *    external metric, `s<trigger index>-<scaler metric name>`, here
 *    `s0-metricsource-<metricSource>` (NormalizeString'd), with KEDA's selector
 *    `scaledobject.keda.sh/name: <ScaledObject>`; metricType AverageValue (the default) or Value,
 *    threshold metadata.value (metadata.averageValue is accepted as a synonym).
 * The specs are sorted by type (External before Resource), as KEDA sorts them so that its
 * reconcile loop does not rewrite the HPA for an order change.
 */
import { METRIC_SOURCE_TYPE, METRIC_TARGET_TYPE, type MetricSpec, type MetricTarget } from '../../api/autoscaling/v2/horizontal-pod-autoscaler.js';
import { SCALED_OBJECT_NAME_LABEL, TRIGGER_TYPE, type ScaleTriggers, type ScaledObject } from '../../api/keda/v1alpha1/scaled-object.js';
import { milliQuantity, parseGoFloat } from './milli-quantity.js';
import { metricSourceMetricName } from '../../apiserver/metrics/keda-external.js';

/** What the triggers stand for, or the error KEDA's scaler builder reports. */
export interface ScaledObjectMetrics {
  specs: MetricSpec[];
  externalMetricNames: string[];
  resourceMetricNames: string[];
}

/** GenerateMetricNameWithIndex. */
export function metricNameWithIndex(index: number, name: string): string {
  return `s${index}-${name}`;
}

/** The metric specs of a ScaledObject's triggers; throws an Error with KEDA's text for a bad trigger. */
export function metricSpecsFor(so: ScaledObject): ScaledObjectMetrics {
  const specs: MetricSpec[] = [];
  const externalMetricNames: string[] = [];
  const resourceMetricNames: string[] = [];
  const soName = so.metadata.name ?? '';
  (so.spec?.triggers ?? []).forEach((t, i) => {
    const spec = triggerSpec(t, i, soName);
    if (spec.resource) resourceMetricNames.push(spec.resource.name);
    if (spec.external) {
      const name = spec.external.metric.name;
      if (externalMetricNames.includes(name)) throw new Error(`metricName ${name} defined multiple times in ScaledObject ${soName}`);
      externalMetricNames.push(name);
    }
    specs.push(spec);
  });
  if (!specs.length) throw new Error(`no metric specs returned from scalers for ScaledObject ${so.metadata.namespace ?? ''}/${soName}`);
  const sorted = specs.map((s, i) => ({ s, i })).sort((a, b) => (a.s.type < b.s.type ? -1 : a.s.type > b.s.type ? 1 : a.i - b.i));
  return { specs: sorted.map((x) => x.s), externalMetricNames, resourceMetricNames };
}

function triggerSpec(t: ScaleTriggers, index: number, soName: string): MetricSpec {
  const md = t.metadata ?? {};
  switch (t.type) {
    case TRIGGER_TYPE.cpu: {
      const metricType = t.metricType || md['type'] || '';
      const value = md['value'];
      if (value === undefined) throw new Error('error parsing cpu metadata: missing required parameter "value" in [triggerMetadata]');
      return { type: METRIC_SOURCE_TYPE.Resource, resource: { name: 'cpu', target: cpuTarget(metricType, value) } };
    }
    case TRIGGER_TYPE.metricSource: {
      const source = md['metricSource'];
      if (!source) throw new Error(`error parsing ${TRIGGER_TYPE.metricSource} metadata: missing required parameter "metricSource" in [triggerMetadata]`);
      const text = md['value'] ?? md['averageValue'];
      if (text === undefined) throw new Error(`error parsing ${TRIGGER_TYPE.metricSource} metadata: missing required parameter "value" in [triggerMetadata]`);
      const v = parseGoFloat(text);
      if (v === undefined) throw new Error(`error parsing ${TRIGGER_TYPE.metricSource} metadata: unable to set param "value" value "${text}": unable to unmarshal to field type float64: invalid character`);
      const q = milliQuantity(Math.trunc(v * 1000));
      const metricType = t.metricType || METRIC_TARGET_TYPE.AverageValue;
      let target: MetricTarget;
      if (metricType === METRIC_TARGET_TYPE.AverageValue) target = { type: metricType, averageValue: q };
      else if (metricType === METRIC_TARGET_TYPE.Value) target = { type: metricType, value: q };
      else throw new Error("'Utilization' metric type is unsupported for external metrics, allowed values are 'Value' or 'AverageValue'");
      return {
        type: METRIC_SOURCE_TYPE.External,
        external: { metric: { name: metricNameWithIndex(index, metricSourceMetricName(source)), selector: { matchLabels: { [SCALED_OBJECT_NAME_LABEL]: soName } } }, target },
      };
    }
    default:
      throw new Error(`no scaler found for type: ${t.type}`);
  }
}

function cpuTarget(metricType: string, value: string): MetricTarget {
  if (metricType === METRIC_TARGET_TYPE.Utilization) {
    if (!/^[+-]?\d+$/.test(value)) throw new Error(`error parsing cpu metadata: strconv.ParseInt: parsing ${JSON.stringify(value)}: invalid syntax`);
    return { type: metricType, averageUtilization: Number(value) };
  }
  if (metricType === METRIC_TARGET_TYPE.AverageValue) return { type: metricType, averageValue: value };
  throw new Error(`error parsing cpu metadata: unknown metric type: ${metricType}, allowed values are 'Utilization' or 'AverageValue'`);
}
