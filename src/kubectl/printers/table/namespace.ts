import type { KubeObject } from '../../../api/meta/v1.js';
import { asNamespace } from '../../../api/core/v1/namespace.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';

/** printers.go namespaceColumnDefinitions. */
export const namespaceColumns: readonly ColumnDefinition[] = [NAME_COLUMN, { name: 'Status', priority: 0 }, AGE_COLUMN];

/** printNamespace: STATUS is status.phase as is (`Active`, `Terminating`, or empty). */
export function namespaceRow(obj: KubeObject, nowMs: number): string[] {
  const ns = asNamespace(obj);
  return [ns.metadata.name ?? '', ns.status?.phase ?? '', translateTimestampSince(ns.metadata.creationTimestamp, nowMs)];
}

export const namespaceTable: KindTable = { columns: namespaceColumns, row: namespaceRow };
