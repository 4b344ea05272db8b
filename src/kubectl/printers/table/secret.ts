import type { KubeObject } from '../../../api/meta/v1.js';
import { asSecret } from '../../../api/core/v1/secret.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';

/** printers.go secretColumnDefinitions. */
export const secretColumns: readonly ColumnDefinition[] = [
  NAME_COLUMN,
  { name: 'Type', priority: 0 },
  { name: 'Data', priority: 0 },
  AGE_COLUMN,
];

/** printSecret: TYPE as stored (`Opaque` once defaulted), DATA = number of keys in data. */
export function secretRow(obj: KubeObject, nowMs: number): string[] {
  const secret = asSecret(obj);
  const data = secret.data;
  const count = typeof data === 'object' && data !== null ? Object.keys(data).length : 0;
  const type = secret.type;
  return [
    secret.metadata.name ?? '',
    typeof type === 'string' ? type : '',
    String(count),
    translateTimestampSince(secret.metadata.creationTimestamp, nowMs),
  ];
}

export const secretTable: KindTable = { columns: secretColumns, row: secretRow };
