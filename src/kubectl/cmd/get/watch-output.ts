import type { JsonValue } from '../../../common/json.js';
import type { KubeObject } from '../../../api/meta/v1.js';
import { nameOf, type OutputSpec, printCustomColumns } from '../../printers/output.js';
import { toCompactJson, toJsonText } from '../../../common/go-json.js';
import { toYaml } from '../../printers/yaml.js';
import { WatchTablePrinter, type WatchTableOptions } from '../../printers/table/watch-printer.js';
import type { WatchEventType } from './filtered-watch.js';

/** Prints what `get -w` shows, one object (or watch event) at a time. */
export interface WatchOutput {
  /** The listed objects, flushed together (all ADDED with --output-watch-events). */
  initial(objects: readonly KubeObject[], nowMs: number): void;
  /** One change, with AGE computed at `nowMs` (when the server sent it). */
  event(type: WatchEventType, obj: KubeObject, nowMs: number): void;
}

export interface WatchOutputOptions {
  spec: OutputSpec;
  /** `deployment.apps`: the -o name prefix and table kind label */
  resourceLabel: string;
  kind: string;
  namespaced: boolean;
  table: Omit<WatchTableOptions, 'wide' | 'outputWatchEvents'>;
  outputWatchEvents: boolean;
  write: (text: string) => void;
}

/**
 * The printer `get -w` uses for each -o format (get.go watch with cli-runtime's printers):
 *
 * - tables: WatchTablePrinter (header once, remembered column widths, EVENT column);
 * - yaml: `---` between objects (the YAML printer's count), a watch event as `object:`/`type:`
 *   (sigs.k8s.io/yaml sorts the keys of the marshalled metav1.WatchEvent);
 * - json: each object indented; a watch event as one compact line `{"type":…,"object":…}`;
 * - name: `kind.group/name`, the event type dropped;
 * - jsonpath: the template per object; custom-columns: a header before the first row only.
 */
export function watchOutput(o: WatchOutputOptions): WatchOutput {
  const spec = o.spec;
  switch (spec.kind) {
    case 'table': {
      const printer = new WatchTablePrinter(
        { resourceLabel: o.resourceLabel, kind: o.kind, namespaced: o.namespaced },
        { ...o.table, wide: spec.wide, outputWatchEvents: o.outputWatchEvents },
        o.write,
      );
      return {
        initial: (objects, nowMs) => printer.printInitial(objects, nowMs),
        event: (type, obj, nowMs) => printer.printEvent(type, obj, nowMs),
      };
    }
    case 'name': {
      const one = (obj: KubeObject) => o.write(`${nameOf(o.resourceLabel, obj)}\n`);
      return { initial: (objects) => objects.forEach(one), event: (_t, obj) => one(obj) };
    }
    case 'custom-columns': {
      let printedHeader = false;
      const one = (obj: KubeObject) => {
        o.write(printCustomColumns(spec.columns, [obj], o.table.noHeaders || printedHeader));
        printedHeader = true;
      };
      return { initial: (objects) => objects.forEach(one), event: (_t, obj) => one(obj) };
    }
    default: {
      let count = 0;
      const one = (type: WatchEventType, obj: KubeObject) => {
        const value = obj as unknown as JsonValue;
        if (spec.kind === 'yaml') {
          if (count++ > 0) o.write('---\n');
          o.write(toYaml(o.outputWatchEvents ? { object: value, type } : value));
        } else if (spec.kind === 'json') {
          o.write(o.outputWatchEvents ? `{"type":${JSON.stringify(type)},"object":${toCompactJson(value)}}\n` : toJsonText(value));
        } else if (spec.kind === 'jsonpath') {
          o.write(spec.printer.print(o.outputWatchEvents ? { type, object: value } : value));
        }
      };
      return { initial: (objects) => objects.forEach((obj) => one('ADDED', obj)), event: (type, obj) => one(type, obj) };
    }
  }
}
