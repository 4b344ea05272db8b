import type { KubeObject } from '../../../api/meta/v1.js';
import { asLease } from '../../../api/coordination/v1/lease.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';

/** printers.go leaseColumnDefinitions. */
export const leaseColumns: readonly ColumnDefinition[] = [NAME_COLUMN, { name: 'Holder', priority: 0 }, AGE_COLUMN];

/** printLease: HOLDER is spec.holderIdentity, or empty when nobody holds the lease. */
export function leaseRow(obj: KubeObject, nowMs: number): string[] {
  const lease = asLease(obj);
  return [lease.metadata.name ?? '', lease.spec?.holderIdentity ?? '', translateTimestampSince(lease.metadata.creationTimestamp, nowMs)];
}

export const leaseTable: KindTable = { columns: leaseColumns, row: leaseRow };
