import type { KubeObject } from '../../../api/meta/v1.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';

/** printers.go configMapColumnDefinitions. */
export const configMapColumns: readonly ColumnDefinition[] = [NAME_COLUMN, { name: 'Data', priority: 0 }, AGE_COLUMN];

function keyCount(v: unknown): number {
  return typeof v === 'object' && v !== null ? Object.keys(v).length : 0;
}

/** printConfigMap: DATA counts the keys of data and binaryData together. */
export function configMapRow(obj: KubeObject, nowMs: number): string[] {
  return [
    obj.metadata.name ?? '',
    String(keyCount(obj['data']) + keyCount(obj['binaryData'])),
    translateTimestampSince(obj.metadata.creationTimestamp, nowMs),
  ];
}

export const configMapTable: KindTable = { columns: configMapColumns, row: configMapRow };
