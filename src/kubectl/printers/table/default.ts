import type { KubeObject } from '../../../api/meta/v1.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';

/**
 * `NAME AGE`: the table of any kind without a dedicated printer (a custom resource without
 * additionalPrinterColumns, such as kubemu's ImageRepository, gets Name plus the default Age).
 */
export const defaultColumns: readonly ColumnDefinition[] = [NAME_COLUMN, AGE_COLUMN];

export function defaultRow(obj: KubeObject, nowMs: number): string[] {
  return [obj.metadata.name ?? '', translateTimestampSince(obj.metadata.creationTimestamp, nowMs)];
}

export const defaultTable: KindTable = { columns: defaultColumns, row: defaultRow };
