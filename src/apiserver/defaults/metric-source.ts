import { isJsonObject, type JsonObject } from '../../common/json.js';
import { INTERPOLATION } from '../../api/kubemu/v1alpha1/metric-source.js';

/**
 * kubemu.io/v1alpha1 MetricSource defaults, as a structural schema's: a series interpolates
 * Step, a queue starts empty (initial 0). spec.metricName is not written: an unset one reads as
 * the object's name (a CRD default cannot name the object).
 */
export function defaultMetricSource(obj: JsonObject): void {
  const spec = obj['spec'];
  if (!isJsonObject(spec)) return;
  const series = spec['series'];
  if (isJsonObject(series) && (series['interpolation'] === undefined || series['interpolation'] === null)) series['interpolation'] = INTERPOLATION.Step;
  const queue = spec['queue'];
  if (isJsonObject(queue) && (queue['initial'] === undefined || queue['initial'] === null)) queue['initial'] = 0;
}
