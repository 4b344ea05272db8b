import type { KubeObject } from '../../../api/meta/v1.js';
import { asEvent, type Event } from '../../../api/core/v1/event.js';
import { timestampMs, translateTimestampSince } from '../duration.js';
import type { ColumnDefinition, KindTable } from './columns.js';

/**
 * printers.go eventColumnDefinitions. Note the wide order: MESSAGE stays in the middle and
 * FIRST SEEN, COUNT and NAME follow it; NAME is the Format "name" column, so with several types
 * only `-o wide` shows the `event/` prefix.
 */
export const eventColumns: readonly ColumnDefinition[] = [
  { name: 'Last Seen', priority: 0 },
  { name: 'Type', priority: 0 },
  { name: 'Reason', priority: 0 },
  { name: 'Object', priority: 0 },
  { name: 'Subobject', priority: 1 },
  { name: 'Source', priority: 1 },
  { name: 'Message', priority: 0 },
  { name: 'First Seen', priority: 1 },
  { name: 'Count', priority: 1 },
  { name: 'Name', priority: 1, format: 'name' },
];

/** unicode.IsSpace: JavaScript's \s minus U+FEFF, plus U+0085. */
const GO_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const TRIM_SPACE = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, 'gu');

/** Go's strings.TrimSpace. */
function trimSpace(s: string): string {
  return s.replace(TRIM_SPACE, '');
}

/**
 * formatEventSource: `component` or `component, host`, where an empty source.component falls back
 * to reportingController (JSON `reportingComponent`) and an empty host to reportingInstance.
 */
export function eventSource(e: Event): string {
  const component = e.source?.component || e.reportingComponent || '';
  const instance = e.source?.host || e.reportingInstance || '';
  return instance.length === 0 ? component : `${component}, ${instance}`;
}

/**
 * printEvent. FIRST SEEN is firstTimestamp, else eventTime (else `<unknown>`); LAST SEEN is
 * lastTimestamp, else FIRST SEEN. A series overrides LAST SEEN (series.lastObservedTime) and
 * COUNT (series.count); otherwise a count of 0 (singleton events of the events.k8s.io API) is 1.
 * OBJECT is `lower(kind)/name`, or just the lower-cased kind when the name is empty.
 */
export function eventRow(obj: KubeObject, nowMs: number): string[] {
  const e = asEvent(obj);
  const firstSeen =
    timestampMs(e.firstTimestamp) !== undefined
      ? translateTimestampSince(e.firstTimestamp, nowMs)
      : translateTimestampSince(e.eventTime, nowMs);
  let lastSeen = timestampMs(e.lastTimestamp) !== undefined ? translateTimestampSince(e.lastTimestamp, nowMs) : firstSeen;
  let count = e.count ?? 0;
  if (e.series) {
    lastSeen = translateTimestampSince(e.series.lastObservedTime, nowMs);
    count = e.series.count ?? 0;
  } else if (count === 0) {
    count = 1;
  }
  const kind = (e.involvedObject?.kind ?? '').toLowerCase();
  const name = e.involvedObject?.name ?? '';
  const target = name.length > 0 ? `${kind}/${name}` : kind;
  return [
    lastSeen,
    e.type ?? '',
    e.reason ?? '',
    target,
    e.involvedObject?.fieldPath ?? '',
    eventSource(e),
    trimSpace(e.message ?? ''),
    firstSeen,
    String(count),
    e.metadata.name ?? '',
  ];
}

export const eventTable: KindTable = { columns: eventColumns, row: eventRow };
