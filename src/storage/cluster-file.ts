import Database from 'better-sqlite3';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  readlinkSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { ClusterFileError, CorruptClusterFile, NotAClusterFile, ReadOnlyClusterFile, clusterFileError } from './cluster-file-errors.js';
import { APPLICATION_ID, createSchema, migrate, recognise } from './sqlite-schema.js';
import { ensureLabelIndex } from './sqlite-label-index.js';
import { ensureControllerIndex } from './sqlite-controller-index.js';
import { ensureHintedIndexes } from './sqlite-index-update.js';
import type { SqliteModule } from './wal-checkpointer.js';

/**
 * better-sqlite3's compiled addon, where its install builds it. Handing it over spares better-sqlite3
 * the search the `bindings` package makes (it finds the package folder from a stack trace and tries a
 * dozen paths; inside dist/kubemu.js it would look in the wrong folder). undefined: let it search.
 */
function nativeBinding(): string | undefined {
  try {
    const build = join(dirname(require.resolve('better-sqlite3/package.json')), 'build');
    return ['Release', 'Debug'].map((b) => join(build, b, 'better_sqlite3.node')).find((addon) => existsSync(addon));
  } catch {
    return undefined;
  }
}

function sqliteOptions(): Database.Options {
  const addon = nativeBinding();
  nativeAddon ??= { addon };
  return { timeout: 30_000, ...(addon === undefined ? {} : { nativeBinding: addon }) };
}

/** nativeBinding() as the first open found it */
let nativeAddon: { addon: string | undefined } | undefined;

/** better-sqlite3 as this process loads it, for another thread's connection (wal-checkpointer.ts). */
export function sqliteModule(): SqliteModule {
  return { module: require.resolve('better-sqlite3'), nativeBinding: (nativeAddon ??= { addon: nativeBinding() }).addon };
}

/** The first 16 bytes of every SQLite database file. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

export interface OpenedClusterFile {
  db: Database.Database;
  /** the file (or its directory) is not writable: reads work, a write fails with ReadOnlyClusterFile */
  readOnly: boolean;
  /** a writable file on disk: its real path (where SQLite keeps its -wal next to it) */
  file?: string;
}

/**
 * Opens the cluster file at path, creating an empty one if it does not exist, and makes sure it
 * is a kubemu cluster before anything is written to it:
 *
 * - a new file is created with open(2) O_CREAT|O_EXCL and mode 0600 before SQLite sees it (no
 *   window in which it is wider), its directory 0700;
 * - a symlink to an existing file is followed, as kubectl follows a symlinked kubeconfig; a
 *   dangling one is refused, never used to create a file where it points (O_EXCL would not
 *   follow it either);
 * - a non-empty file that is not SQLite, or SQLite without kubemu's mark or tables, is refused
 *   and left untouched (NotAClusterFile); damage is reported (CorruptClusterFile) and nothing is
 *   written: checked in full at open while the file is small, found on access above that
 *   (checkedInFull below);
 * - a file of an earlier kubemu is migrated and marked;
 * - a file that cannot be written (mode 0444, a read-only directory or file system) is opened
 *   read-only: reads work, the first write fails with ReadOnlyClusterFile.
 */
export function openClusterFile(path: string): OpenedClusterFile {
  const options = sqliteOptions();
  if (path === ':memory:') {
    const db = new Database(path, options);
    createSchema(db);
    ensureLabelIndex(db);
    ensureControllerIndex(db);
    ensureHintedIndexes(db);
    return { db, readOnly: false };
  }
  let real: string;
  try {
    createIfMissing(path);
    real = realpathSync(path);
    checkHeader(path, real);
  } catch (e) {
    throw fileSystemError(e, path);
  }
  const readOnly = !writable(real);
  let db: Database.Database | undefined;
  try {
    db = readOnly ? openReadOnly(path, real, options) : new Database(path, options);
    const inFull = checkedInFull(db);
    if (inFull) checkPages(db, path);
    const kind = recognise(db, path);
    if (inFull && kind.kind !== 'empty') checkValues(db, path);
    if (kind.kind === 'empty') {
      if (readOnly) throw new ReadOnlyClusterFile(path, 'it is empty and read-only, so no cluster can be created in it');
      createSchema(db);
    } else if (kind.kind === 'older') {
      migrate(db, path, readOnly, kind.version);
    }
    if (!readOnly) {
      ensureLabelIndex(db);
      ensureControllerIndex(db);
      ensureHintedIndexes(db);
      db.pragma('synchronous = NORMAL');
      // Statement and savepoint journals in memory. A savepoint inside a transaction
      // (SqliteKeyspace.atomically: each object of `apply -f`), and a statement SQLite reckons may
      // fail halfway (one that calls an SQL function and writes more than one row: the indexing of
      // unindexed rows, sqlite-unindexed.ts), keep a copy of each page they change. SQLite keeps
      // up to 64 KiB of it in memory, then spills to a temporary file, where every later statement
      // of the transaction writes its 16 KiB pages again (when kv's triggers still called SQL
      // functions and every kv write had a statement journal: 37,000 pwrites, 307 MB, of `rollout
      // status` on a 1,000-replica Deployment). In memory each is a copy dropped at its end. (Also
      // sorts and temporary tables: kubemu's are small; VACUUM's copy of the whole file is not, and
      // goes to a file: SqliteKeyspace.defragment.)
      db.pragma(`temp_store = ${TEMP_STORE}`);
      // SQLite checkpoints the WAL itself (at a commit that leaves it over 1,000 pages, and when the
      // last connection closes), but never shrinks it: one large step (an apply of 10,000 pods)
      // would leave a WAL of its size next to the file for as long as any process has it open.
      // With a limit, the WAL is cut back to it each time a checkpoint lets it start over.
      db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
      // A checkpoint (copying the WAL's pages into the file, two fsyncs) every 160 MiB of WAL instead
      // of SQLite's 1,000 pages: a page rewritten at several commits of one catch-up (the log's
      // tail, meta, the timers, a pod's row) is copied once, not once per commit. (Rollout status
      // on a 1,000-replica Deployment: 40 -> 10 fsyncs, 102k -> 57k page reads at 40 MiB; its 85
      // MB of WAL then still took two checkpoints before the one at close: at 160 MiB it takes
      // none, 2,815 -> 1,741 pages written to the file, 10 -> 4 fsyncs.) Counted in pages
      // of the file's own size: 4 KiB in older files, 16 KiB in new ones. Once a long run's commits
      // are checkpointed on a worker thread (wal-checkpointer.ts) this stays: the WAL starts over
      // only after a checkpoint that a transaction of this connection does not overlap, which the
      // worker's (beside the writer) almost never is, so this one still bounds the WAL's size; it
      // then finds most pages copied and synced already (apply of 10,000 pods: 5,967 -> 936 pages
      // copied on the main thread, its fsyncs 0.82 -> 0.41 s).
      const pageSize = Number(db.pragma('page_size', { simple: true }));
      db.pragma(`wal_autocheckpoint = ${Math.ceil(WAL_CHECKPOINT_BYTES / pageSize)}`);
    }
    return readOnly ? { db, readOnly } : { db, readOnly, file: real };
  } catch (e) {
    db?.close();
    throw clusterFileError(fileSystemError(e, path), path);
  }
}

/** The size the WAL is cut back to after a checkpoint (SQLite's default auto-checkpoint size in 4 KiB pages). */
const WAL_SIZE_LIMIT = 4 * 1024 * 1024;

/** The WAL size at which a commit checkpoints (SQLite's default is 1,000 pages). */
const WAL_CHECKPOINT_BYTES = 160 * 1024 * 1024;

/** Where a writable file's connection keeps SQLite's temporary data (statement journals): see openClusterFile. */
export const TEMP_STORE = 'MEMORY';

/** What the file system refused, in words (not Node's `EACCES: permission denied, open '...'`). */
function fileSystemError(e: unknown, path: string): unknown {
  const why: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
    ENOTDIR: 'a part of the path is not a directory',
    ENOSPC: 'the disk is full',
    ELOOP: 'too many levels of symbolic links',
  };
  const code = errno(e);
  const text = code === undefined ? undefined : why[code];
  return text === undefined ? e : new ClusterFileError(`cannot open the cluster file ${path}: ${text}`);
}

function errno(e: unknown): string | undefined {
  return e instanceof Error ? (e as NodeJS.ErrnoException).code : undefined;
}

/** Creates path as an empty 0600 file when nothing is there; a dangling symlink is refused. */
function createIfMissing(path: string): void {
  for (;;) {
    let link = false;
    try {
      link = lstatSync(path).isSymbolicLink();
    } catch (e) {
      if (errno(e) !== 'ENOENT') throw e;
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      try {
        closeSync(openSync(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600));
        return;
      } catch (e2) {
        // Another process created it first: look again.
        if (errno(e2) === 'EEXIST') continue;
        throw e2;
      }
    }
    if (link && !existsSync(path)) {
      throw new ClusterFileError(
        `cannot create the cluster file ${path}: it is a symbolic link to ${readlinkSync(path)}, which does not exist`,
      );
    }
    return;
  }
}

/** An existing file is empty or starts like an SQLite database; anything else is not ours to touch. */
function checkHeader(path: string, real: string): void {
  const st = statSync(real);
  if (st.isDirectory()) throw new NotAClusterFile(path, 'a directory');
  if (!st.isFile()) throw new NotAClusterFile(path, 'not a regular file');
  if (st.size === 0) return;
  const head = Buffer.alloc(SQLITE_MAGIC.length);
  const fd = openSync(real, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!head.equals(SQLITE_MAGIC)) throw new NotAClusterFile(path, 'not an SQLite database');
}

/** Whether SQLite could write the file and create its -wal and -shm next to it. */
function writable(real: string): boolean {
  try {
    accessSync(real, constants.W_OK);
    accessSync(dirname(real), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * A file that cannot be written. When its write-ahead log is empty or gone (the last writer closed
 * cleanly) the main file holds everything: it is read into memory and opened from there, so
 * reading needs no -shm file (which a read-only directory could not hold, and which SQLite would
 * otherwise leave behind). Its header still says WAL; bytes 18 and 19 are set to the rollback
 * journal's 1 so that SQLite reads the copy without a log. A log with content needs SQLite's own
 * read-only WAL access.
 */
function openReadOnly(path: string, real: string, options: Database.Options): Database.Database {
  let wal = 0;
  try {
    wal = statSync(`${real}-wal`).size;
  } catch {
    wal = 0;
  }
  if (wal > 0) return new Database(path, { ...options, readonly: true, fileMustExist: true });
  const image = readFileSync(real);
  if (image.length >= 20 && image[18] === 2 && image[19] === 2) {
    image[18] = 1;
    image[19] = 1;
  }
  return new Database(image, { ...options, readonly: true });
}

/**
 * Up to this size (pages in the file and its WAL) every open checks every page and value: a few
 * milliseconds, and damage is reported even where the command would not have looked.
 */
export const FULL_CHECK_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Whether the open-time checks read the whole file. They cost about 1 ms per MB of pages plus
 * 0.3 ms per MB of values, at every command: 0.5 s of each one at 10,000 pods (386 MB), where the
 * command itself reads a few pages. Above FULL_CHECK_MAX_BYTES the damage is found where it is
 * read instead, with the same guarantee for what the command does: SQLite checks each page it
 * reads and fails with SQLITE_CORRUPT (the keyspace turns that into CorruptClusterFile, and the
 * step's write transaction rolls back), a value that is not JSON fails where it is decoded
 * (apiserver/decoded-objects.ts), and once either is found in a file no later write transaction
 * of the process starts (cluster-file-errors.ts damageFoundIn). A damaged page no command reads
 * stays unreported until one reads it.
 */
function checkedInFull(db: Database.Database): boolean {
  const pages = Number(db.pragma('page_count', { simple: true }));
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  return pages * pageSize <= FULL_CHECK_MAX_BYTES;
}

/**
 * SQLite's quick check over every page (about 1 ms per MB): a damaged page is reported before
 * a command writes anything that would build on it.
 */
function checkPages(db: Database.Database, path: string): void {
  const rows = db.pragma('quick_check') as { quick_check: string }[];
  if (rows.length === 1 && rows[0]?.quick_check === 'ok') return;
  const first = rows[0]?.quick_check ?? '';
  const page = /page (\d+)/i.exec(first)?.[1];
  const where = page === undefined ? '' : `, the first on page ${page}`;
  throw new CorruptClusterFile(path, `damaged pages (the integrity check found ${rows.length} problem${rows.length === 1 ? '' : 's'}${where})`);
}

/**
 * Every current value is JSON (SQLite's json_valid, a few ms for megabytes): a value damaged
 * inside an intact page is found before a command writes, not when a controller trips on it.
 */
function checkValues(db: Database.Database, path: string): void {
  const hasKv = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'kv'").get();
  if (!hasKv?.n) return;
  const bad = db.prepare<[], { key: string }>('SELECT key FROM kv WHERE json_valid(value) = 0 LIMIT 1').get();
  if (bad) throw new CorruptClusterFile(path, `the value of ${bad.key} is not valid JSON`);
}

/**
 * Whether `cluster create --force` may remove what is at path: a kubemu cluster file, damaged or
 * not, or an empty file. A symlink is refused (removing it would leave the file it names; writing
 * through it would replace a file elsewhere), and so is any other file: --force replaces a
 * cluster, it does not delete someone's database.
 */
export function checkReplaceable(path: string): void {
  if (lstatSync(path).isSymbolicLink()) {
    throw new ClusterFileError(`cluster file "${path}" is a symbolic link to ${readlinkSync(path)}: name the file itself to replace it`);
  }
  checkHeader(path, path);
  if (statSync(path).size === 0) return;
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { ...sqliteOptions(), readonly: true, fileMustExist: true });
    recognise(db, path);
  } catch (e) {
    if (e instanceof NotAClusterFile) throw e;
    // Damaged or locked: replace it only if its header carries kubemu's mark (a damaged cluster
    // file, where replacing is the remedy), never another program's database that is busy or hurt.
    if (headerApplicationId(path) !== APPLICATION_ID) {
      throw new ClusterFileError(`cannot tell whether ${path} is a kubemu cluster file (it cannot be read now): not replacing it`);
    }
  } finally {
    db?.close();
  }
}

/** `PRAGMA application_id` as the SQLite header stores it (bytes 68–71, big-endian), read without SQLite. */
function headerApplicationId(path: string): number | undefined {
  const fd = openSync(path, 'r');
  try {
    const b = Buffer.alloc(4);
    return readSync(fd, b, 0, 4, 68) === 4 ? b.readUInt32BE(0) : undefined;
  } finally {
    closeSync(fd);
  }
}
