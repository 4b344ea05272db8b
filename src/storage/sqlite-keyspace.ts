import type Database from 'better-sqlite3';
import { dropOldest } from '../common/drop-oldest.js';
import { TEMP_STORE, openClusterFile } from './cluster-file.js';
import { labelSelection } from './sqlite-label-index.js';
import { controllerSelection } from './sqlite-controller-index.js';
import { hasHintColumns } from './sqlite-index-update.js';
import { UnindexedRows, hasUnindexedIndex } from './sqlite-unindexed.js';
import { MetaFamilies, familyOf } from './meta-families.js';
import type { IndexHints } from './index-hints.js';
import type { KvRow } from './sqlite-derived-index.js';
import { CorruptClusterFile, clusterFileError, damageFoundIn, forgetDamage, sqliteCode } from './cluster-file-errors.js';
import {
  type JsonMeta,
  type KeyEvent,
  type KeyValue,
  type Keyspace,
  KeyspaceLocked,
  RevisionCompacted,
  RevisionMismatch,
} from './keyspace.js';
import { LOG_ROW_COLUMNS, LogValues } from './sqlite-log.js';
import { type OwnWrite, OwnWrites, underPrefix } from './own-writes.js';
import { BackgroundCheckpoint, type StartCheckpointer } from './background-checkpoint.js';
import { SqliteRolloutHistory } from './sqlite-rollout-history.js';

interface LogRow {
  revision: number;
  key: string;
  type: string;
  /** a Buffer: a delta still to apply (sqlite-log.ts) */
  value: string | Buffer;
  create_revision: number;
  prev_value: string | null;
  prev_mod_revision: number | null;
  time_ms: number;
}

/** meta: the cluster time of the last log row (kept apart from the log, which compaction empties) */
const LOG_TIME_KEY = 'log_time_ms';

/** a UTF-16 surrogate not part of a pair (String.prototype.isWellFormed, which ES2022 lacks) */
const LONE_SURROGATE = /\p{Cs}/u;

/** SQLite's page cache during a scan outside a transaction: 1 MB (negative: KiB), against 16 MB otherwise. */
const ONE_SHOT_SCAN_CACHE = -1024;

/** Rows read by get kept for their key's next write (SqliteKeyspace.readRows): the pods of the 10,000-pod cluster. */
const READ_KEPT = 16_384;

function toKv(r: KvRow): KeyValue {
  return { key: r.key, value: r.value, createRevision: r.create_revision, modRevision: r.mod_revision };
}

/** The smallest string greater than every string that starts with prefix. */
function prefixEnd(prefix: string): string {
  return prefix + '\u{10FFFF}';
}

/**
 * SQLite implementation of the keyspace: the current state in `kv`, every write in `log`
 * (schema and the file's checks: sqlite-schema.ts, cluster-file.ts).
 */
export class SqliteKeyspace implements Keyspace {
  /** the open database, for the other tables of the cluster file (timers) */
  readonly db: Database.Database;
  private readonly stmts;
  private readonly log: LogValues;
  /** the rollout history's table (sqlite-rollout-history.ts), in this connection's transactions */
  readonly history: SqliteRolloutHistory;
  /** this connection's last writes, which changesSince reads instead of the log where they cover it */
  private readonly own = new OwnWrites();
  private depth = 0;
  private rollbacks = 0;
  private now: () => number = () => 0;

  /** kv has the index hints' columns (every writable file: cluster-file.ts adds them at open) */
  private readonly hinted: boolean;

  /** the rows of kv the indexes may not hold yet, where the file has their index (sqlite-unindexed.ts) */
  private readonly unindexed: UnindexedRows | undefined;

  /** the file could not be written when it was opened: reads only (cluster-file.ts) */
  readonly readOnly: boolean;

  /** a writable file's checkpoints on another thread, once its WAL has grown (background-checkpoint.ts) */
  private readonly background: BackgroundCheckpoint | undefined;

  /** options.checkpointer: how a checkpointer is started (tests) */
  constructor(
    readonly path: string,
    options: { checkpointer?: StartCheckpointer } = {},
  ) {
    forgetDamage(path);
    const opened = openClusterFile(path);
    this.db = opened.db;
    this.readOnly = opened.readOnly;
    this.background = opened.file === undefined ? undefined : new BackgroundCheckpoint(opened.file, options.checkpointer);
    this.log = new LogValues(this.db);
    this.history = new SqliteRolloutHistory(this.db);
    const hinted = hasHintColumns(this.db);
    this.hinted = hinted;
    this.unindexed = hasUnindexedIndex(this.db) ? new UnindexedRows(this.db) : undefined;
    this.stmts = {
      get: this.db.prepare<[string], KvRow>('SELECT key, value, create_revision, mod_revision FROM kv WHERE key = ?'),
      list: this.db.prepare<[string, string], KvRow>(
        'SELECT key, value, create_revision, mod_revision FROM kv WHERE key >= ? AND key < ? ORDER BY key',
      ),
      // label selection, through the label index when the file has one (sqlite-label-index.ts)
      labels: labelSelection(this.db),
      // the objects of one controller, through the controller index (sqlite-controller-index.ts)
      controlled: controllerSelection(this.db),
      rev: this.db.prepare<[string], { mod_revision: number }>('SELECT mod_revision FROM kv WHERE key = ?'),
      revsValue: this.db.prepare<[string], { create_revision: number; mod_revision: number; value: string }>(
        'SELECT create_revision, mod_revision, value FROM kv WHERE key = ?',
      ),
      listRevs: this.db.prepare<[string, string], { key: string; mod_revision: number }>(
        'SELECT key, mod_revision FROM kv WHERE key >= ? AND key < ? ORDER BY key',
      ),
      // kv's writes, with the index hints of the write (sqlite-index-update.ts) where the file has
      // their columns (a read-only file from before them has not, and is never written).
      // OR FAIL: a statement that may abort halfway (the default conflict resolution, ABORT, of
      // kv's NOT NULL columns) and fires triggers runs inside a statement journal, a savepoint
      // per write that copies each 16 KiB page it touches again; kubemu binds no NULL, and an
      // error fails the whole transaction anyway. An upsert's DO UPDATE always resolves with
      // ABORT, so an update of an existing key is an UPDATE.
      // Measured on large.db's pods, 10,000 inserts into a WAL file: ~100 ms without triggers,
      // ~190 with a trigger whose WHEN is false (statement journal), ~100 with OR FAIL. (A trigger
      // on kv that calls an SQL function brings the journal back: sqlite-index-update.ts, whose
      // triggers call none.)
      upsert: this.db.prepare(
        hinted
          ? 'INSERT OR FAIL INTO kv (key, value, create_revision, mod_revision, index_rev, index_labels, index_controller) VALUES (?, ?, ?, ?, ?, ?, ?) ' +
              'ON CONFLICT(key) DO UPDATE SET value = excluded.value, mod_revision = excluded.mod_revision, ' +
              'index_rev = excluded.index_rev, index_labels = excluded.index_labels, index_controller = excluded.index_controller'
          : 'INSERT INTO kv (key, value, create_revision, mod_revision) VALUES (?, ?, ?, ?) ' +
              'ON CONFLICT(key) DO UPDATE SET value = excluded.value, mod_revision = excluded.mod_revision',
      ),
      update: this.db.prepare(
        hinted
          ? 'UPDATE OR FAIL kv SET value = ?, mod_revision = ?, index_rev = ?, index_labels = ?, index_controller = ? WHERE key = ?'
          : 'UPDATE kv SET value = ?, mod_revision = ? WHERE key = ?',
      ),
      insertNew: this.db.prepare(
        hinted
          ? 'INSERT OR FAIL INTO kv (key, value, create_revision, mod_revision, index_rev, index_labels, index_controller) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(key) DO NOTHING'
          : 'INSERT INTO kv (key, value, create_revision, mod_revision) VALUES (?, ?, ?, ?) ON CONFLICT(key) DO NOTHING',
      ),
      del: this.db.prepare('DELETE FROM kv WHERE key = ?'),
      log: this.db.prepare(
        'INSERT INTO log (revision, key, type, value, create_revision, prev_value, prev_mod_revision, time_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      firstAfter: this.db.prepare<[number, string, string], { revision: number; time_ms: number }>(
        'SELECT revision, time_ms FROM log WHERE revision > ? AND key >= ? AND key < ? ORDER BY revision LIMIT 1',
      ),
      changes: this.db.prepare<[number, string, string, number], LogRow>(
        `SELECT ${LOG_ROW_COLUMNS} FROM log l WHERE l.revision > ? AND l.key >= ? AND l.key < ? ORDER BY l.revision LIMIT ?`,
      ),
      // Up to the first write (of any key) made after a cluster time: a reader whose cursor moves
      // to the last row it got can never pass a row it was not given (see changesSince).
      changesUntil: this.db.prepare<{ after: number; from: string; to: string; until: number; limit: number }, LogRow>(
        `SELECT ${LOG_ROW_COLUMNS} FROM log l WHERE l.revision > @after AND l.key >= @from AND l.key < @to AND l.revision < ` +
          'COALESCE((SELECT revision FROM log WHERE revision > @after AND time_ms > @until ORDER BY revision LIMIT 1), 9007199254740991) ' +
          'ORDER BY l.revision LIMIT @limit',
      ),
      lastTime: this.db.prepare<[], { time_ms: number }>('SELECT time_ms FROM log ORDER BY revision DESC LIMIT 1'),
      // In revision order from the oldest row, up to the first one written after the time.
      firstRow: this.db.prepare<[], { revision: number }>('SELECT revision FROM log ORDER BY revision LIMIT 1'),
      firstAfterTime: this.db.prepare<[number], { revision: number }>('SELECT revision FROM log WHERE time_ms > ? ORDER BY revision LIMIT 1'),
      compact: this.db.prepare('DELETE FROM log WHERE revision <= ?'),
      getMeta: this.db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE name = ?'),
      countMetaRange: this.db.prepare<[string, string], number>('SELECT count(*) FROM meta WHERE name >= ? AND name < ?').pluck(),
      metaRange: this.db.prepare<[string, string], { name: string; value: string }>('SELECT name, value FROM meta WHERE name >= ? AND name < ?'),
      dataVersion: this.db.prepare('PRAGMA data_version').pluck(),
      deleteMeta: this.db.prepare('DELETE FROM meta WHERE name = ?'),
      setMeta: this.db.prepare(
        'INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
      ),
    };
  }

  /**
   * A read of objects outside a transaction: SQLite's failure on the file (a damaged page it met)
   * reads as what it means, as inside one (transaction() below), also where a command reports an
   * object's error and goes on to the next. (The log's and meta's reads outside a transaction
   * are translated where the command's error is printed, cli/main.ts.)
   */
  private reading<T>(read: () => T): T {
    try {
      return read();
    } catch (e) {
      throw clusterFileError(e, this.path);
    }
  }

  get(key: string): KeyValue | undefined {
    const r = this.reading(() => this.stmts.get.get(key));
    return r ? this.readRow(r) : undefined;
  }

  /** A row read of kv, remembered for its key's next write (readRows). */
  private readRow(r: KvRow): KeyValue {
    const kv = toKv(r);
    this.readRows.set(kv.key, { createRevision: kv.createRevision, modRevision: kv.modRevision, value: kv.value });
    dropOldest(this.readRows, READ_KEPT, READ_KEPT / 8);
    return kv;
  }

  /**
   * Rows of kv read by get and the selections (by label, by controller), for the next write of
   * their key (current): a pod's first status write in a process replaces the value its first
   * read got (10,000 of an `advance 2m`'s 20,000 kubelet writes in the 10,000-pod cluster), a
   * ReplicaSet's delete of a pod the one its list got. Valid while nobody changed the row: a
   * write of the key drops its entry, a rollback or another connection's commit (SQLite's
   * data_version, as for meta) drops them all; READ_KEPT entries (an eighth more before they
   * go), the oldest first.
   */
  private readonly readRows = new Map<string, { createRevision: number; modRevision: number; value: string }>();

  list(prefix: string): KeyValue[] {
    return this.reading(() => this.stmts.list.all(prefix, prefixEnd(prefix))).map(toKv);
  }

  /**
   * Whether the derived indexes hold every row of kv now (sqlite-index-update.ts): in a write
   * transaction after indexing the rows that wait for it, if any (a put without hints); outside
   * one (or on a read-only file) only when none waits (another program wrote kv since kubemu did),
   * else the reads below read the values instead.
   */
  private indexesHold(): boolean {
    const unindexed = this.unindexed;
    if (!unindexed || !this.reading(() => unindexed.any())) return true;
    if (this.metaDirty === undefined || this.readOnly) return false;
    unindexed.index();
    return true;
  }

  /**
   * read(indexesHold()): outside a transaction in one snapshot with the look at the unindexed rows,
   * which another program's commit could otherwise fall between.
   */
  private viaIndexes<T>(read: (hold: boolean) => T): T {
    if (!this.unindexed || this.db.inTransaction) return read(this.indexesHold());
    return this.db.transaction(() => read(this.indexesHold())).deferred();
  }

  listLabelled(prefix: string, name: string, value: string): KeyValue[] {
    const to = prefixEnd(prefix);
    return this.viaIndexes((hold) => {
      if (!hold) return this.reading(() => this.stmts.labels.fromValues(prefix, to, name, value));
      try {
        return this.stmts.labels.select(prefix, to, name, value);
      } catch (e) {
        // Without the index (a read-only file from before it), json_extract fails on a value that is not JSON.
        const bad = sqliteCode(e) === 'SQLITE_ERROR' ? this.reading(() => this.stmts.labels.badValue(prefix, to)) : undefined;
        if (bad !== undefined) throw new CorruptClusterFile(this.path, `the value of ${bad} is not valid JSON`);
        throw clusterFileError(e, this.path);
      }
    }).map((r) => this.readRow(r));
  }

  countLabelled(prefix: string, name: string, value: string): number | undefined {
    const count = this.stmts.labels.count;
    if (!count) return undefined;
    return this.viaIndexes((hold) => (hold ? this.reading(() => count(prefix, prefixEnd(prefix), name, value)) : undefined));
  }

  listControlled(prefix: string, uid: string): KeyValue[] | undefined {
    const select = this.stmts.controlled;
    if (!select) return undefined;
    return this.viaIndexes((hold) => (hold ? this.reading(() => select(prefix, prefixEnd(prefix), uid)) : undefined))?.map((r) => this.readRow(r));
  }

  scan(prefix: string, each: (kv: KeyValue) => void): void {
    // Outside a transaction (a command that lists once, `get pods -A`), the pages a scan reads
    // are not read again: SQLite's page cache (16 MB) would only fill with them, 16 MB of such a
    // command's memory at 10,000 pods. Inside one it keeps its size: shrinking it there would
    // spill the transaction's changed pages.
    const saved = this.depth === 0 ? Number(this.db.pragma('cache_size', { simple: true })) : undefined;
    if (saved !== undefined) this.db.pragma(`cache_size = ${ONE_SHOT_SCAN_CACHE}`);
    try {
      this.reading(() => {
        for (const r of this.stmts.list.iterate(prefix, prefixEnd(prefix))) each(toKv(r));
      });
    } finally {
      if (saved !== undefined) this.db.pragma(`cache_size = ${saved}`);
    }
  }

  modRevision(key: string): number {
    return this.reading(() => this.stmts.rev.get(key))?.mod_revision ?? 0;
  }

  listRevisions(prefix: string): { key: string; modRevision: number }[] {
    return this.reading(() => this.stmts.listRevs.all(prefix, prefixEnd(prefix))).map((r) => ({ key: r.key, modRevision: r.mod_revision }));
  }

  rollbackEpoch(): number {
    return this.rollbacks;
  }

  revision(): number {
    // Read at every cached read (the API server's read cache checks it): inside a write
    // transaction nobody else can move it, so it is parsed once there, not every time.
    if (this.metaDirty && this.txRevision !== undefined) return this.txRevision;
    const rev = Number(this.getMeta('revision') ?? '1');
    if (this.metaDirty) this.txRevision = rev;
    return rev;
  }

  /** set while nextRevision moves the counter: any other change of it breaks the journal of own writes */
  private bumping = false;

  /** revision() inside the current write transaction (cleared with the meta cache) */
  private txRevision: number | undefined;

  compactedRevision(): number {
    return Number(this.getMeta('compact_revision') ?? '0');
  }

  private nextRevision(): number {
    const rev = this.revision() + 1;
    this.bumping = true;
    try {
      this.setMeta('revision', String(rev));
    } finally {
      this.bumping = false;
    }
    if (this.metaDirty) this.txRevision = rev;
    return rev;
  }

  /**
   * create/mod revision of a key and its value (which the log row of an update takes over): from
   * the journal of own writes when this connection wrote the key last and nobody wrote since (a
   * crash loop's status writes and event patches), else from the row get read last (readRows),
   * else one lookup of kv.
   */
  private current(key: string): { createRevision: number; modRevision: number; value: string } | undefined {
    const own = this.own.current(key, this.revision());
    if (own === null) return undefined;
    if (own && own.value !== undefined) return { createRevision: own.createRevision, modRevision: own.revision, value: own.value };
    const read = this.readRows.get(key);
    if (read) return read;
    const r = this.stmts.revsValue.get(key);
    return r ? { createRevision: r.create_revision, modRevision: r.mod_revision, value: r.value } : undefined;
  }

  /**
   * Writes kv's row of a put (`stmt`: insertNew or upsert), with the index hints if the caller gave
   * them (NULLs otherwise: the triggers then read the value).
   */
  private insertKv(stmt: Database.Statement, key: string, value: string, created: number, rev: number, hints: IndexHints | undefined): number {
    if (!this.hinted) return stmt.run(key, value, created, rev).changes;
    return hints ? stmt.run(key, value, created, rev, rev, hints.labels, hints.controller).changes : stmt.run(key, value, created, rev, null, null, null).changes;
  }

  /** Rewrites the value of an existing row of kv (the number of rows written), as insertKv. */
  private updateKv(key: string, value: string, rev: number, hints: IndexHints | undefined): number {
    const stmt = this.stmts.update;
    if (!this.hinted) return stmt.run(value, rev, key).changes;
    return hints ? stmt.run(value, rev, rev, hints.labels, hints.controller, key).changes : stmt.run(value, rev, null, null, null, key).changes;
  }

  put(key: string, value: string, expectedModRevision?: number, hints?: IndexHints, unread = false): number {
    return this.transaction(() => {
      // A create is its own check: the insert writes nothing when the key exists, and the key's
      // revisions need no read of their own. (An update with a precondition takes the path below:
      // its log row must take the superseded value over from kv before kv is overwritten.)
      if (expectedModRevision === 0) {
        const rev = this.revision() + 1;
        if (this.insertKv(this.stmts.insertNew, key, value, rev, rev, hints) === 1) {
          this.nextRevision();
          const time = this.stampTime();
          this.log.put({ revision: rev, key, created: rev, prev: null, time }, value, undefined);
          this.recordOwn({ revision: rev, key, type: 'PUT', value: unread ? undefined : value, createRevision: rev, prevModRevision: null, timeMs: time });
          return rev;
        }
      }
      const prev = this.current(key);
      checkPrecondition(key, prev, expectedModRevision);
      const rev = this.nextRevision();
      const created = prev ? prev.createRevision : rev;
      // The log keeps each value once (sqlite-log.ts): the new one is kv's; the row takes over
      // the superseded one from kv, before the upsert, unless compaction already dropped its row.
      const row = { revision: rev, key, created, prev: prev?.modRevision ?? null, time: this.stampTime() };
      this.log.put(row, value, prev !== undefined && prev.modRevision > this.compactedRevision() ? prev.value : undefined);
      // An update of the row current() found (0 rows: it is gone, which this connection's write
      // lock rules out; the upsert then writes it all the same).
      if (!prev || this.updateKv(key, value, rev, hints) !== 1) this.insertKv(this.stmts.upsert, key, value, created, rev, hints);
      this.recordOwn({ revision: rev, key, type: 'PUT', value: unread ? undefined : value, createRevision: created, prevModRevision: row.prev, timeMs: row.time });
      return rev;
    });
  }

  delete(key: string, expectedModRevision?: number): number | undefined {
    return this.transaction(() => {
      // As a put's: from the journal or the row read last when they know it (a pod's final
      // delete follows the kubelet's status write), else one lookup of kv.
      const prev = this.current(key);
      if (!prev) {
        if (expectedModRevision !== undefined && expectedModRevision !== 0) {
          throw new RevisionMismatch(key, expectedModRevision, 0);
        }
        return undefined;
      }
      checkPrecondition(key, prev, expectedModRevision);
      const rev = this.nextRevision();
      const time = this.stampTime();
      this.stmts.del.run(key);
      this.stmts.log.run(rev, key, 'DELETE', '', prev.createRevision, prev.value, prev.modRevision, time);
      this.recordOwn({
        revision: rev,
        key,
        type: 'DELETE',
        value: '',
        createRevision: prev.createRevision,
        prevModRevision: prev.modRevision,
        deletedValue: prev.value,
        timeMs: time,
      });
      return rev;
    });
  }

  /**
   * The cluster time of a new log row: the clock's reading, but never earlier than the last row's.
   * A wall-clock catch-up replays past instants while other processes (or this command, before
   * its catch-up) already wrote at later ones; stamping its writes with the past instant would put
   * earlier times after later ones in the log, and a reader that takes "what was written by T"
   * would then see a later row before an earlier one. The log's time is monotonic in revision.
   * (On a virtual clock, which only moves forward, this is the clock's reading.)
   */
  private stampTime(): number {
    const last = this.getMeta(LOG_TIME_KEY);
    // A file written before the log time was kept in meta: the last row's (0 for an empty log).
    const lastMs = last !== undefined ? Number(last) : (this.stmts.lastTime.get()?.time_ms ?? 0);
    const t = Math.max(this.now(), lastMs);
    if (t !== lastMs || last === undefined) this.setMeta(LOG_TIME_KEY, String(t));
    return t;
  }

  /**
   * A write as the journal of own writes keeps it. A key or value that is not well-formed UTF-16
   * (a lone surrogate, only a raw etcdctl put can write one) reads back from SQLite changed, so
   * such a write is not kept, and the gap makes the log be read. (A value not kept is read from
   * the file, as the log would read it.)
   *
   * A put's value is not kept when its writer expects nobody to read it back soon (`unread`: an
   * Event, which the informers that get it place by key alone): an advance of 10,000 pods writes
   * 40,000 Events, whose ~30 MB of text the journal held until the next step, each one copied by
   * every young-generation collection meanwhile; not held, it dies young.
   */
  private recordOwn(w: OwnWrite): void {
    this.readRows.delete(w.key);
    if (!LONE_SURROGATE.test(w.key) && (w.value === undefined || !LONE_SURROGATE.test(w.value)) && !LONE_SURROGATE.test(w.deletedValue ?? '')) this.own.record(w);
    else this.own.forget();
  }

  changesSince(afterRevision: number, prefix = '', limit = 1_000_000, untilTimeMs?: number): KeyEvent[] {
    const compacted = this.compactedRevision();
    if (afterRevision < compacted) throw new RevisionCompacted(afterRevision + 1, compacted);
    // Readers move forward (the informers' batch reads from their lowest cursor): what lies behind
    // this one is not kept for the others, which read the log if they ask for it.
    this.own.dropThrough(afterRevision);
    const own = this.own.after(afterRevision, this.revision());
    if (own) return ownChanges(own.entries, own.from, prefix, limit, untilTimeMs, this.fileValue);
    const from = prefix;
    const to = prefixEnd(prefix);
    return this.log.readSnapshot(() => {
      const rows =
        untilTimeMs === undefined
          ? this.stmts.changes.all(afterRevision, from, to, limit)
          : this.stmts.changesUntil.all({ after: afterRevision, from, to, until: untilTimeMs, limit });
      const memo = new Map<number, string>();
      return rows.map((r) => this.toEvent(r, memo));
    });
  }

  /**
   * The value a put of this connection wrote at key and revision, read from the file (a journal
   * entry without its value). From the log, where the revision is after the compacted one, which
   * every reader of the journal's entries is (changesSince refuses an earlier cursor, and the
   * compactor never passes the control plane's informers): as the log's query reads it.
   */
  private readonly fileValue = (key: string, revision: number): string => {
    const v = this.log.valueAt(key, revision);
    if (v !== undefined) return v;
    // Compacted since (a reader that kept the event past a compaction): kv still has it if no later write replaced it.
    const kv = this.get(key);
    if (kv && kv.modRevision === revision) return kv.value;
    throw new Error(`the value of ${key} at revision ${revision} is compacted`);
  };

  private toEvent(r: LogRow, memo: Map<number, string>): KeyEvent {
    const type = r.type as KeyEvent['type'];
    const kv: KeyValue = {
      key: r.key,
      value: typeof r.value === 'string' ? r.value : this.log.resolve(r.key, r.revision, memo),
      createRevision: type === 'DELETE' ? 0 : r.create_revision,
      modRevision: r.revision,
    };
    const e: KeyEvent = { type, timeMs: r.time_ms, kv };
    if (r.prev_mod_revision !== null) e.prevModRevision = r.prev_mod_revision;
    if (type === 'DELETE' && r.prev_value !== null) e.deletedValue = r.prev_value;
    return e;
  }

  valueAt(key: string, revision: number): string | undefined {
    return this.log.valueAt(key, revision);
  }

  revisionAt(timeMs: number): number {
    const later = this.stmts.firstAfterTime.get(timeMs);
    // Revisions in the log are consecutive: the one before the first later row is the last one by then,
    // unless that first later row is the log's first (nothing was written by then).
    if (!later) return Math.max(this.compactedRevision(), this.revision());
    const first = this.stmts.firstRow.get();
    return first && later.revision > first.revision ? Math.max(this.compactedRevision(), later.revision - 1) : this.compactedRevision();
  }

  firstChangeAfter(afterRevision: number, prefixes: readonly string[]): { revision: number; timeMs: number } | undefined {
    const own = this.own.after(afterRevision, this.revision());
    if (own) {
      for (let i = own.from; i < own.entries.length; i++) {
        const w = own.entries[i]!;
        if (prefixes.some((p) => underPrefix(w.key, p))) return { revision: w.revision, timeMs: w.timeMs };
      }
      return undefined;
    }
    let best: { revision: number; time_ms: number } | undefined;
    for (const p of prefixes) {
      const r = this.stmts.firstAfter.get(afterRevision, p, prefixEnd(p));
      if (r && (!best || r.revision < best.revision)) best = r;
    }
    return best ? { revision: best.revision, timeMs: best.time_ms } : undefined;
  }

  setTimeSource(now: () => number): void {
    this.now = now;
  }

  compact(revision: number): void {
    this.transaction(() => {
      this.stmts.compact.run(revision);
      this.log.compacted(revision);
      this.own.dropThrough(revision);
      if (revision > this.compactedRevision()) this.setMeta('compact_revision', String(revision));
      // Files made since schema version 2 use incremental auto-vacuum: the pages the log's rows
      // held go back to the file system (at the next checkpoint) instead of staying on the free
      // list, as they would in etcd until a defrag. On an older file this does nothing.
      this.db.pragma('incremental_vacuum');
    });
  }

  /** How long a write transaction waits for another process's write lock before KeyspaceLocked. */
  setLockTimeout(ms: number): void {
    this.lockTimeoutMs = ms;
    this.db.pragma(`busy_timeout = ${Math.floor(ms)}`);
  }

  private lockTimeoutMs = 30_000;

  defragment(): void {
    if (this.depth > 0) throw new Error('defragment inside a transaction');
    // VACUUM and its TRUNCATE checkpoint run with this connection alone, as before checkpointers.
    this.background?.stop();
    // VACUUM rewrites the file without its free pages; setting the mode first also turns a file
    // from before incremental auto-vacuum into one that compaction shrinks from now on.
    try {
      this.db.pragma('auto_vacuum = INCREMENTAL');
      // VACUUM builds the whole new file as a temporary database first: on disk, not in the
      // memory a writable file's connection keeps its statement journals in (cluster-file.ts).
      this.db.pragma('temp_store = FILE');
      try {
        this.db.exec('VACUUM');
      } finally {
        if (!this.readOnly) this.db.pragma(`temp_store = ${TEMP_STORE}`);
      }
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch (e) {
      // outside transaction(), so its translation of SQLite's failures is repeated here
      if (isBusy(e)) throw new KeyspaceLocked(this.path, this.lockTimeoutMs);
      throw clusterFileError(e, this.path);
    }
  }

  transaction<T>(fn: () => T): T {
    if (this.depth > 0) return fn();
    // Damage found by an earlier read or step of this process: nothing more is written.
    const damage = damageFoundIn(this.path);
    if (damage) throw damage;
    this.depth++;
    this.txRevision = undefined;
    try {
      const tx = this.db.transaction(() => {
        this.beginMeta();
        const result = fn();
        this.flushMeta();
        // The rows this transaction wrote without hints (or another program before it) are indexed
        // before it commits: a file kubemu wrote last holds none (sqlite-index-update.ts).
        if (!this.readOnly && this.unindexed?.any()) this.unindexed.index();
        return result;
      });
      // A read-only file takes no write lock (SQLite refuses BEGIN IMMEDIATE there); a write
      // inside fails as it should.
      if (this.readOnly) return tx.deferred();
      const result = tx.immediate();
      this.background?.committed();
      return result;
    } catch (e) {
      this.rollbacks++;
      // What the transaction set is gone with it.
      this.forgetMeta();
      this.own.forget();
      this.readRows.clear();
      this.knownDataVersion = undefined;
      if (isBusy(e)) throw new KeyspaceLocked(this.path, this.lockTimeoutMs);
      // SQLite's failures on the file itself (read-only, corrupt, full) read as what they mean,
      // also where a command prints an error without passing it on.
      throw clusterFileError(e, this.path);
    } finally {
      this.depth--;
      this.txRevision = undefined;
      this.metaDirty = undefined;
    }
  }

  atomically<T>(fn: () => T): T {
    if (this.depth === 0) return this.transaction(fn);
    // What the outer transaction set so far goes to the file first, so that the savepoint's
    // rollback undoes exactly what fn wrote; after one, meta is read from the file again.
    this.flushMeta();
    try {
      // better-sqlite3 runs a transaction function inside an open transaction as a savepoint.
      return this.db.transaction(fn)();
    } catch (e) {
      this.rollbacks++;
      this.forgetMeta();
      this.metaDirty?.clear();
      this.own.forget();
      this.readRows.clear();
      this.txRevision = undefined;
      throw e;
    }
  }

  /**
   * Inside a write transaction nobody else can change the file, so meta values (the revision
   * counter, the random state, components' memory) are read once and written back once, at
   * the end of the transaction, instead of at every use. What this connection read or wrote is
   * also kept from one transaction to the next as long as no other connection committed in
   * between (SQLite's data_version, which only another connection's commit changes): a
   * catch-up's instants read each pod's kubelet state once, not once per instant.
   */
  private readonly metaKnown = new Map<string, MetaKnown>();
  /** the families of names metaKnown holds whole (meta-families.ts) */
  private readonly families = new MetaFamilies(
    (from, to) => this.stmts.countMetaRange.get(from, to) as number,
    (from, to) => this.stmts.metaRange.all(from, to),
  );

  /** Drops what is known of meta. */
  private forgetMeta(): void {
    this.metaKnown.clear();
    this.families.forget();
  }
  /** data_version when metaKnown was last known true; undefined: not known */
  private knownDataVersion: number | undefined;
  /**
   * names set or deleted in the current write transaction, written back at its end, each with
   * the file's text before the first of them (null: no row; undefined: not known), so that a
   * JsonMeta serialized only then that reads as what the file holds is not written again
   */
  private metaDirty: Map<string, string | null | undefined> | undefined;

  /** At the start of a transaction (its lock held): drops what another connection may have changed. */
  private beginMeta(): void {
    const version = this.stmts.dataVersion.get() as number;
    // A read-only file's transaction is deferred: its snapshot starts after this read, so
    // nothing is carried over there.
    if (version !== this.knownDataVersion || this.readOnly) {
      this.forgetMeta();
      this.readRows.clear();
    }
    this.knownDataVersion = version;
    this.metaDirty = new Map();
  }

  private flushMeta(): void {
    if (!this.metaDirty) return;
    // In name order: a step of the 10,000-pod cluster writes back thousands of components' entries
    // (each pod's kubelet memory), which in the order they were set land on b-tree pages at random;
    // sorted, consecutive writes mostly hit the page the last one loaded (7,000 entries of large.db:
    // ~15 -> ~10 µs CPU each). The rows written are the same in any order.
    const names = [...this.metaDirty.keys()].sort();
    for (const name of names) {
      const text = fileText(this.metaKnown.get(name)) ?? null;
      if (text === this.metaDirty.get(name)) continue;
      if (text === null) this.stmts.deleteMeta.run(name);
      else this.stmts.setMeta.run(name, text);
    }
    this.metaDirty.clear();
  }

  getMeta(name: string): string | undefined {
    return fileText(this.getMetaEntry(name)) ?? undefined;
  }

  getMetaEntry(name: string): string | JsonMeta | undefined {
    if (!this.metaDirty) return this.stmts.getMeta.get(name)?.value;
    // one lookup: null is a name known to have no row, undefined one not known
    const known = this.metaKnown.get(name);
    if (known !== undefined) return known === null ? undefined : known;
    const family = familyOf(name);
    if (family !== undefined && this.families.complete(family)) {
      this.metaKnown.set(name, null);
      return undefined;
    }
    const v = this.stmts.getMeta.get(name)?.value;
    this.metaKnown.set(name, v ?? null);
    // The file's rows of a family read whole: those set or deleted in this transaction (or known) stay as metaKnown has them.
    const rows = family === undefined ? undefined : this.families.looked(family);
    if (rows) for (const r of rows) if (!this.metaKnown.has(r.name)) this.metaKnown.set(r.name, r.value);
    return v;
  }

  setMeta(name: string, value: string | JsonMeta): void {
    this.writeMeta(name, value);
  }

  deleteMeta(name: string): void {
    this.writeMeta(name, null);
  }

  private writeMeta(name: string, value: string | JsonMeta | null): void {
    if (name === 'revision') {
      this.txRevision = undefined;
      if (!this.bumping) this.own.forget();
    }
    if (!this.metaDirty) {
      // outside a transaction: written at once (SQLite's own transaction)
      this.metaKnown.delete(name);
      this.families.wrotePast(name);
      if (value === null) this.stmts.deleteMeta.run(name);
      else this.stmts.setMeta.run(name, typeof value === 'string' ? value : value.text);
      return;
    }
    const known = this.metaKnown.get(name);
    // A value set to what it already holds changes nothing (a probe counter that stayed put).
    if (known !== undefined && known === value) return;
    if (!this.metaDirty.has(name)) this.metaDirty.set(name, fileText(known));
    this.metaKnown.set(name, value);
  }

  close(): void {
    // The checkpointer's connection closes first, so that this one is the last: SQLite's final
    // checkpoint and the WAL's removal happen here, as without it.
    this.background?.stop();
    this.db.close();
  }

  /** Whether a checkpointer thread runs for this connection (tests). */
  get checkpointing(): boolean {
    return this.background?.running ?? false;
  }
}

/**
 * What meta holds for a name in what a keyspace knows: its text, or a JsonMeta (serialized once,
 * when asked for or written back), or null for a name known to have no row.
 */
type MetaKnown = string | JsonMeta | null;

/**
 * The text of a known entry (a JsonMeta's made now if not yet), null for no row, undefined for not
 * known: for an entry not set in the current transaction, what the file holds.
 */
function fileText(known: MetaKnown | undefined): string | null | undefined {
  return known === undefined || known === null || typeof known === 'string' ? known : known.text;
}

/** SQLite gave up waiting for a lock another connection holds (after the busy timeout). */
function isBusy(e: unknown): boolean {
  const code = sqliteCode(e);
  return code !== undefined && (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED');
}

/** changesSince's answer from the journal of own writes (the log's query, in memory). */
function ownChanges(
  entries: readonly OwnWrite[],
  from: number,
  prefix: string,
  limit: number,
  untilTimeMs: number | undefined,
  fileValue: (key: string, revision: number) => string,
): KeyEvent[] {
  const out: KeyEvent[] = [];
  for (let i = from; i < entries.length && out.length < limit; i++) {
    const w = entries[i]!;
    // Up to the first write of any key made after the time (see changesUntil).
    if (untilTimeMs !== undefined && w.timeMs > untilTimeMs) break;
    if (!underPrefix(w.key, prefix)) continue;
    const createRevision = w.type === 'DELETE' ? 0 : w.createRevision;
    const e: KeyEvent = {
      type: w.type,
      timeMs: w.timeMs,
      kv:
        w.value === undefined
          ? new ValueFromFile(w.key, createRevision, w.revision, fileValue)
          : { key: w.key, value: w.value, createRevision, modRevision: w.revision },
    };
    if (w.prevModRevision !== null) e.prevModRevision = w.prevModRevision;
    if (w.deletedValue !== undefined) e.deletedValue = w.deletedValue;
    out.push(e);
  }
  return out;
}

/**
 * A journal entry's key and revisions whose value was not kept (SqliteKeyspace.put's `unread`):
 * read from the file when first asked, if ever (the control plane's informers place Events by
 * key). A class, its getter on the prototype: one object per entry and reader, no closures.
 */
class ValueFromFile implements KeyValue {
  private read: string | undefined;

  constructor(
    readonly key: string,
    readonly createRevision: number,
    readonly modRevision: number,
    private readonly load: (key: string, revision: number) => string,
  ) {}

  get value(): string {
    return (this.read ??= this.load(this.key, this.modRevision));
  }
}

function checkPrecondition(key: string, prev: { modRevision: number } | undefined, expected: number | undefined): void {
  if (expected === undefined) return;
  const actual = prev ? prev.modRevision : 0;
  if (actual !== expected) throw new RevisionMismatch(key, expected, actual);
}
