/**
 * KEDA's metrics adapter behind external.metrics.k8s.io, for kubemu's `kubemu-metric-source`
 * trigger (pkg/provider/provider.go GetExternalMetric, then the metrics service): the HPA KEDA
 * owns asks for `sN-metricsource-SOURCE` with the selector `scaledobject.keda.sh/name=SO`;
 * the adapter finds the ScaledObject named by the selector, its trigger N, checks that the
 * trigger stands for that metric name, and answers the MetricSource's values under KEDA's name.
 *
 * Every miss is undefined (MetricsReader.externalMetric's "not found"): no
 * scaledobject.keda.sh/name in the selector (KEDA: `scaledObject name is not specified`), no such
 * ScaledObject (`scaledObject not found in the cache`), a name that is not `sN-...`, or whose
 * trigger N is not a kubemu-metric-source of that name, or a MetricSource without values.
 */
import type { ApiServer } from '../server.js';
import { findByKind } from '../resources.js';
import type { Selector } from '../../labels/label-selector.js';
import type { ExternalMetricValue } from '../../api/metrics/external-metrics.js';
import { asScaledObject, SCALED_OBJECT_NAME_LABEL, TRIGGER_TYPE } from '../../api/keda/v1alpha1/scaled-object.js';

const SCALED_OBJECTS = findByKind('keda.sh/v1alpha1', 'ScaledObject')!;

/** The values of one kubemu MetricSource (namespace, name); undefined when it serves none. */
export type MetricSourceValues = (api: ApiServer, namespace: string, name: string) => ExternalMetricValue[] | undefined;

/** kedautil.NormalizeString. */
function normalizeString(s: string): string {
  return s.replace(/[/.:%()]/g, '-');
}

/** The scaler metric name of a kubemu-metric-source trigger (before KEDA's `sN-` prefix). */
export function metricSourceMetricName(source: string): string {
  return normalizeString(`metricsource-${source}`);
}

/** `s3-metricsource-lag` → {index: 3, rest: 'metricsource-lag'} (RemoveIndexFromMetricName's split). */
export function splitIndexedMetricName(metricName: string): { index: number; rest: string } | undefined {
  const m = /^s(\d+)-(.+)$/.exec(metricName);
  return m ? { index: Number(m[1]), rest: m[2]! } : undefined;
}

/** The value a selector requires for a label with `=`, `==` or a one-value `in` (labels.Selector's exact match). */
function exactValue(selector: Selector, key: string): string | undefined {
  if (selector.kind !== 'requirements') return undefined;
  for (const r of selector.requirements) {
    if (r.key !== key) continue;
    if ((r.operator === '=' || r.operator === '==' || r.operator === 'in') && r.values.length === 1) return r.values[0];
  }
  return undefined;
}

/** The values KEDA's adapter serves for (namespace, metricName, selector). */
export function kedaExternalMetric(api: ApiServer, namespace: string, metricName: string, selector: Selector, values: MetricSourceValues): ExternalMetricValue[] | undefined {
  const soName = exactValue(selector, SCALED_OBJECT_NAME_LABEL);
  if (!soName) return undefined;
  const found = api.tryGet(SCALED_OBJECTS, namespace, soName);
  if (!found) return undefined;
  const so = asScaledObject(found);
  const parsed = splitIndexedMetricName(metricName);
  if (!parsed) return undefined;
  const trigger = so.spec?.triggers?.[parsed.index];
  if (trigger?.type !== TRIGGER_TYPE.metricSource) return undefined;
  const source = trigger.metadata?.['metricSource'] ?? '';
  if (!source || metricSourceMetricName(source) !== parsed.rest) return undefined;
  const got = values(api, namespace, source);
  return got?.map((v) => ({ ...v, metricName }));
}
