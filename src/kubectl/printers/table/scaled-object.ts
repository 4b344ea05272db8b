import type { KubeObject } from '../../../api/meta/v1.js';
import { asScaledObject } from '../../../api/keda/v1alpha1/scaled-object.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';

/**
 * KEDA's CRD additionalPrinterColumns (config/crd/bases/keda.sh_scaledobjects.yaml), as
 * kube-apiserver's CRD table convertor fills them: a JSONPath that finds nothing is an empty
 * cell (kubectl prints it blank), so an unset minReplicaCount shows nothing, not KEDA's default.
 */
export const scaledObjectColumns: readonly ColumnDefinition[] = [
  NAME_COLUMN,
  { name: 'ScaleTargetKind', priority: 0 },
  { name: 'ScaleTargetName', priority: 0 },
  { name: 'Min', priority: 0 },
  { name: 'Max', priority: 0 },
  { name: 'Ready', priority: 0 },
  { name: 'Active', priority: 0 },
  { name: 'Fallback', priority: 0 },
  { name: 'Paused', priority: 0 },
  { name: 'Triggers', priority: 0 },
  { name: 'Authentications', priority: 0 },
  AGE_COLUMN,
];

export function scaledObjectRow(obj: KubeObject, nowMs: number): string[] {
  const so = asScaledObject(obj);
  const status = so.status ?? {};
  const condition = (type: string) => status.conditions?.find((c) => c.type === type)?.status ?? '';
  const int = (v: unknown) => (typeof v === 'number' ? String(v) : '');
  return [
    so.metadata.name ?? '',
    status.scaleTargetKind ?? '',
    so.spec?.scaleTargetRef?.name ?? '',
    int(so.spec?.minReplicaCount),
    int(so.spec?.maxReplicaCount),
    condition('Ready'),
    condition('Active'),
    condition('Fallback'),
    condition('Paused'),
    status.triggersTypes ?? '',
    status.authenticationsTypes ?? '',
    translateTimestampSince(so.metadata.creationTimestamp, nowMs),
  ];
}

export const scaledObjectTable: KindTable = { columns: scaledObjectColumns, row: scaledObjectRow };
