import { KUBECTL_TABLE_TABWRITER, TabWriter } from '../tabwriter.js';
import { isNamespacedGroup, writeGroupTable, type TableGroup, type TableOptions } from './format-group.js';

export type { TableGroup, TableOptions } from './format-group.js';
export { WatchTablePrinter, type WatchEventType, type WatchTableOptions } from './watch-printer.js';

/** renderTables' options: the get flags plus the instant the AGE columns are computed for. */
export interface RenderTablesOptions extends TableOptions {
  nowMs: number;
}

/**
 * Consecutive groups of the same type share one printer in kubectl (`get deploy/a deploy/b`):
 * one header, one alignment. Merge them so they render that way.
 */
function mergeConsecutive(groups: readonly TableGroup[]): TableGroup[] {
  const merged: TableGroup[] = [];
  for (const g of groups) {
    const last = merged[merged.length - 1];
    if (last && last.resourceLabel === g.resourceLabel) {
      const [first, then] = [last.objects, g.objects];
      merged[merged.length - 1] = {
        ...last,
        objects: {
          forEach: (visit) => {
            first.forEach((o) => visit(o));
            then.forEach((o) => visit(o));
          },
        },
      };
    } else {
      merged.push(g);
    }
  }
  return merged;
}

/**
 * The `kubectl get` human-readable output for one or more resource types (get.go's print loop):
 *
 * - one tabwriter for the whole output, flushed and its remembered widths reset at every new
 *   type, so each type aligns on its own;
 * - NAME becomes `<resourceLabel>/<name>` when more than one type was requested (multiple GVKs,
 *   counting requested types that came back empty) or with --show-kind;
 * - with -A, a NAMESPACE column for namespaced types — and, once one namespaced type has been
 *   printed, for every later type too, cluster-scoped or not (kubectl's ToPrinter mutates the
 *   shared HumanPrintFlags: `get pods,nodes -A` gives nodes an empty NAMESPACE column,
 *   `get nodes,pods -A` does not);
 * - an empty type prints nothing, not even its header;
 * - one blank line before a type's output when something was printed before it, unless
 *   --no-headers (get.go's separatorWriterWrapper).
 *
 * Returns '' when nothing at all was printed; the caller then writes kubectl's
 * `No resources found...` to stderr.
 */
export function renderTables(groups: readonly TableGroup[], opts: RenderTablesOptions): string {
  const out: string[] = [];
  let written = 0;
  let separatorReady = false;
  const writer = new TabWriter(KUBECTL_TABLE_TABWRITER, (chunk) => {
    if (separatorReady) {
      separatorReady = false;
      out.push('\n');
    }
    out.push(chunk);
    written += chunk.length;
  });

  const withKind = opts.showKind || new Set(groups.map((g) => g.resourceLabel)).size > 1;
  let withNamespace = false;
  mergeConsecutive(groups).forEach((group, i) => {
    writer.flush();
    writer.setRememberedWidths(null);
    if (i > 0 && !opts.noHeaders && written > 0) separatorReady = true;
    if (opts.allNamespaces && isNamespacedGroup(group)) withNamespace = true;
    writeGroupTable(
      group,
      opts,
      { header: !opts.noHeaders, withKind, withNamespace },
      opts.nowMs,
      (line) => writer.write(line),
      (cells) => writer.writeRow(cells),
    );
  });
  writer.flush();
  return out.join('');
}
