import type { ApiServer } from '../../apiserver/server.js';
import { StatusError } from '../../apiserver/errors.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { findByKind } from '../../apiserver/resources.js';
import { rfc3339 } from '../../sim/clock.js';
import type { ComponentState } from './state.js';
import { correlate, countDropped, emptyObjectEvents, keyedBy, type ObjectEvents } from './events/correlator.js';
import { firstAcceptMs, type SpamBucket } from './events/spam-filter.js';

/** core/v1 Event types. */
export type EventType = 'Normal' | 'Warning';

export interface EventSpec {
  /** the object the event is about */
  involved: KubeObject;
  /** `spec.containers{hello}` for container events */
  fieldPath?: string;
  type: EventType;
  reason: string;
  message: string;
  /** source.component / reportingComponent: `deployment-controller`, `kubelet` */
  component: string;
  /** source.host / reportingInstance (the node, for the kubelet) */
  host?: string;
}

const EVENT = findByKind('v1', 'Event')!;

/** Told about an event the API server refused (and that is therefore dropped). */
export type EventRejected = (event: EventSpec, error: StatusError) => void;

/** The source and object an event is about: what the spam filter keeps one bucket for. */
export type EventSource = Pick<EventSpec, 'involved' | 'component' | 'host'>;

/**
 * Records core/v1 Events as client-go's EventRecorder does (tools/record/event.go with the
 * default CorrelatorOptions, as the kubelet and kube-controller-manager use it): each event goes
 * through the correlator (events/correlator.ts: similar-message aggregation, counting of
 * identical events, the spam filter) and is then written, named `<object>.<hex nanoseconds>` by
 * its first occurrence: a new one created, a repeated one patched (count, lastTimestamp,
 * message), and one whose patch finds it gone (expired after its hour) created again under its
 * name with the count carried over (recordEvent). What the correlator remembers lives in the
 * recorder's ComponentState, one entry per source and object.
 *
 * Recording never fails the caller: client-go's broadcaster writes events in the background and
 * drops one the API server refuses ("Server rejected event (will not retry!)"), such as a Killing
 * event for a pod in a namespace being deleted, which refuses new content.
 */
export class EventRecorder {
  constructor(
    private readonly api: ApiServer,
    private readonly now: () => number,
    private readonly state: ComponentState,
    private readonly rejected: EventRejected = () => {},
  ) {}

  /**
   * Records the event as of atMs (default: now). A kubelet that folds syncs it did not run
   * (kubelet/quiet-resyncs.ts) records their events late, with their own times: the spam filter
   * drops them (firstWrittenMs says when it would not), and the logger counts them.
   */
  record(e: EventSpec, atMs?: number): void {
    // (two literals, not a spread of an empty or a one-key object: a scheduler or controller records each event so)
    this.recordAll(atMs === undefined ? [{ event: e }] : [{ event: e, atMs: [atMs] }]);
  }

  /**
   * Records events in order, each once at each of its atMs (default: once, now), reading and
   * keeping what the correlator remembers once per object. An entry with several times is that
   * many entries of the event in a row (a kubelet's folded resyncs: one entry, not thirty).
   */
  recordAll(events: readonly { event: EventSpec; atMs?: readonly number[] }[]): void {
    // One event and one time per occurrence, in order.
    const specs: EventSpec[] = [];
    const times: number[] = [];
    for (const { event, atMs } of events) {
      if (atMs === undefined) {
        specs.push(event);
        times.push(this.now());
      } else {
        for (const t of atMs) {
          specs.push(event);
          times.push(t);
        }
      }
    }
    // What the correlator remembers about each source and object, by spam key in the order first
    // asked: read once per recordAll. Two arrays, not a Map: nearly every recordAll is about one
    // object (a kubelet's sync of a pod), and its key is the same string each time (spamKey).
    const keys: string[] = [];
    const states: ObjectEvents[] = [];
    // the last source asked and its state (two variables, not an object made at each change)
    let lastSource: EventSource | undefined;
    let lastState: ObjectEvents | undefined;
    const stateOf = (e: EventSpec): ObjectEvents => {
      if (lastState !== undefined && sameSource(lastSource!, e)) return lastState;
      const key = spamKey(e);
      const at = keys.indexOf(key);
      let state = states[at];
      if (state === undefined) {
        keys.push(key);
        states.push((state = ownCopy(this.state.peek<ObjectEvents>(key))));
      }
      lastSource = e;
      lastState = state;
      return state;
    };
    this.batchNanos = { last: undefined, read: false, dirty: false };
    try {
      for (let i = 0; i < specs.length; i++) {
        const event = specs[i]!;
        try {
          this.write(event, times[i]!, stateOf(event));
        } catch (err) {
          if (!(err instanceof StatusError)) throw err;
          this.rejected(event, err);
        }
        // The same event again right after it (a kubelet's folded resyncs): those only counted, at once.
        let j = i + 1;
        while (j < specs.length && sameEvent(specs[j]!, event)) j++;
        if (j > i + 1) i += countDropped(stateOf(event), event, times.slice(i + 1, j));
      }
    } finally {
      this.keepNanos();
      for (let i = 0; i < keys.length; i++) this.state.keep(keys[i]!, states[i]!);
    }
  }

  /**
   * The first instant at which an event from this source about this object gets past the spam
   * filter (-Infinity: any); every one recorded before it is dropped (and changes nothing but the
   * counts). Events are recorded in time order, so none comes before the last one accepted.
   */
  firstWrittenMs(source: EventSource): number {
    const bucket = this.state.peek<ObjectEvents>(spamKey(source))?.bucket;
    if (!bucket) return -Infinity;
    // A bucket is replaced when it changes, never changed in place (correlator.ts): its answer stays.
    let t = this.firstAccepts.get(bucket);
    if (t === undefined) this.firstAccepts.set(bucket, (t = firstAcceptMs(bucket, bucket[1])));
    return t;
  }

  /** firstWrittenMs of the buckets peeked (a kubelet asks at every sync of a pod, mostly of the same bucket). */
  private readonly firstAccepts = new WeakMap<Readonly<SpamBucket>, number>();

  /** Correlates the event at nowMs into `state` (what the recorder remembers about its source and object) and writes what it says. */
  private write(e: EventSpec, nowMs: number, state: ObjectEvents): void {
    const ns = e.involved.metadata.namespace ?? 'default';
    // undefined: the spam filter drops the event (counted all the same). The spec is its own
    // EventFields: correlate reads a fieldPath absent or empty alike (no object made to leave it out).
    const write = correlate(state, e, nowMs, () => this.uniqueNanos(nowMs));
    if (!write) return;
    const name = `${e.involved.metadata.name}.${write.nameSuffix}`;
    if (write.count > 1 && this.api.tryGet(EVENT, ns, name)) {
      // builtForWrite: the stored Event itself, not a copy, is what the patch is built from (a
      // new top level and metadata; involvedObject and source shared, not copied twice), and the
      // patched fields are a count, an RFC 3339 time and a string (the server's decode check
      // has a known answer).
      this.api.modify(
        EVENT,
        ns,
        name,
        (o) => ({ ...o, metadata: { ...o.metadata }, count: write.count, lastTimestamp: rfc3339(nowMs), message: write.message }),
        { builtForWrite: true },
      );
      return;
    }
    // No namespace key at all for a cluster-scoped object (left out rather than deleted: an
    // object a key was deleted from is slow to copy, and the API server copies it); two literals
    // rather than a spread of the namespace's, which made an object for each event.
    const { apiVersion, kind, metadata } = e.involved;
    const namespace = metadata.namespace;
    const involvedObject: Record<string, unknown> =
      namespace === undefined
        ? { apiVersion, kind, name: metadata.name, resourceVersion: metadata.resourceVersion, uid: metadata.uid }
        : { apiVersion, kind, name: metadata.name, namespace, resourceVersion: metadata.resourceVersion, uid: metadata.uid };
    if (e.fieldPath) involvedObject['fieldPath'] = e.fieldPath;
    const source: Record<string, string> = { component: e.component };
    if (e.host) source['host'] = e.host;
    // builtForWrite: this object is made here for this write and dropped after it (no copy
    // needed), and it decodes as a Go v1.Event whatever the input (the server's decode check
    // has a known answer): every field is a string (the involved object's, the event's, or a
    // name from a string and hex digits), count an integer correlate() counts (far below int32),
    // eventTime null, and the timestamps rfc3339() of a clock time in ms (valid RFC 3339).
    this.api.create(EVENT, ns, {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: name, namespace: ns },
      count: write.count,
      eventTime: null,
      firstTimestamp: rfc3339(write.firstMs),
      involvedObject,
      lastTimestamp: rfc3339(nowMs),
      message: write.message,
      reason: e.reason,
      reportingComponent: e.component,
      reportingInstance: e.host ?? '',
      source,
      type: e.type,
    }, { builtForWrite: true });
  }

  /**
   * Event names carry the time in nanoseconds; events in the same millisecond get the next ones.
   * Returns them in hex. The nanoseconds are counted as whole milliseconds and the nanoseconds
   * past them (ms × 1e6 is beyond a number's exact integers): no BigInt arithmetic per event.
   * The last ones given are read from the recorder's memory once per recordAll and written back
   * once at its end (keepNanos): nobody else names an event meanwhile (one recorder, which
   * nothing it calls records through), and reading and writing them at each event cost ~2.5 us
   * of its ~50 (40,000 events in an advance of 10,000 pods).
   */
  private uniqueNanos(nowMs: number): string {
    const outside = this.batchNanos === undefined;
    const batch = (this.batchNanos ??= { last: undefined, read: false, dirty: false });
    if (!batch.read) {
      batch.last = this.storedNanos();
      batch.read = true;
    }
    const last = batch.last;
    // n = nowMs × 1e6, or last + 1 when last >= n (which is last.ms >= nowMs, sub being below 1e6)
    let ms = nowMs;
    let sub = 0;
    if (last !== undefined && last.ms >= nowMs) {
      ms = last.ms;
      sub = last.sub + 1;
      if (sub === 1_000_000) {
        ms++;
        sub = 0;
      }
    }
    batch.last = { ms, sub };
    batch.dirty = true;
    // Outside a recordAll (nothing calls it so today): written at once.
    if (outside) this.keepNanos();
    return nanosHex(ms, sub);
  }

  /** The last nanoseconds in the recorder's memory (what this recorder wrote last, unless someone else wrote since: nothing to parse). */
  private storedNanos(): Nanos | undefined {
    const text = this.state.text(LAST_NANOS);
    return text === undefined ? undefined : text === this.lastNanos?.text ? this.lastNanos : parseNanos(text);
  }

  /** Writes the last nanoseconds given in this recordAll to the recorder's memory, as uniqueNanos wrote them at each event, and ends the batch. */
  private keepNanos(): void {
    const batch = this.batchNanos;
    this.batchNanos = undefined;
    if (!batch?.dirty || batch.last === undefined) return;
    const { ms, sub } = batch.last;
    const written = ms === 0 ? String(sub) : String(ms) + String(sub).padStart(6, '0');
    // JSON.stringify of a string of digits, made once: stored as set() would store it, and kept
    // as the text storedNanos compares the stored one with.
    const text = `"${written}"`;
    this.state.setText(LAST_NANOS, text);
    this.lastNanos = { text, ms, sub };
  }

  /** The last name's nanoseconds this recorder gave, with the text it stored them as. */
  private lastNanos: ({ text: string } & Nanos) | undefined;

  /** Within a recordAll: the last nanoseconds given (read once, when first needed), and whether they are to be written back. */
  private batchNanos: { last: Nanos | undefined; read: boolean; dirty: boolean } | undefined;
}

/** A count of nanoseconds: ms × 1e6 + sub, sub in [0, 1e6). */
interface Nanos {
  ms: number;
  sub: number;
}

/** The nanoseconds another writer stored (a JSON string of decimal digits), as BigInt reads them. */
function parseNanos(text: string): Nanos {
  const n = BigInt(JSON.parse(text) as string);
  return { ms: Number(n / 1_000_000n), sub: Number(n % 1_000_000n) };
}

/**
 * ms × 1e6 split in 32-bit halves, for the millisecond asked last (an instant's events share it),
 * with the high half's hex digits (the same for all of them but one in ~4,300 ms: made once).
 */
let nanosBase: { ms: number; hi: number; lo: number; hiHex: string } | undefined;

/** (ms × 1e6 + sub).toString(16) of BigInts, from the millisecond's halves and sub in numbers. */
function nanosHex(ms: number, sub: number): string {
  if (nanosBase?.ms !== ms) {
    const base = BigInt(ms) * 1_000_000n;
    const hi = Number(base >> 32n);
    nanosBase = { ms, hi, lo: Number(base & 0xffffffffn), hiHex: hi.toString(16) };
  }
  let lo = nanosBase.lo + sub;
  if (lo < 0x1_0000_0000) return nanosBase.hi === 0 ? lo.toString(16) : nanosBase.hiHex + lo.toString(16).padStart(8, '0');
  // sub carried into the high half
  lo -= 0x1_0000_0000;
  return (nanosBase.hi + 1).toString(16) + lo.toString(16).padStart(8, '0');
}

/** The recorder's memory of the last nanoseconds it named an event with. */
const LAST_NANOS = '\u0000last-nanos';

/** getSpamKey: the source and the involved object (kind, namespace, name, uid, apiVersion). */
function spamKey(e: EventSource): string {
  const o = e.involved;
  const m = o.metadata;
  // Asked at every sync of a pod (firstWrittenMs) and at each recordAll about it, mostly of the
  // same object, frozen as the API server decoded it or a copy of it: the key made once per
  // source and object (by uid, then every part compared), so the same string comes back, and
  // with it the hash that each map it is looked up in (the recordAll's, the store's) computed
  // once; made again at each call, it was joined, then hashed twice more for nothing.
  const uid = m.uid ?? '';
  const known = spamKeysByUid.get(uid);
  if (known !== undefined) {
    for (const k of known) {
      if (k.component === e.component && k.host === e.host && k.name === m.name && k.namespace === m.namespace && k.kind === o.kind && k.apiVersion === o.apiVersion) return k.key;
    }
  }
  const key = ['obj', e.component, e.host ?? '', o.kind, m.namespace ?? '', m.name ?? '', uid, o.apiVersion].join('|');
  if (spamKeysKept >= MAX_SPAM_KEYS) {
    spamKeysByUid.clear();
    spamKeysKept = 0;
  }
  const entry: KnownSpamKey = { component: e.component, host: e.host, name: m.name, namespace: m.namespace, kind: o.kind, apiVersion: o.apiVersion, key };
  const same = spamKeysByUid.get(uid);
  if (same === undefined) spamKeysByUid.set(uid, [entry]);
  else same.push(entry);
  spamKeysKept++;
  return key;
}

/** A spamKey made, with the parts it was made of. */
interface KnownSpamKey {
  component: string;
  host: string | undefined;
  name: string | undefined;
  namespace: string | undefined;
  kind: string;
  apiVersion: string;
  key: string;
}

/** The spam keys made, by the involved object's uid (a pod has one per source: the scheduler, its kubelet). */
const spamKeysByUid = new Map<string, KnownSpamKey[]>();
let spamKeysKept = 0;

/** Spam keys kept (one or two per pod of a 10,000-pod cluster); beyond it, start over. */
const MAX_SPAM_KEYS = 40_000;

/**
 * The recorder's own copy of what it remembers about an object, to correlate events into: the
 * correlator replaces the bucket and the entries of similar and seen, never changes one in place
 * (correlator.ts), so copying those two maps leaves the peeked value as it was.
 */
function ownCopy(known: Readonly<ObjectEvents> | undefined): ObjectEvents {
  return known ? { ...known, similar: keyedBy(known.similar), seen: keyedBy(known.seen) } : emptyObjectEvents();
}

/** The same source and object (what spamKey says), told cheaply for the events of one recordAll. */
function sameSource(a: EventSource, b: EventSource): boolean {
  return a === b || (a.involved === b.involved && a.component === b.component && a.host === b.host);
}

/** The same event (source, object, and what it says), at another time. */
function sameEvent(a: EventSpec, b: EventSpec): boolean {
  if (a === b) return true;
  return a.involved === b.involved && a.component === b.component && a.host === b.host && a.fieldPath === b.fieldPath && a.type === b.type && a.reason === b.reason && a.message === b.message;
}
