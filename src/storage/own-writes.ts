import type { KeyEvent } from './keyspace.js';

/** One write this connection made, as the revision log's row reads back (SqliteKeyspace.toEvent). */
export interface OwnWrite {
  revision: number;
  key: string;
  type: KeyEvent['type'];
  /**
   * the value a PUT wrote ('' for a DELETE); undefined: not kept (a write its writer expects
   * nobody to read back soon, an Event: SqliteKeyspace.put's `unread`), read from the file when
   * asked
   */
  value: string | undefined;
  /** the key's create revision (a PUT's) */
  createRevision: number;
  prevModRevision: number | null;
  /** the value a DELETE removed */
  deletedValue?: string;
  timeMs: number;
}

/**
 * Values kept at most (UTF-16 code units, ~bytes): what the journal holds on to beyond the writer's
 * own use of the strings. The readers drop what they passed (SqliteKeyspace.changesSince), so this
 * bounds one step's writes: a larger step (the first instants of a 10,000-pod advance write 60 MB)
 * is read back from the log instead.
 */
const MAX_CHARS = 64 * 1024 * 1024;

/**
 * Keys whose last write is remembered (latest), and the characters of their values at most: more
 * than one step of the 10,000-pod cluster writes (10,000 pod statuses and as many Events), so that
 * a pod's status write at the next step finds the value it replaces here. With 4,096 keys every
 * status write of an `advance 2m` there (20,000) read its pod's value back out of kv instead.
 */
const LATEST_KEPT = 65_536;
const LATEST_CHARS = 64 * 1024 * 1024;

/**
 * The last writes this connection made, in revision order without gaps: the informers read the
 * writes of each step back at the next one, and reading them from the revision log cost a query
 * and a copy of each value out of SQLite (~8-20 µs a row: 61,000 rows in an `advance 2m` of the
 * 10,000-pod cluster). When the journal holds every revision after the reader's cursor up to the
 * file's current revision, nobody else wrote in between (another process's write takes a revision
 * of the same counter), so the journal is the log's content there; otherwise the log is read.
 * Whatever may have been undone (a rollback) or written around it forgets everything.
 */
export class OwnWrites {
  private entries: OwnWrite[] = [];
  /** index of the first live entry in `entries` (dropping from the front without copying) */
  private start = 0;
  private chars = 0;
  /**
   * the revision of the last write recorded, kept when the entries up to it are dropped: the
   * journal then still vouches that nothing came after it (a reader at the file's revision gets
   * nothing without a query)
   */
  private last: number | undefined;
  /**
   * The last write of each key recorded since the run began (a rollback, a gap or a changed
   * counter begins a new one), LATEST_KEPT keys (an eighth more before they go), the oldest
   * dropped first. While the file's revision is still `last`, nobody else wrote since, so each
   * is what kv holds at its key.
   */
  private readonly latest = new Map<string, OwnWrite>();
  /** the characters of the values `latest` holds */
  private latestChars = 0;

  /** the revision of the first entry held (the one after `last` when none is) */
  private get first(): number | undefined {
    return this.entries[this.start]?.revision ?? (this.last === undefined ? undefined : this.last + 1);
  }

  record(w: OwnWrite): void {
    // A revision the journal did not see in between (another process, a write that failed
    // half-way) breaks the run: start again from this one.
    if (this.last !== undefined && w.revision !== this.last + 1) this.forget();
    this.entries.push(w);
    this.last = w.revision;
    this.remember(w);
    this.chars += (w.value?.length ?? 0) + (w.deletedValue?.length ?? 0);
    while (this.chars > MAX_CHARS && this.entries.length > this.start) this.dropFirst();
  }

  /** Drops the writes up to a revision (compacted: no reader may ask for them). */
  dropThrough(revision: number): void {
    while (this.entries.length > this.start && this.entries[this.start]!.revision <= revision) this.dropFirst();
  }

  forget(): void {
    this.entries = [];
    this.start = 0;
    this.chars = 0;
    this.last = undefined;
    this.latest.clear();
    this.latestChars = 0;
  }

  /**
   * What kv holds at key, known without a query: the key's last write in this run, when the
   * file's revision is still the run's last (`current`); null when that write deleted it;
   * undefined when the journal cannot tell.
   */
  current(key: string, current: number): OwnWrite | null | undefined {
    if (this.last === undefined || this.last !== current) return undefined;
    const w = this.latest.get(key);
    if (!w) return undefined;
    return w.type === 'DELETE' ? null : w;
  }

  /**
   * The writes after `after`, when the journal holds every revision from after + 1 to `current`
   * (the file's revision now); undefined when it does not (then the log must be read).
   */
  after(after: number, current: number): { entries: readonly OwnWrite[]; from: number } | undefined {
    const first = this.first;
    const last = this.last;
    if (first === undefined || last !== current || after + 1 < first || after > last) return undefined;
    return { entries: this.entries, from: this.start + (after + 1 - first) };
  }

  /** w as its key's last write; beyond LATEST_KEPT keys or LATEST_CHARS (an eighth more before they go), the oldest go. */
  private remember(w: OwnWrite): void {
    const before = this.latest.get(w.key);
    if (before) {
      this.latest.delete(w.key);
      this.latestChars -= before.value?.length ?? 0;
    }
    // A write without its value cannot answer current() (its caller reads kv): only the older
    // write it replaces goes.
    if (w.value === undefined) return;
    this.latest.set(w.key, w);
    this.latestChars += w.value.length;
    if (this.latest.size > LATEST_KEPT + LATEST_KEPT / 8 || this.latestChars > LATEST_CHARS + LATEST_CHARS / 8) this.dropOldestLatest();
  }

  /** Down to LATEST_KEPT keys and LATEST_CHARS, the oldest first (in one pass: see drop-oldest.ts). */
  private dropOldestLatest(): void {
    for (const [key, w] of this.latest) {
      if (this.latest.size <= LATEST_KEPT && this.latestChars <= LATEST_CHARS) break;
      this.latest.delete(key);
      this.latestChars -= w.value?.length ?? 0;
    }
  }

  private dropFirst(): void {
    const w = this.entries[this.start];
    if (!w) return;
    this.chars -= (w.value?.length ?? 0) + (w.deletedValue?.length ?? 0);
    this.start++;
    // Copy the live part down once the dead front is as long as it (amortised O(1) a write).
    if (this.start > 1024 && this.start * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.start);
      this.start = 0;
    }
  }
}

/** Whether a key lies under [prefix, prefix + U+10FFFF), the log's range test (SQLite compares UTF-8 bytes). */
export function underPrefix(key: string, prefix: string): boolean {
  return key.startsWith(prefix) && !key.startsWith(prefix + '\u{10FFFF}');
}
