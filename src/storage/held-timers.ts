import type { Timer } from './timers.js';

/**
 * SQLite's order of the timers table's rows (ORDER BY due_ms, queue, key): text by BINARY
 * collation, that is by the bytes of its UTF-8, which is code point order. JavaScript's own `<`
 * compares UTF-16 code units, which differs where a character past U+FFFF (two surrogates)
 * meets one in U+E000-U+FFFF: there the surrogate's character is the greater.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** The timers table's order: due time, then queue, then key. */
export function compareTimers(a: Timer, b: Timer): number {
  return a.dueMs - b.dueMs || compareText(a.queue, b.queue) || compareText(a.key, b.key);
}

interface Entry extends Timer {
  live: boolean;
  /** `queue\0key` */
  id: string;
  /** neither queue nor key holds a surrogate: JavaScript's own order is SQLite's */
  plain: boolean;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** compareTimers for held entries: with no surrogates about, the engine's own string order. */
function compareEntries(a: Entry, b: Entry): number {
  if (a.dueMs !== b.dueMs) return a.dueMs - b.dueMs;
  if (!(a.plain && b.plain)) return compareText(a.queue, b.queue) || compareText(a.key, b.key);
  if (a.queue !== b.queue) return a.queue < b.queue ? -1 : 1;
  return a.key === b.key ? 0 : a.key < b.key ? -1 : 1;
}

/**
 * The timers set while a run of steps holds the queue (SqliteTimers.hold), kept in memory: a
 * min-heap in the table's order for nextDue and popDue, and an index by queue and key for
 * cancel and for "the same (queue, key, time) twice is one timer". Entries popped or cancelled
 * are marked dead and dropped from the heap when they reach its top.
 */
export class HeldTimers {
  private readonly heap: Entry[] = [];
  /**
   * live entries: `queue\0key` → the entry, or (a key with timers at several due times) due
   * time → entry. Most keys have one (each Event written has its event-ttl timer, 40,000 in an
   * advance of 10,000 pods): a Map of its own for each was as many Maps for the collector.
   */
  private readonly byKey = new Map<string, Entry | Map<number, Entry>>();

  /** Adds a timer (dueMs already whole); one already held is not added twice. */
  add(queue: string, key: string, dueMs: number): void {
    const id = `${queue}\u0000${key}`;
    const held = this.byKey.get(id);
    let entry: Entry;
    if (held === undefined) {
      entry = { queue, key, dueMs, live: true, id, plain: !SURROGATE.test(id) };
      this.byKey.set(id, entry);
    } else if (held instanceof Map) {
      if (held.has(dueMs)) return;
      entry = { queue, key, dueMs, live: true, id, plain: !SURROGATE.test(id) };
      held.set(dueMs, entry);
    } else {
      if (held.dueMs === dueMs) return;
      entry = { queue, key, dueMs, live: true, id, plain: held.plain };
      this.byKey.set(
        id,
        new Map([
          [held.dueMs, held],
          [dueMs, entry],
        ]),
      );
    }
    this.push(entry);
  }

  /** The earliest due time held, if any. */
  nextDue(): number | undefined {
    this.dropDead();
    return this.heap[0]?.dueMs;
  }

  /** Removes and returns the timers due at or before t, in the table's order. */
  popDue(t: number): Timer[] {
    const due: Timer[] = [];
    for (;;) {
      this.dropDead();
      const top = this.heap[0];
      if (!top || top.dueMs > t) return due;
      this.pop();
      this.forget(top);
      due.push({ queue: top.queue, key: top.key, dueMs: top.dueMs });
    }
  }

  /** Drops every timer of a key. */
  cancel(queue: string, key: string): void {
    const id = `${queue}\u0000${key}`;
    const held = this.byKey.get(id);
    if (!held) return;
    if (held instanceof Map) for (const e of held.values()) e.live = false;
    else held.live = false;
    this.byKey.delete(id);
  }

  /** The timers still held, in no particular order. */
  *remaining(): Iterable<Timer> {
    for (const held of this.byKey.values()) {
      if (held instanceof Map) for (const e of held.values()) yield { queue: e.queue, key: e.key, dueMs: e.dueMs };
      else yield { queue: held.queue, key: held.key, dueMs: held.dueMs };
    }
  }

  private forget(e: Entry): void {
    e.live = false;
    const held = this.byKey.get(e.id);
    if (held === e) this.byKey.delete(e.id);
    else if (held instanceof Map) {
      held.delete(e.dueMs);
      if (held.size === 0) this.byKey.delete(e.id);
    }
  }

  private dropDead(): void {
    while (this.heap.length > 0 && !(this.heap[0] as Entry).live) this.pop();
  }

  private push(e: Entry): void {
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (compareEntries(h[parent] as Entry, e) <= 0) break;
      h[i] = h[parent] as Entry;
      i = parent;
    }
    h[i] = e;
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop();
    if (last === undefined || h.length === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const r = l + 1;
      const child = r < h.length && compareEntries(h[r] as Entry, h[l] as Entry) < 0 ? r : l;
      if (compareEntries(h[child] as Entry, last) >= 0) break;
      h[i] = h[child] as Entry;
      i = child;
    }
    h[i] = last;
  }
}

/**
 * Two lists each in the table's order, as one in that order; a timer in both (one stored before
 * the hold and set again during it: one timer, as the table's primary key makes it) once.
 */
export function mergeTimers(a: readonly Timer[], b: readonly Timer[]): Timer[] {
  if (a.length === 0) return [...b];
  if (b.length === 0) return [...a];
  const out: Timer[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const c = compareTimers(a[i] as Timer, b[j] as Timer);
    if (c <= 0) out.push(a[i++] as Timer);
    else out.push(b[j++] as Timer);
    if (c === 0) j++;
  }
  while (i < a.length) out.push(a[i++] as Timer);
  while (j < b.length) out.push(b[j++] as Timer);
  return out;
}
