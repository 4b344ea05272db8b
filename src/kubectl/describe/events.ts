import type { ApiServer } from '../../apiserver/server.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { asEvent, type Event } from '../../api/core/v1/event.js';
import { RESOURCES } from '../../apiserver/resources.js';
import { humanDuration } from '../printers/duration.js';
import { timestampMs } from '../printers/duration.js';
import { LEVEL_0, LEVEL_1, type PrefixWriter } from './prefix-writer.js';

const EVENTS = RESOURCES.find((r) => r.resource === 'events')!;

/** What searchEvents matches on (client-go's Events().GetFieldSelector terms). */
export interface EventQuery {
  name: string;
  /** '' for cluster-scoped objects: matches events whose involvedObject has no namespace */
  namespace: string;
  /** left out for pods (describe clears the reference's kind) */
  kind?: string;
  uid?: string;
}

/**
 * searchEvents: the Events whose involvedObject has this name, namespace, kind and uid, in the
 * order the API server lists them (namespace, then name). Events of a namespaced object live in
 * its namespace; for a cluster-scoped one every namespace is searched.
 */
export function searchEvents(api: ApiServer, q: EventQuery): KubeObject[] {
  return api.list(EVENTS, q.namespace || undefined, (e) => {
    const inv = asEvent(e).involvedObject ?? {};
    if ((inv.name ?? '') !== q.name) return false;
    if ((inv.namespace ?? '') !== q.namespace) return false;
    if (q.kind !== undefined && (inv.kind ?? '') !== q.kind) return false;
    return q.uid === undefined || (inv.uid ?? '') === q.uid;
  });
}

/** The query describe builds from an object's reference. */
export function eventQueryFor(obj: KubeObject, withKind = true): EventQuery {
  const q: EventQuery = { name: obj.metadata.name ?? '', namespace: obj.metadata.namespace ?? '' };
  if (withKind) q.kind = obj.kind;
  if (obj.metadata.uid) q.uid = obj.metadata.uid;
  return q;
}

/** translateTimestampSince / translateMicroTimestampSince: `<unknown>` for a zero time. */
function since(ts: string | null | undefined, nowMs: number): string {
  const ms = timestampMs(ts);
  return ms === undefined ? '<unknown>' : humanDuration(nowMs - ms);
}

/**
 * The Age cell: the first time (eventTime, else firstTimestamp); with a series or a count above
 * one, `<last> (x<count> over <first>)`.
 *
 *     count 3, first 40m ago, last 36m ago → "36m (x3 over 40m)"
 */
export function eventAge(e: Pick<Event, 'eventTime' | 'firstTimestamp' | 'lastTimestamp' | 'count' | 'series'>, nowMs: number): string {
  const first = timestampMs(e.eventTime) !== undefined ? since(e.eventTime, nowMs) : since(e.firstTimestamp, nowMs);
  if (e.series) return `${since(e.series.lastObservedTime, nowMs)} (x${e.series.count ?? 0} over ${first})`;
  if ((e.count ?? 0) > 1) return `${since(e.lastTimestamp, nowMs)} (x${e.count} over ${first})`;
  return first;
}

/**
 * DescribeEvents: `Events:  <none>` (aligned with the fields above), else a flush and a table
 * sorted by lastTimestamp (a stable sort; kubectl's sort.Sort is stable for the short lists
 * describe shows).
 */
export function describeEvents(events: readonly KubeObject[], w: PrefixWriter, nowMs: number): void {
  if (events.length === 0) {
    w.write(LEVEL_0, 'Events:\t<none>\n');
    return;
  }
  w.flush();
  const last = (e: KubeObject) => timestampMs(asEvent(e).lastTimestamp) ?? Number.NEGATIVE_INFINITY;
  const sorted = [...events].sort((a, b) => (last(a) < last(b) ? -1 : last(a) > last(b) ? 1 : 0));
  w.write(LEVEL_0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(LEVEL_1, '----\t------\t----\t----\t-------\n');
  for (const obj of sorted) {
    const e = asEvent(obj);
    const source = e.source?.component || e.reportingComponent || '';
    w.write(LEVEL_1, `${e.type ?? ''}\t${e.reason ?? ''}\t${eventAge(e, nowMs)}\t${source}\t${(e.message ?? '').trim()}\n`);
  }
}
