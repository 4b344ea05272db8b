import { KeyspaceLocked } from './keyspace.js';

/**
 * What can be wrong with the cluster file itself, as the user reads it: each message names the
 * file, says what was found, and never carries SQLite's own text (kubectl prints `error: ...`).
 */

/** A file that exists and holds something else than a kubemu cluster (someone's notes.db). */
export class NotAClusterFile extends Error {
  constructor(
    readonly path: string,
    readonly found: string,
  ) {
    super(`${path} is not a kubemu cluster file (${found})`);
    this.name = 'NotAClusterFile';
  }
}

/** A cluster file whose pages or values are damaged: reported, and nothing more is written. */
export class CorruptClusterFile extends Error {
  constructor(
    readonly path: string,
    readonly found: string,
  ) {
    super(`the cluster file ${path} is corrupt: ${found}`);
    this.name = 'CorruptClusterFile';
    if (!damageFound.has(path)) damageFound.set(path, this);
  }
}

/**
 * The first damage found in each cluster file since this process last opened it. A large file is
 * not checked in full at open (cluster-file.ts checkedInFull): its damage is found where a read
 * meets it, and a command that goes on after a failed read (apply -f, delete of several objects
 * report each object's error and continue) must write nothing more to that file. The keyspace
 * forgets a file's damage when it opens it (`cluster create --force` replaces a damaged file, and
 * a test opens one file many times in one process) and refuses a write transaction while it knows of one.
 */
const damageFound = new Map<string, CorruptClusterFile>();

/** The first damage found in the cluster file at path since it was last opened, if any. */
export function damageFoundIn(path: string): CorruptClusterFile | undefined {
  return damageFound.get(path);
}

/** Opening the file at path starts with nothing known against it. */
export function forgetDamage(path: string): void {
  damageFound.delete(path);
}

/** A write to a cluster file opened read-only (the file or its directory is not writable). */
export class ReadOnlyClusterFile extends Error {
  constructor(
    readonly path: string,
    why = 'it is read-only',
  ) {
    super(`cannot write the cluster file ${path}: ${why}`);
    this.name = 'ReadOnlyClusterFile';
  }
}

/** A cluster file that cannot be opened or written as it is: a dangling symlink, a newer schema, a full disk. */
export class ClusterFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClusterFileError';
  }
}

/** better-sqlite3's SqliteError, recognised by shape (its class is not exported as a type guard). */
export function sqliteCode(e: unknown): string | undefined {
  if (!(e instanceof Error) || e.name !== 'SqliteError') return undefined;
  const code = (e as Error & { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Turns an SQLite failure on the cluster file into what it means for the user; anything else is
 * returned as it is. SQLITE_CORRUPT and SQLITE_NOTADB are damage, SQLITE_READONLY a write to a
 * file that cannot be written.
 */
export function clusterFileError(e: unknown, path: string | undefined): unknown {
  const code = sqliteCode(e);
  if (code === undefined || path === undefined) return e;
  if (code.startsWith('SQLITE_CORRUPT')) return new CorruptClusterFile(path, 'SQLite reports a damaged page');
  if (code === 'SQLITE_NOTADB') return new CorruptClusterFile(path, 'its header is not an SQLite file header');
  if (code.startsWith('SQLITE_READONLY')) return new ReadOnlyClusterFile(path);
  if (code === 'SQLITE_FULL') return new ClusterFileError(`cannot write the cluster file ${path}: the disk is full`);
  if (code.startsWith('SQLITE_CANTOPEN')) return new ClusterFileError(`cannot open the cluster file ${path}`);
  if (code.startsWith('SQLITE_IOERR')) return new ClusterFileError(`cannot read or write the cluster file ${path}: an I/O error`);
  return e;
}

/**
 * Whether e is a failure of the cluster file itself (SQLite's errors, before or after translation,
 * and the lock timeout) rather than of the work being done: the transaction must roll back and the
 * command report it, not a controller retry it.
 */
export function isStorageFailure(e: unknown): boolean {
  return (
    sqliteCode(e) !== undefined ||
    e instanceof NotAClusterFile ||
    e instanceof CorruptClusterFile ||
    e instanceof ReadOnlyClusterFile ||
    e instanceof ClusterFileError ||
    e instanceof KeyspaceLocked
  );
}
