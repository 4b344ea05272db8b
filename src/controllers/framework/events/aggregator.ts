/**
 * client-go's EventAggregator (tools/record/events_cache.go, EventAggregatorByReasonFunc and the
 * default CorrelatorOptions): events about one object from one source with the same type and
 * reason but different messages are "similar". The record of similar events holds the messages
 * seen (localKeys) and when the last one came; a similar event more than 600 s after the last
 * starts a fresh record. Once the record holds 10 messages, the event is replaced by an
 * aggregate one, "(combined from similar events): <message>", counted under the aggregate key
 * (so later ones patch it), and one message is dropped from the record to keep it at 9.
 *
 * A ReplicaSet controller creating 32 pods in a row: "Created pod: a" ... the 9th are written as
 * they are; from the 10th on each is an aggregate, the first creating
 * "(combined from similar events): Created pod: j" and the next 22 patching it (count 23, the
 * message of the last).
 *
 * Upstream drops an arbitrary message (sets.String.PopAny: Go's map order, random); here the
 * oldest, so that runs are deterministic. It only decides which of 9 earlier messages counts as
 * seen when one of them comes again.
 */

/** defaultAggregateMaxEvents */
export const AGGREGATE_MAX_EVENTS = 10;
/** defaultAggregateIntervalInSeconds */
export const AGGREGATE_INTERVAL_MS = 600 * 1000;
/** EventAggregatorByReasonMessageFunc's prefix */
export const AGGREGATE_PREFIX = '(combined from similar events): ';

/** The aggregateRecord of one source, object, type and reason: lastTimestamp, then the messages seen (oldest first; any stand-in for them, such as a hash). */
export type AggregateRecord = [lastMs: number, ...messages: string[]];

export interface Aggregated {
  record: AggregateRecord;
  /** whether the event is replaced by the aggregate (counted under the aggregate key, with the prefixed message) */
  aggregate: boolean;
}

/** EventAggregate for an event with `message` at nowMs. */
export function aggregate(record: AggregateRecord | undefined, message: string, nowMs: number): Aggregated {
  // A missing record is one whose lastTimestamp is the zero time: always too old.
  const fresh = !record || nowMs - record[0] > AGGREGATE_INTERVAL_MS;
  // The new record built at once, the messages after its time (strings, whatever was stored).
  const next: AggregateRecord = [nowMs];
  let seen = false;
  if (!fresh) {
    for (let i = 1; i < record.length; i++) {
      const m = String(record[i]);
      if (m === message) seen = true;
      next.push(m);
    }
  }
  if (!seen) next.push(message);
  if (next.length - 1 < AGGREGATE_MAX_EVENTS) return { record: next, aggregate: false };
  next.splice(1, 1);
  return { record: next, aggregate: true };
}
