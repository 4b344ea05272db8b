import type { KubeObject } from '../../../api/meta/v1.js';

/**
 * One server-side column (metav1.TableColumnDefinition, reduced to what the printer reads).
 * The apiserver always sends the wide (priority 1) columns too; kubectl hides them unless -o wide.
 */
export interface ColumnDefinition {
  /** Column name as printers.go declares it (`Up-to-date`); kubectl upper-cases it for the header. */
  name: string;
  /** 0: always shown; 1: only with `-o wide`. */
  priority: 0 | 1;
  /**
   * `name` marks the column holding the object name (Format "name"); with several resource types
   * kubectl prefixes its cells with `kind.group/`.
   */
  format?: 'name';
}

/** The table printer of one kind: its columns, and the cells of one object's row. */
export interface KindTable {
  columns: readonly ColumnDefinition[];
  /** Every cell, wide ones included, as the apiserver computes them at time `nowMs`. */
  row(obj: KubeObject, nowMs: number): string[];
}

/** The `Name` column every built-in printer starts with. */
export const NAME_COLUMN: ColumnDefinition = { name: 'Name', priority: 0, format: 'name' };

/** The `Age` column (translateTimestampSince of creationTimestamp). */
export const AGE_COLUMN: ColumnDefinition = { name: 'Age', priority: 0 };
