import type Database from 'better-sqlite3';

/**
 * How the revision log keeps values (schema version 3, sqlite-schema.ts): each value once, and
 * superseded ones as the difference from the value that superseded them.
 *
 * A PUT row leaves its own value out ('' in `value`): while the write is the key's current one,
 * kv holds the value; once another write supersedes it, that next row carries it in
 * `prev_value`. A DELETE row carries the deleted value in full (TEXT), as before. A PUT carries
 * the superseded value either in full (TEXT) or, when most of it is unchanged, as a delta against
 * its own value (a BLOB, `encodeDelta`): an object's successive writes differ in a few fields
 * (a pod's binding, then its status), so a superseded pod of 2 KB keeps the 500 bytes between
 * the first and the last character that changed.
 *
 * Reading a row's value therefore looks in up to three places:
 * - the row itself: DELETE rows (whose value is ''), and rows written before version 3;
 * - kv, when the key's current write is this row;
 * - the row that superseded it (the log_prev index on prev_mod_revision: every revision is
 *   superseded at most once, and a superseding row is never compacted before the row it
 *   superseded, whose revision is lower); a delta there is applied to that row's own value,
 *   found the same way, up to the key's current value or a full one.
 * A genuine '' PUT reads '' from wherever it looks. Rows are never updated, only compacted
 * away from the oldest; the reads of one changesSince share one snapshot (a read transaction).
 *
 * Worked numbers, `apply -f` of 500 Deployments × 20 replicas and `cluster advance 2m`: 115,000
 * log rows held 156 MB of values, 73 MB of them the current ones kv holds too (every event, and
 * the last write of each pod), 83 MB superseded; now the log holds those 83 MB as 24 MB of deltas.
 */

/** The value a row `l` of the log wrote: a string, or the Buffer of a delta still to apply. */
const ROW_VALUE = `CASE WHEN l.type = 'DELETE' OR l.value <> '' THEN l.value ELSE COALESCE(
  (SELECT k.value FROM kv k WHERE k.key = l.key AND k.mod_revision = l.revision),
  (SELECT n.prev_value FROM log n WHERE n.prev_mod_revision = l.revision),
  '') END`;

/**
 * A log row as readers get it (`FROM log l`): its own value (or a delta, see LogValues.resolve);
 * prev_value only for a DELETE (the deleted value), not the superseded value a PUT carries.
 */
export const LOG_ROW_COLUMNS =
  `l.revision, l.key, l.type, ${ROW_VALUE} AS value, l.create_revision, ` +
  `CASE WHEN l.type = 'DELETE' THEN l.prev_value END AS prev_value, l.prev_mod_revision, l.time_ms`;

/** The parameters of a PUT's log row. */
export interface LogPut {
  revision: number;
  key: string;
  created: number;
  /** the key's previous write, absent for a creation */
  prev: number | null;
  time: number;
}

const INSERT_PUT = 'INSERT INTO log (revision, key, type, value, create_revision, prev_value, prev_mod_revision, time_ms) ';

/** The block lengths encodeDelta compares, longest first. */
const BLOCKS = [512, 64, 8];

/** Below this many unchanged characters a superseded value is kept in full. */
const MIN_SHARED = 64;

/**
 * `old` as a delta against `base`: the length of the prefix and of the suffix they share, then
 * the part of `old` in between (UTF-8), or undefined when too little is shared to be worth it.
 * Lengths are in UTF-16 code units, never splitting a surrogate pair.
 */
export function encodeDelta(old: string, base: string): Buffer | undefined {
  const n = Math.min(old.length, base.length);
  const lo = old.length;
  const lb = base.length;
  // Shared prefix and suffix in blocks first, then characters: comparing slices is a memcmp in
  // V8, six times faster than a charCodeAt loop over a 2 KB pod (1 µs instead of 6).
  let p = 0;
  for (const step of BLOCKS) while (p + step <= n && old.slice(p, p + step) === base.slice(p, p + step)) p += step;
  while (p < n && old.charCodeAt(p) === base.charCodeAt(p)) p++;
  let s = 0;
  for (const step of BLOCKS) while (s + step <= n - p && old.slice(lo - s - step, lo - s) === base.slice(lb - s - step, lb - s)) s += step;
  while (s < n - p && old.charCodeAt(lo - 1 - s) === base.charCodeAt(lb - 1 - s)) s++;
  if (p > 0 && isHighSurrogate(old.charCodeAt(p - 1))) p--;
  if (s > 0 && isLowSurrogate(old.charCodeAt(old.length - s))) s--;
  if (p + s < MIN_SHARED) return undefined;
  const middle = old.slice(p, old.length - s);
  const out = Buffer.allocUnsafe(8 + Buffer.byteLength(middle));
  out.writeUInt32LE(p, 0);
  out.writeUInt32LE(s, 4);
  out.write(middle, 8);
  return out;
}

/** The value encodeDelta(old, base) was made from, given base. */
export function applyDelta(delta: Buffer, base: string): string {
  const p = delta.readUInt32LE(0);
  const s = delta.readUInt32LE(4);
  return base.slice(0, p) + delta.toString('utf8', 8) + base.slice(base.length - s);
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** The log's statements for values: writing a PUT's row, resolving a row's value. */
export class LogValues {
  private readonly stmts;

  constructor(private readonly db: Database.Database) {
    this.stmts = {
      // Parameters by position: named ones are looked up in an object, one property per parameter,
      // at every write.
      put: db.prepare<[number, string, number, number | null, number]>(`${INSERT_PUT} VALUES (?, ?, 'PUT', '', ?, NULL, ?, ?)`),
      // (the key twice: as the row's, and to copy kv's value)
      putFull: db.prepare<[number, string, number, string, number | null, number]>(
        `${INSERT_PUT} VALUES (?, ?, 'PUT', '', ?, (SELECT value FROM kv WHERE key = ?), ?, ?)`,
      ),
      putDelta: db.prepare<[number, string, number, Buffer, number | null, number]>(`${INSERT_PUT} VALUES (?, ?, 'PUT', '', ?, ?, ?, ?)`),
      // One step along a key's writes: its value if `rev` is the current write, else the row
      // that superseded `rev` with what it carries.
      step: db.prepare<{ key: string; rev: number }, { current: string | null; next: number | null; carried: string | Buffer | null }>(
        'SELECT (SELECT value FROM kv WHERE key = @key AND mod_revision = @rev) AS current, n.revision AS next, n.prev_value AS carried ' +
          'FROM (SELECT 1) LEFT JOIN log n ON n.prev_mod_revision = @rev',
      ),
      // Through log_prev: after the rows up to the revision are gone, the index's entries up to it
      // are exactly the PUTs that carry a value of a compacted write.
      dropCarried: db.prepare<[number]>("UPDATE log SET prev_value = NULL WHERE prev_mod_revision <= ? AND type = 'PUT'"),
      valueAt: db.prepare<[number, string], { value: string | Buffer }>(`SELECT ${ROW_VALUE} AS value FROM log l WHERE l.revision = ? AND l.key = ?`),
    };
  }

  /**
   * The log row of a PUT of `value`, written before kv takes the value; `superseded`: kv's value
   * (the key's previous write), when that write is still in the log, so its value moves into the
   * new row (the caller read it with the key's revisions, one lookup of kv for both).
   */
  put(row: LogPut, value: string, superseded: string | undefined): void {
    if (superseded === undefined) {
      this.stmts.put.run(row.revision, row.key, row.created, row.prev, row.time);
      return;
    }
    const delta = encodeDelta(superseded, value);
    if (delta) this.stmts.putDelta.run(row.revision, row.key, row.created, delta, row.prev, row.time);
    // kv's value copied inside SQLite, byte for byte (a value another writer stored as TEXT that is
    // not UTF-8 would not survive the way through a JavaScript string)
    else this.stmts.putFull.run(row.revision, row.key, row.created, row.key, row.prev, row.time);
  }

  /**
   * The value `key` was written with at `revision`, when its row read a delta (a Buffer): the
   * delta belongs to the next write of the key, whose value is the base, found the same way.
   * `memo` keeps the values met (one changesSince reads a key's writes in a row).
   */
  resolve(key: string, revision: number, memo: Map<number, string>): string {
    const chain: { revision: number; delta: Buffer }[] = [];
    let rev = revision;
    let value: string | undefined;
    for (;;) {
      value = memo.get(rev);
      if (value !== undefined) break;
      const s = this.stmts.step.get({ key, rev });
      if (s?.current !== null && s?.current !== undefined) {
        value = s.current;
        break;
      }
      if (!s || s.next === null || s.carried === null) {
        // Nothing holds it: only a write of a file of an earlier kubemu ('' in full) gets here.
        value = '';
        break;
      }
      if (typeof s.carried === 'string') {
        value = s.carried;
        break;
      }
      chain.push({ revision: rev, delta: s.carried });
      rev = s.next;
    }
    memo.set(rev, value);
    for (let i = chain.length - 1; i >= 0; i--) {
      const link = chain[i]!;
      value = applyDelta(link.delta, value);
      memo.set(link.revision, value);
    }
    return value;
  }

  /**
   * After compaction to `revision`: a PUT that superseded a write at or below it carries a value
   * no reader can ask for any more (valueAt of a compacted revision finds no row), so it is
   * dropped. A DELETE keeps the deleted value, which its own event reports.
   */
  compacted(revision: number): void {
    this.stmts.dropCarried.run(revision);
  }

  /** the value of the row at revision if it wrote key */
  valueAt(key: string, revision: number): string | undefined {
    return this.readSnapshot(() => {
      const v = this.stmts.valueAt.get(revision, key)?.value;
      return v === undefined || typeof v === 'string' ? v : this.resolve(key, revision, new Map());
    });
  }

  /** fn's reads in one snapshot: inside the caller's transaction, or a read transaction of its own */
  readSnapshot<T>(fn: () => T): T {
    return this.db.inTransaction ? fn() : this.db.transaction(fn).deferred();
  }
}
