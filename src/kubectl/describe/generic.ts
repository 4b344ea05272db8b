import type { KubeObject } from '../../api/meta/v1.js';
import { formatGoFloat } from '../printers/jsonpath/go-fmt.js';
import { compareGoStrings } from '../../common/go-strings.js';
import type { Describer } from './describer.js';
import { describeEvents, eventQueryFor, searchEvents } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { LEVEL_0, type PrefixWriter, tabbedString } from './prefix-writer.js';

/** Go's %v of a JSON scalar as unstructured holds it (integers are int64, others float64). */
function scalarText(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : formatGoFloat(v);
  return String(v);
}

type CharClass = 'lower' | 'upper' | 'digit' | 'other';

function classOf(ch: string): CharClass {
  if (/\p{Ll}/u.test(ch)) return 'lower';
  if (/\p{Lu}/u.test(ch)) return 'upper';
  if (/\p{Nd}/u.test(ch)) return 'digit';
  return 'other';
}

/**
 * fatih/camelcase Split: runs of one character class, where an upper-case run followed by a
 * lower-case one gives its last letter to the next word:
 * "apiVersion" → [api, Version]; "HTTPServer" → [HTTP, Server]; "foo-bar" → [foo, -, bar].
 */
export function camelCaseSplit(s: string): string[] {
  const runs: string[][] = [];
  let last: CharClass | undefined;
  for (const ch of s) {
    const c = classOf(ch);
    if (c === last && runs.length > 0) runs[runs.length - 1]!.push(ch);
    else runs.push([ch]);
    last = c;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    const cur = runs[i]!;
    const next = runs[i + 1]!;
    if (classOf(cur[0]!) === 'upper' && classOf(next[0]!) === 'lower') {
      next.unshift(cur.pop()!);
    }
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}

const ACRONYMS = ['API', 'URL', 'UID', 'OSB', 'GUID'];

/**
 * smartLabelFor: `creationTimestamp` → `Creation Timestamp`, `apiVersion` → `API Version`,
 * `uid` → `UID`. A field with anything but letters and '-' is printed as it is.
 */
export function smartLabelFor(field: string): string {
  if ([...field].some((ch) => !/\p{L}/u.test(ch) && ch !== '-')) return field;
  return camelCaseSplit(field)
    .filter((p) => p !== '_')
    .map((p) => (ACRONYMS.includes(p.toUpperCase()) ? p.toUpperCase() : p.charAt(0).toUpperCase() + p.slice(1)))
    .join(' ');
}

const SKIPPED = ['.metadata.managedFields', '.metadata.name', '.metadata.namespace', '.metadata.labels', '.metadata.annotations'];

/** printUnstructuredContent: fields sorted, maps and lists nested one level deeper. */
function printContent(w: PrefixWriter, level: number, content: Record<string, unknown>, prefix: string): void {
  for (const field of Object.keys(content).sort(compareGoStrings)) {
    const value = content[field];
    const path = `${prefix}.${field}`;
    if (SKIPPED.includes(path)) continue;
    if (Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      for (const child of value) {
        if (typeof child === 'object' && child !== null && !Array.isArray(child)) printContent(w, level + 1, child as Record<string, unknown>, path);
        else w.write(level + 1, `${Array.isArray(child) ? `[${child.map(scalarText).join(' ')}]` : scalarText(child)}\n`);
      }
    } else if (typeof value === 'object' && value !== null) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      printContent(w, level + 1, value as Record<string, unknown>, path);
    } else {
      w.write(level, `${smartLabelFor(field)}:\t${scalarText(value)}\n`);
    }
  }
}

/** The generic describer, for kinds without their own: every field of the object, then events. */
export function describeGenericText(obj: KubeObject, events: KubeObject[] | undefined, nowMs: number): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${obj.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${obj.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', obj.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', obj.metadata.annotations);
    printContent(w, LEVEL_0, obj, '');
    if (events) describeEvents(events, w, nowMs);
  });
}

export const describeGeneric: Describer = (obj, ctx) =>
  describeGenericText(obj, ctx.showEvents ? searchEvents(ctx.api, eventQueryFor(obj)) : undefined, ctx.nowMs);
