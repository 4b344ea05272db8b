import { aggregate, AGGREGATE_INTERVAL_MS, AGGREGATE_MAX_EVENTS, AGGREGATE_PREFIX, type AggregateRecord } from './aggregator.js';
import { tryAccept, type SpamBucket } from './spam-filter.js';

/**
 * client-go's EventCorrelator (tools/record/events_cache.go, EventCorrelate) over what one source
 * remembers about one object: first the aggregator (similar events, aggregator.ts), then the
 * logger's eventObserve, then the spam filter (spam-filter.ts).
 *
 * The logger counts identical events (getEventKey: source, object, fieldPath, type, reason,
 * message; an aggregate under its aggregate key) with no time window: the second one, however
 * late, is the first one's count + 1 (a patch of count, lastTimestamp and message), keeping the
 * first one's name and firstTimestamp. It counts before the spam filter looks, so an event the
 * filter drops is still counted and the next one written carries it: a kubelet's BackOff
 * resyncs of a crash-looping pod, one every 10 s but one written every 300 s, show
 * `(x31 over 5m)`, `(x61 over 10m)`, ...
 *
 * Upstream keeps each of the three caches in an LRU of 4096 entries per recorder process; here
 * nothing is evicted (a kubelet's cache, one per node, is far from 4096 entries).
 */

/**
 * One eventLog of the logger: count, firstTimestamp, and the Event's name given by its first
 * occurrence (here only what follows `<object>.`: the hex nanoseconds).
 */
export type Observation = [count: number, firstMs: number, nameSuffix: string];

/**
 * What one source remembers about one object: the three caches' entries under its spam key,
 * kept small (one per object a component ever recorded an event about, in the cluster file):
 * messages as hashes (messageHash), keys joined with `|`.
 */
export interface ObjectEvents {
  bucket?: SpamBucket;
  /** aggregator records by `type|reason` */
  similar: Record<string, AggregateRecord>;
  /** logger entries by event key (below the object's part of it): `fieldPath|type|reason|hash`, or `*|type|reason` for the aggregate */
  seen: Record<string, Observation>;
}

/**
 * cyrb53, a 53-bit string hash, in base 36: what stands for a message in the caches' keys. Two
 * messages about one object colliding (about 1 in 2^53) would count as one.
 */
export function messageHash(message: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < message.length; i++) {
    const ch = message.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The parts of an event that vary for one source and object. */
export interface EventFields {
  fieldPath?: string;
  type: string;
  reason: string;
  message: string;
}

/** What to write: a new Event (count 1), or the existing one patched (created again if it expired). */
export interface EventWrite {
  /** what follows `<object>.` in the Event's name */
  nameSuffix: string;
  count: number;
  firstMs: number;
  message: string;
}

export function emptyObjectEvents(): ObjectEvents {
  return { similar: keyedBy(), seen: keyedBy() };
}

/**
 * An object for similar or seen, with no prototype: V8 keeps such an object as a dictionary,
 * where adding a key costs no new hidden class. Keys of seen carry a message's hash, so a
 * plain object made a new hidden class for each (a ReplicaSet's "Created pod: <name>" events:
 * ~4 us each). JSON.stringify writes it as it writes a plain object, keys in insertion order.
 */
export function keyedBy<T>(entries?: Readonly<Record<string, T>>): Record<string, T> {
  const o = Object.create(null) as Record<string, T>;
  return entries ? Object.assign(o, entries) : o;
}

/** Messages already hashed: a kubelet records the same few messages about a pod again and again. */
const hashes = new Map<string, string>();

function hashOf(message: string): string {
  let h = hashes.get(message);
  if (h === undefined) {
    if (hashes.size >= 10_000) hashes.clear();
    hashes.set(message, (h = messageHash(message)));
  }
  return h;
}

/** `a|b` made once for each pair (by a, then b) and handed out again: a key already hashed. */
const joins = new Map<string, Map<string, string>>();
let joinsKept = 0;

/**
 * `${a}|${b}`, the same string each time: looked up in similar and seen, a fresh concatenation
 * was flattened and hashed at each event; Map lookups by a and b hash strings that are hashed
 * already (a reason, a fieldPath, a message's hash: the same few, kept by their makers).
 */
function joined(a: string, b: string): string {
  let byB = joins.get(a);
  if (byB === undefined) joins.set(a, (byB = new Map()));
  let ab = byB.get(b);
  if (ab === undefined) {
    if (joinsKept >= 10_000) {
      joins.clear();
      joinsKept = 0;
      joins.set(a, byB);
      byB.clear();
    }
    byB.set(b, (ab = `${a}|${b}`));
    joinsKept++;
  }
  return ab;
}

/**
 * EventCorrelate of one event at nowMs, updating `state` in place (the caller's own copy);
 * `newName` names (after `<object>.`) an event seen for the first time.
 */
export function correlate(state: ObjectEvents, e: EventFields, nowMs: number, newName: () => string): EventWrite | undefined {
  const similarKey = joined(e.type, e.reason);
  const hash = hashOf(e.message);
  const agg = aggregate(state.similar[similarKey], hash, nowMs);
  state.similar[similarKey] = agg.record;
  const key = agg.aggregate ? `*|${similarKey}` : joined(joined(e.fieldPath ?? '', similarKey), hash);
  const last = state.seen[key];
  const seen: Observation = last ? [last[0] + 1, last[1], last[2]] : [1, nowMs, newName()];
  state.seen[key] = seen;
  const accept = tryAccept(state.bucket, nowMs);
  if (!accept.accepted) return undefined;
  if (accept.bucket) state.bucket = accept.bucket;
  const message = agg.aggregate ? AGGREGATE_PREFIX + e.message : e.message;
  return { nameSuffix: seen[2], count: seen[0], firstMs: seen[1], message };
}

/**
 * EventCorrelate of the same event again at each of `times` (in order), as long as each one is
 * only counted: similar to the last one recorded (within the aggregator's interval, its message
 * already in the record, so not an aggregate), already seen, and dropped by the spam filter.
 * Returns how many of the times were taken (the rest go through correlate one by one). The
 * state ends as correlate would leave it after each of them, built once: the record's
 * lastTimestamp at the last time, the count up by that many, the bucket as it was (a rejected
 * event leaves it so). A kubelet's folded back-off resyncs record ~30 BackOff events in a row.
 */
export function countDropped(state: ObjectEvents, e: EventFields, times: readonly number[]): number {
  const similarKey = `${e.type}|${e.reason}`;
  const hash = hashOf(e.message);
  const record = state.similar[similarKey];
  if (!record || record.length - 1 >= AGGREGATE_MAX_EVENTS || !record.includes(hash, 1)) return 0;
  const key = `${e.fieldPath ?? ''}|${similarKey}|${hash}`;
  const last = state.seen[key];
  if (!last) return 0;
  let lastMs = record[0];
  let n = 0;
  while (n < times.length) {
    const t = times[n]!;
    if (t - lastMs > AGGREGATE_INTERVAL_MS || tryAccept(state.bucket, t).accepted) break;
    lastMs = t;
    n++;
  }
  if (n === 0) return 0;
  state.similar[similarKey] = [lastMs, ...record.slice(1).map(String)];
  state.seen[key] = [last[0] + n, last[1], last[2]];
  return n;
}
