import type { KubeObject } from '../../../api/meta/v1.js';
import { cellText } from './cell-text.js';
import type { ColumnDefinition } from './columns.js';
import { formatLabels } from './labels-string.js';
import { isNamespacedResource, tableFor } from './registry.js';
import { getOwn } from '../../../common/own-keys.js';

/**
 * Objects visited in order, once each: an array, or a list read while it is visited (get reads
 * 10,000 pods one at a time and keeps only their cells).
 */
export interface ObjectSource {
  forEach(visit: (o: KubeObject) => void): void;
}

/** The objects of one resource type, printed under one header. */
export interface TableGroup {
  /** `lower(kind)[.group]`: `deployment.apps`, `pod`; the prefix of NAME with several types. */
  resourceLabel: string;
  kind: string;
  objects: ObjectSource;
  /** Overrides the built-in notion of scope (cluster-scoped types get no NAMESPACE column). */
  namespaced?: boolean;
}

/** The kubectl get flags that shape a table. */
export interface TableOptions {
  /** `-o wide`: show priority-1 columns. */
  wide: boolean;
  /** `--no-headers`. */
  noHeaders: boolean;
  /** `--show-labels`: a LABELS column last. */
  showLabels: boolean;
  /** `-L key,...`: one column per label key, after the printer's columns. */
  labelColumns: string[];
  /** `-A`: a NAMESPACE column first (namespaced types only). */
  allNamespaces: boolean;
  /** `--show-kind`: prefix NAME with the resource label even for a single type. */
  showKind: boolean;
}

/** How one printed table is decorated, decided by the caller (get's loop or the watch printer). */
export interface GroupDecoration {
  /** Print the header line (only when there is at least one row). */
  header: boolean;
  /** Prefix the name column with `<resourceLabel>/`. */
  withKind: boolean;
  /** A NAMESPACE column first (after EVENT). */
  withNamespace: boolean;
  /** `--output-watch-events`: the watch event type for an EVENT column in front. */
  eventType?: string;
}

/** Whether the group's type is namespaced (its own flag, else what the registry knows). */
export function isNamespacedGroup(group: Omit<TableGroup, 'objects'>): boolean {
  return group.namespaced ?? isNamespacedResource(group.resourceLabel);
}

/** A decorated column: its header and where its cell comes from. */
interface OutputColumn {
  header: string;
  cell: (obj: KubeObject, cells: readonly string[]) => string;
}

/**
 * The header of an `-L` column: the upper-cased last `/` segment of the key
 * (`app.kubernetes.io/name` → `NAME`).
 */
export function labelColumnHeader(key: string): string {
  const parts = key.split('/');
  return (parts[parts.length - 1] ?? '').toUpperCase();
}

/**
 * kubectl's formattedEventType: the event type padded to 8 characters (`ADDED   `, `DELETED `),
 * unknown types as they are.
 */
export function formatEventType(type: string): string {
  switch (type) {
    case 'ADDED':
      return 'ADDED   ';
    case 'MODIFIED':
      return 'MODIFIED';
    case 'DELETED':
      return 'DELETED ';
    case 'ERROR':
      return 'ERROR   ';
    default:
      return type;
  }
}

/**
 * cli-runtime decorateTable + addColumns, as a list of visible columns: [EVENT] [NAMESPACE]
 * printer columns (wide ones only with -o wide) [-L columns] [LABELS].
 */
function outputColumns(group: TableGroup, opts: TableOptions, deco: GroupDecoration): OutputColumn[] {
  const table = tableFor(group.resourceLabel);
  const cols: OutputColumn[] = [];
  if (deco.eventType !== undefined) {
    const event = formatEventType(deco.eventType);
    cols.push({ header: 'EVENT', cell: () => event });
  }
  if (deco.withNamespace) {
    cols.push({ header: 'NAMESPACE', cell: (obj) => obj.metadata.namespace ?? '' });
  }
  table.columns.forEach((def: ColumnDefinition, i) => {
    if (def.priority !== 0 && !opts.wide) return;
    const prefix = deco.withKind && def.format === 'name' ? `${group.resourceLabel}/` : '';
    cols.push({ header: def.name.toUpperCase(), cell: (_obj, cells) => prefix + (cells[i] ?? '') });
  });
  for (const key of opts.labelColumns) {
    cols.push({ header: labelColumnHeader(key), cell: (obj) => getOwn(obj.metadata.labels, key) ?? '' });
  }
  if (opts.showLabels) {
    cols.push({ header: 'LABELS', cell: (obj) => formatLabels(obj.metadata.labels) });
  }
  return cols;
}

/**
 * One table as tabwriter input: cells joined by '\t', rows ending in '\n'. Empty when there are
 * no objects — kubectl prints no header for an empty table.
 *   deployment hello, header on → "NAME\tREADY\tUP-TO-DATE\tAVAILABLE\tAGE\nhello\t4/4\t4\t4\t25m\n"
 */
export function groupTableText(
  group: TableGroup,
  opts: TableOptions,
  deco: GroupDecoration,
  nowMs: number,
): string {
  const lines: string[] = [];
  writeGroupTable(group, opts, deco, nowMs, (line) => lines.push(line));
  return lines.join('');
}

/**
 * groupTableText one line at a time, as each object is visited: a table of 60,000 events is
 * never all in one string before the tabwriter takes it. Returns the number of rows; the header
 * goes out with the first one.
 */
export function writeGroupTable(
  group: TableGroup,
  opts: TableOptions,
  deco: GroupDecoration,
  nowMs: number,
  write: (line: string) => void,
  /** takes a row as its cells instead of `write` taking them joined: TabWriter.writeRow */
  writeRow: (cells: string[]) => void = (cells) => write(cells.join('\t') + '\n'),
): number {
  const table = tableFor(group.resourceLabel);
  const cols = outputColumns(group, opts, deco);
  let rows = 0;
  group.objects.forEach((obj) => {
    if (rows === 0 && deco.header) writeRow(cols.map((c) => c.header));
    const cells = table.row(obj, nowMs);
    writeRow(cols.map((c) => cellText(c.cell(obj, cells))));
    rows++;
  });
  return rows;
}
