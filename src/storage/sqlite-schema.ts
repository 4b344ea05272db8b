import type Database from 'better-sqlite3';
import { ClusterFileError, NotAClusterFile, ReadOnlyClusterFile } from './cluster-file-errors.js';
import { ROLLOUT_HISTORY_SCHEMA } from './sqlite-rollout-history.js';

/**
 * The cluster file's schema and how a file is recognised as one. A kubemu file carries
 * `PRAGMA application_id` = APPLICATION_ID ("kubm") and `PRAGMA user_version` = its schema version,
 * so a file is told apart from another program's SQLite database before anything is written.
 *
 * Schema versions: 0 (no user_version) the first files, whose log had no times; 1 added the log's
 * time_ms; 2 marks the file (application_id) and creates new files with incremental auto-vacuum,
 * so compaction gives pages back to the file system; 3 keeps each value once (a PUT row's value
 * may be '' and then lives in kv or in the next row's prev_value, see sqlite-log.ts) and indexes
 * prev_mod_revision to find that next row. An older kubemu refuses a version-3 file, whose
 * PUT rows it would read as empty values. 4: kv's triggers no longer index a write that comes
 * without trusted hints (a raw write, an older kubemu's); kubemu itself indexes those rows from
 * their values, which it finds by the partial index kv_unindexed (sqlite-index-update.ts,
 * sqlite-unindexed.ts). An older kubemu trusts the label and controller indexes for every row, so
 * its own writes would be missing from its next selection: it refuses a version-4 file instead of
 * reading stale indexes. (The tables and columns are version 3's: a version-3 file is marked 4
 * when first opened writable, and converted by ensureHintedIndexes.) 5: the rollout history
 * (rollout_history, sqlite-rollout-history.ts), which the API server appends to at every write of
 * a Deployment or ReplicaSet: an older kubemu would write those without their rows, and the
 * timeline would then read a history with holes as whole, so it refuses a version-5 file. A
 * version-4 file gets the (empty) table when first opened writable; its Deployments' history
 * starts at their next write. A read-only version-4 file reads without one.
 */
export const APPLICATION_ID = 0x6b75626d;
export const SCHEMA_VERSION = 5;
/** The oldest version whose tables the current code reads unchanged (a read-only file is not migrated). */
const READABLE_UNMIGRATED = 1;

/** The current state in `kv`, every write in `log` (kine keeps only a log; we keep both so reads of the current state stay one index lookup). */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS kv (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  create_revision INTEGER NOT NULL,
  mod_revision INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS log (
  revision INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  type TEXT NOT NULL,
  value TEXT NOT NULL,
  create_revision INTEGER NOT NULL,
  prev_value TEXT,
  prev_mod_revision INTEGER,
  time_ms INTEGER NOT NULL DEFAULT 0
);
-- No index on key: every log read starts at a revision cursor, which the primary key serves;
-- an index on key made SQLite scan whole key ranges instead.
DROP INDEX IF EXISTS log_key;
-- The row that superseded a revision, which holds the value that revision wrote (version 3).
CREATE INDEX IF NOT EXISTS log_prev ON log(prev_mod_revision) WHERE prev_mod_revision IS NOT NULL;
CREATE TABLE IF NOT EXISTS meta (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
${ROLLOUT_HISTORY_SCHEMA}`;

/** The tables an earlier kubemu wrote (timers: the timer queue, storage/sqlite-timers.ts; the rollout history). */
const KUBEMU_TABLES = new Set(['kv', 'log', 'meta', 'timers', 'rollout_history']);
const LOG_COLUMNS_V0 = ['revision', 'key', 'type', 'value', 'create_revision', 'prev_value', 'prev_mod_revision'];

/** What the file holds, read without writing anything. */
export type FileKind =
  | { kind: 'empty' }
  | { kind: 'current' }
  | { kind: 'older'; version: number };

function tables(db: Database.Database): string[] {
  return db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
    .all()
    .map((r) => r.name);
}

function columns(db: Database.Database, table: string): string[] {
  return db
    .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
    .all(table)
    .map((r) => r.name);
}

/**
 * Tells a kubemu cluster file (current or older) from an empty database and from anything else.
 * Files of an earlier kubemu have no application_id: they are recognised by their tables (log and
 * meta with kubemu's columns, nothing but kubemu's tables).
 */
export function recognise(db: Database.Database, path: string): FileKind {
  // One read transaction: another process creating or migrating the schema between two of the
  // reads below would show the mark from before it and the tables from after it.
  return db.inTransaction ? recogniseNow(db, path) : db.transaction(() => recogniseNow(db, path))();
}

function recogniseNow(db: Database.Database, path: string): FileKind {
  const appId = Number(db.pragma('application_id', { simple: true }));
  const version = Number(db.pragma('user_version', { simple: true }));
  const names = tables(db);
  if (appId === APPLICATION_ID) {
    if (version > SCHEMA_VERSION) {
      throw new ClusterFileError(
        `the cluster file ${path} was written by a newer kubemu (schema version ${version}; this one reads up to ${SCHEMA_VERSION})`,
      );
    }
    return version === SCHEMA_VERSION ? { kind: 'current' } : { kind: 'older', version };
  }
  if (appId !== 0) {
    throw new NotAClusterFile(path, `an SQLite database of another application, application_id 0x${(appId >>> 0).toString(16)}`);
  }
  if (names.length === 0 && version === 0) return { kind: 'empty' };
  const foreign = names.filter((n) => !KUBEMU_TABLES.has(n));
  const log = names.includes('log') ? columns(db, 'log') : [];
  const meta = names.includes('meta') ? columns(db, 'meta') : [];
  const looksLikeKubemu =
    version <= 1 &&
    foreign.length === 0 &&
    LOG_COLUMNS_V0.every((c) => log.includes(c)) &&
    meta.includes('name') &&
    meta.includes('value');
  if (!looksLikeKubemu) {
    const what = names.length ? `an SQLite database with tables ${names.join(', ')}` : `an SQLite database with user_version ${version}`;
    throw new NotAClusterFile(path, what);
  }
  return { kind: 'older', version };
}

/**
 * Pages of 16 KiB: kv is a WITHOUT ROWID table, whose rows SQLite keeps whole in the b-tree's
 * cells only up to about a quarter of a page; with 4 KiB pages a pod of 2.6 KB spilled 1.6 KB
 * into an overflow page of its own, 60% of it empty (10,000 pods: kv 115 MB for 78 MB of rows,
 * and four page reads per lookup). At 16 KiB the same kv takes 89 MB, and the log's appended rows
 * of mixed sizes fill their pages better (38 MB -> 35 MB after the 10,000-pod run).
 */
const PAGE_SIZE = 16384;

/**
 * A new cluster file's schema. The page size and incremental auto-vacuum have to be chosen
 * before the first table exists; with the latter, compaction can hand freed pages back
 * (storage/sqlite-keyspace.ts compact). A file made with other pages keeps them.
 */
export function createSchema(db: Database.Database): void {
  db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma('auto_vacuum = INCREMENTAL');
  db.pragma('journal_mode = WAL');
  db.transaction(() => {
    // Another process may have created it between our look and our write lock.
    if (Number(db.pragma('application_id', { simple: true })) === APPLICATION_ID) return;
    db.exec(SCHEMA);
    mark(db);
  }).immediate();
}

/**
 * Brings a file of an earlier kubemu up to the current schema and marks it as a kubemu file.
 * Its auto-vacuum mode cannot change without rewriting the file: `etcdctl defrag` does that.
 */
export function migrate(db: Database.Database, path: string, readOnly: boolean, version: number): void {
  // Version 1 has today's tables and columns, only not the mark: it reads as it is.
  if (readOnly && version >= READABLE_UNMIGRATED) return;
  if (readOnly) {
    throw new ReadOnlyClusterFile(path, 'it was written by an earlier kubemu and needs upgrading, but it is read-only');
  }
  db.pragma('journal_mode = WAL');
  db.transaction(() => {
    // Another process may have migrated it between our look and our write lock.
    if (
      Number(db.pragma('application_id', { simple: true })) === APPLICATION_ID &&
      Number(db.pragma('user_version', { simple: true })) === SCHEMA_VERSION
    ) {
      return;
    }
    // The log is there (recognise demands it); kv and meta as today; the log gets the
    // cluster time of each write (version 1) and the index of superseding rows (version 3);
    // the rollout history's table (version 5) comes with the schema.
    // Rows written before version 3 hold their values and read as they are.
    db.exec(SCHEMA);
    if (!columns(db, 'log').includes('time_ms')) db.exec('ALTER TABLE log ADD COLUMN time_ms INTEGER NOT NULL DEFAULT 0');
    mark(db);
  }).immediate();
}

function mark(db: Database.Database): void {
  db.pragma(`application_id = ${APPLICATION_ID}`);
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
}
