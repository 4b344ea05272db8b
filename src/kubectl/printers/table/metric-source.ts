import type { KubeObject } from '../../../api/meta/v1.js';
import { asMetricSource, metricNameOf, metricSourceType } from '../../../api/kubemu/v1alpha1/metric-source.js';
import { metricSourceValueAt, valueQuantity } from '../../../apiserver/metrics/metric-source-value.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';

/** kubemu.io/v1alpha1 MetricSource (kubemu's own kind): NAME TYPE METRIC VALUE AGE, -o wide adds CONSUMERS. */
export const metricSourceColumns: readonly ColumnDefinition[] = [
  NAME_COLUMN,
  { name: 'Type', priority: 0 },
  { name: 'Metric', priority: 0 },
  { name: 'Value', priority: 0 },
  AGE_COLUMN,
  { name: 'Consumers', priority: 1 },
];

/**
 * VALUE is the source's value at the time of the read (a queue's from its anchor, which the
 * metricsource controller keeps at every change of its Ready consumers), as the external
 * metrics API serves it (`1500`, `2500m`, `2k`); CONSUMERS the Ready consumers of a queue's
 * anchor, `<none>` for a series.
 */
export function metricSourceRow(obj: KubeObject, nowMs: number): string[] {
  const ms = asMetricSource(obj);
  const anchor = ms.status?.anchor;
  return [
    ms.metadata.name ?? '',
    metricSourceType(ms),
    metricNameOf(ms),
    valueQuantity(metricSourceValueAt(ms, anchor?.readyConsumers ?? 0, nowMs)),
    translateTimestampSince(ms.metadata.creationTimestamp, nowMs),
    ms.spec?.queue ? String(anchor?.readyConsumers ?? 0) : '<none>',
  ];
}

export const metricSourceTable: KindTable = { columns: metricSourceColumns, row: metricSourceRow };
