import type { KubeObject } from '../../../api/meta/v1.js';
import { KUBECTL_TABLE_TABWRITER, TabWriter } from '../tabwriter.js';
import { groupTableText, isNamespacedGroup, type TableGroup, type TableOptions } from './format-group.js';

/** Watch event types as the apiserver sends them. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'ERROR';

/** Options of `kubectl get -w`: the table flags plus --output-watch-events. */
export interface WatchTableOptions extends TableOptions {
  /** `--output-watch-events`: an EVENT column first (`ADDED   `, `MODIFIED`, ...). */
  outputWatchEvents: boolean;
}

/**
 * The printer behind `kubectl get -w` (get.go watch()): one tabwriter with remembered widths for
 * the whole session and one HumanReadablePrinter that prints a header only until it has printed
 * a non-empty table.
 *
 * - printInitial: the listed objects as one table, flushed together (all `ADDED` with
 *   --output-watch-events). Skip it for --watch-only.
 * - printEvent: one row, flushed alone. It uses max(remembered, own) column widths, so a longer
 *   name widens its own line and every later line but never realigns what was printed:
 *
 *       NAME              DESIRED   CURRENT   READY   AGE
 *       hello-8c9694f75   4         4         4       47s
 *       hello-85854d9fd8   1         0         0       0s
 *       hello-8c9694f75    3         4         4       58s
 *
 * Only one resource type can be watched, so there is no kind prefix unless --show-kind.
 */
export class WatchTablePrinter {
  private printedHeaders = false;
  private readonly writer: TabWriter;

  constructor(
    private readonly group: Omit<TableGroup, 'objects'>,
    private readonly opts: WatchTableOptions,
    write: (chunk: string) => void,
  ) {
    this.writer = new TabWriter(KUBECTL_TABLE_TABWRITER, write);
  }

  /** The initial list. An empty list prints nothing and leaves the header for the first event. */
  printInitial(objects: readonly KubeObject[], nowMs: number): void {
    this.print([...objects], 'ADDED', nowMs);
  }

  /** One watch event's row (AGE computed at `nowMs`, the instant the event is printed). */
  printEvent(type: WatchEventType, obj: KubeObject, nowMs: number): void {
    this.print([obj], type, nowMs);
  }

  private print(objects: KubeObject[], type: WatchEventType, nowMs: number): void {
    const header = !this.opts.noHeaders && !this.printedHeaders;
    if (objects.length > 0) this.printedHeaders = true;
    const text = groupTableText(
      { ...this.group, objects },
      this.opts,
      {
        header,
        withKind: this.opts.showKind,
        withNamespace: this.opts.allNamespaces && isNamespacedGroup(this.group),
        ...(this.opts.outputWatchEvents ? { eventType: type } : {}),
      },
      nowMs,
    );
    this.writer.write(text);
    this.writer.flush();
  }
}
