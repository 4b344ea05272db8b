import type { KubeObject } from '../../../api/meta/v1.js';
import { asPodDisruptionBudget } from '../../../api/policy/v1/pod-disruption-budget.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';

/** printers.go podDisruptionBudgetColumnDefinitions: no wide columns. */
export const podDisruptionBudgetColumns: readonly ColumnDefinition[] = [
  NAME_COLUMN,
  { name: 'Min Available', priority: 0 },
  { name: 'Max Unavailable', priority: 0 },
  { name: 'Allowed Disruptions', priority: 0 },
  AGE_COLUMN,
];

/**
 * printPodDisruptionBudget: MIN AVAILABLE and MAX UNAVAILABLE as IntOrString.String() (`2`,
 * `50%`), `N/A` for the one not set; ALLOWED DISRUPTIONS = status.disruptionsAllowed.
 */
export function podDisruptionBudgetRow(obj: KubeObject, nowMs: number): string[] {
  const pdb = asPodDisruptionBudget(obj);
  const spec = pdb.spec ?? {};
  const text = (v: number | string | null | undefined) => (v === undefined || v === null ? 'N/A' : String(v));
  return [
    pdb.metadata.name ?? '',
    text(spec.minAvailable),
    text(spec.maxUnavailable),
    String(pdb.status?.disruptionsAllowed ?? 0),
    translateTimestampSince(pdb.metadata.creationTimestamp, nowMs),
  ];
}

export const podDisruptionBudgetTable: KindTable = { columns: podDisruptionBudgetColumns, row: podDisruptionBudgetRow };
