import type Database from 'better-sqlite3';

/**
 * The rows of kv the derived indexes may not hold yet: written without hints the triggers trust
 * (sqlite-index-update.ts), so index_rev is NULL or not the row's mod_revision. A partial index
 * finds them (kubemu's own writes carry hints, and the index stays empty); kubemu indexes them
 * from their values with the SQL below, whose hints then make the hinted update trigger rebuild the
 * rows' index entries, as for any trusted write.
 */
const UNINDEXED_INDEX = 'kv_unindexed';
const UNINDEXED = 'index_rev IS NOT mod_revision';

export const UNINDEXED_SCHEMA = `CREATE INDEX IF NOT EXISTS ${UNINDEXED_INDEX} ON kv (key) WHERE ${UNINDEXED};`;

/**
 * A row's hints read from its value, as the earlier form's value-read triggers indexed it: the
 * labels of a value that is JSON and whose metadata.labels is an object (their text as SQLite
 * renders it, which json_each reads back member by member), the UID of the first `controller:
 * true` reference if it is a non-empty string. A value that is not JSON has neither.
 */
const LABELS_OF_VALUE = `CASE WHEN json_valid(value) AND json_type(value, '$.metadata.labels') = 'object' THEN json_extract(value, '$.metadata.labels') END`;
const CONTROLLER_OF_VALUE = `CASE WHEN json_valid(value) THEN (SELECT uid FROM (
    SELECT json_extract(r.value, '$.uid') AS uid, json_type(r.value, '$.uid') AS t
    FROM json_each(kv.value, '$.metadata.ownerReferences') AS r
    WHERE r.type = 'object' AND json_type(r.value, '$.controller') = 'true'
    ORDER BY r.key LIMIT 1
  ) WHERE t = 'text' AND uid != '') END`;

const INDEX_THEM = `UPDATE kv INDEXED BY ${UNINDEXED_INDEX}
  SET index_rev = mod_revision, index_labels = ${LABELS_OF_VALUE}, index_controller = ${CONTROLLER_OF_VALUE}
  WHERE ${UNINDEXED}`;

const ANY = `SELECT 1 AS one FROM kv INDEXED BY ${UNINDEXED_INDEX} WHERE ${UNINDEXED} LIMIT 1`;

/** Whether the file has the index of unindexed rows. */
export function hasUnindexedIndex(db: Database.Database): boolean {
  return db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND name = ?").get(UNINDEXED_INDEX)!.n > 0;
}

/**
 * Indexes the unindexed rows of a writable file: inside the caller's write transaction, or (`own`)
 * in one of its own if there are any.
 */
export function indexUnindexed(db: Database.Database, own = false): void {
  if (!own) {
    db.exec(INDEX_THEM);
    return;
  }
  const any = db.prepare(ANY);
  if (any.get() === undefined) return;
  db.transaction(() => db.exec(INDEX_THEM)).immediate();
}

/** The keyspace's statements for the unindexed rows of a file that has their index. */
export class UnindexedRows {
  private readonly anyStmt;
  /** prepared at its first use (never, on a file opened read-only) */
  private indexStmt: Database.Statement | undefined;

  constructor(private readonly db: Database.Database) {
    this.anyStmt = db.prepare<[], { one: number }>(ANY);
  }

  /** whether any row of kv waits to be indexed (one probe of an index that is mostly empty) */
  any(): boolean {
    return this.anyStmt.get() !== undefined;
  }

  /** indexes them (inside a write transaction) */
  index(): void {
    (this.indexStmt ??= this.db.prepare(INDEX_THEM)).run();
  }
}
