import type { KubeObject } from '../../../api/meta/v1.js';
import { asConfigMap } from '../../../api/core/v1/config-map.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';

/** printers.go configMapColumnDefinitions. */
export const configMapColumns: readonly ColumnDefinition[] = [NAME_COLUMN, { name: 'Data', priority: 0 }, AGE_COLUMN];

function keyCount(v: unknown): number {
  return typeof v === 'object' && v !== null ? Object.keys(v).length : 0;
}

/** printConfigMap: DATA counts the keys of data and binaryData together. */
export function configMapRow(obj: KubeObject, nowMs: number): string[] {
  const cm = asConfigMap(obj);
  return [
    cm.metadata.name ?? '',
    String(keyCount(cm.data) + keyCount(cm.binaryData)),
    translateTimestampSince(cm.metadata.creationTimestamp, nowMs),
  ];
}

export const configMapTable: KindTable = { columns: configMapColumns, row: configMapRow };
