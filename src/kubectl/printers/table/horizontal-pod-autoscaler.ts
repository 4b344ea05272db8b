import type { KubeObject } from '../../../api/meta/v1.js';
import { asHorizontalPodAutoscaler } from '../../../api/autoscaling/v2/horizontal-pod-autoscaler.js';
import { hpaInV2 } from '../../../api/autoscaling/v1/conversion.js';
import { formatHpaMetrics } from '../../../api/autoscaling/v2/metrics-text.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';

/** printers.go horizontalPodAutoscalerColumnDefinitions: no wide columns. */
export const horizontalPodAutoscalerColumns: readonly ColumnDefinition[] = [
  NAME_COLUMN,
  { name: 'Reference', priority: 0 },
  { name: 'Targets', priority: 0 },
  { name: 'MinPods', priority: 0 },
  { name: 'MaxPods', priority: 0 },
  { name: 'Replicas', priority: 0 },
  AGE_COLUMN,
];

/**
 * printHorizontalPodAutoscaler: REFERENCE `Kind/name`, TARGETS formatHPAMetrics, MINPODS
 * `<unset>` without minReplicas, REPLICAS status.currentReplicas. An autoscaling/v1 object (`get
 * hpa.v1.autoscaling`) is printed as the server prints it, from its v2 form.
 */
export function horizontalPodAutoscalerRow(obj: KubeObject, nowMs: number): string[] {
  const hpa = asHorizontalPodAutoscaler(hpaInV2(obj));
  const ref = hpa.spec.scaleTargetRef;
  return [
    hpa.metadata.name ?? '',
    `${ref?.kind ?? ''}/${ref?.name ?? ''}`,
    formatHpaMetrics(hpa.spec.metrics, hpa.status?.currentMetrics ?? undefined),
    hpa.spec.minReplicas === undefined ? '<unset>' : String(hpa.spec.minReplicas),
    String(hpa.spec.maxReplicas ?? 0),
    String(hpa.status?.currentReplicas ?? 0),
    translateTimestampSince(hpa.metadata.creationTimestamp, nowMs),
  ];
}

export const horizontalPodAutoscalerTable: KindTable = { columns: horizontalPodAutoscalerColumns, row: horizontalPodAutoscalerRow };
