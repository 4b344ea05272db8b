import type Database from 'better-sqlite3';
import { LABELS_MARKER } from './sqlite-label-index.js';
import { CONTROLLERS_MARKER, indexedKey } from './sqlite-controller-index.js';
import { UNINDEXED_SCHEMA, hasUnindexedIndex, indexUnindexed } from './sqlite-unindexed.js';

/**
 * The insert and update triggers of both derived indexes, the label index (sqlite-label-index.ts)
 * and the controller index (sqlite-controller-index.ts), reading the index facts a writer gives
 * with the value (index hints) instead of parsing the value.
 *
 * Why: parsing a 3 KB pod's JSON is most of what the indexes add to a write. Measured on large.db's
 * pods, 10,000 creates cost ~72 µs each with the per-index insert triggers and ~24 µs without; a
 * status write (labels and owners unchanged) ~12.5 µs for the update trigger's WHEN clause alone
 * (json_valid and json_extract of the old and the new value). The API server has the object it
 * encodes, and with it the two facts the indexes keep.
 *
 * The hints are three nullable columns of kv, written by the statement that writes the value:
 * - index_rev: the revision of that write (its mod_revision);
 * - index_labels: the JSON text of the value's metadata.labels, NULL when it has none;
 * - index_controller: the UID of its controller reference (first `controller: true` reference,
 *   a non-empty string), NULL when none.
 * The triggers trust them only when index_rev is the row's mod_revision and (for an update) not
 * what the row had before. Invariant: when a row's index_rev is not NULL, its hints are what the
 * indexes hold for the key. A trusted update whose hints equal the old row's therefore changes
 * nothing and runs no statement (a status write: two string comparisons).
 *
 * A write the triggers do not trust (another program's raw `UPDATE kv SET value` or upsert, a put
 * without hints, which writes NULLs) is not indexed by a trigger: its row is left with index_rev
 * NULL (the triggers clear its hints; an insert without them has none) and so is one of the rows
 * the index of unindexed rows holds (sqlite-unindexed.ts: index_rev IS NOT mod_revision). kubemu
 * indexes those rows from their values itself, with the SQL the value-read triggers of the earlier
 * form ran: at open, at the end of each of its write transactions, and before it reads an index
 * inside one; a read outside a write transaction while some are left (another program wrote kv
 * since kubemu did) reads the values instead of the indexes (SqliteKeyspace.indexesHold).
 *
 * Why not in a trigger, as before: a trigger on kv that calls an SQL function gives every kubemu
 * write to kv a statement journal, a copy of each 16 KiB page the statement touches. SQLite's rule
 * (sqlite3.c): usesStmtJournal = isMultiWrite && mayAbort, where a write to a table with triggers
 * is multi-write, and every OP_Function coded anywhere in the statement, its triggers' WHEN
 * clauses included, sets mayAbort (sqlite3VdbeAddFunctionCall), be the function one that cannot
 * fail or guarded by a CASE; json_each, a table, does not. Which triggers are coded is decided per
 * statement, not per row: an INSERT codes every INSERT trigger of kv, an UPDATE every UPDATE
 * trigger whose OF columns it sets. The value-read triggers need json_valid (a value that is not
 * JSON is stored and indexed as having no labels; json_each alone would refuse such a write), so
 * as long as they were on kv, every write kubemu made paid for them: measured on `rollout status`
 * of a 1,000-replica Deployment, 38% of all instructions SQLite ran (927 M -> 570 M without them,
 * callgrind), the statement journal's page copies and savepoints and the extra balancing.
 *
 * The triggers of this form call no SQL function (json_each is a table; the hints' shape is the
 * writer's promise, index-hints.ts: labels an object or null, a controller a non-empty string).
 *
 * Files of earlier forms (each index's own triggers, the shared update trigger, the hinted form
 * whose value-read triggers indexed untrusted writes: kv_indexes_insert_value and
 * kv_indexes_update_value) are converted at open, in one transaction that also indexes the rows
 * those left without hints, so every writer always finds one complete form. This form is schema
 * version 4 (sqlite-schema.ts): an older kubemu, whose triggers would no longer be on kv and whose
 * reads trust the indexes for every row (its own hint-less writes included), refuses the file. A
 * version-4 file in an earlier form (a conversion interrupted, or one a test builds) is converted
 * at the next writable open like any other.
 */
const UPDATE_NAME = 'kv_indexes_update';
const INSERT_NAME = 'kv_indexes_insert';
/** the trigger names of this form: the insert and the update trigger (the previous kubemu's names for its hinted ones) */
const NAMES = [INSERT_NAME, UPDATE_NAME];
/** text only this form's triggers hold (both clear the hints of an untrusted write) */
const FORM_MARK = 'index_rev = NULL';

/** The triggers of the earlier forms this file's form replaces (the last two: the hinted form's value-read triggers). */
const OLDER_TRIGGERS = ['kv_labels_insert', 'kv_controllers_insert', 'kv_labels_update', 'kv_controllers_update', 'kv_indexes_insert_value', 'kv_indexes_update_value'];

export const HINT_COLUMNS = ['index_rev', 'index_labels', 'index_controller'] as const;

/** The new row's hints were written by the statement that wrote it (an insert). */
const INSERT_TRUSTED = '(new.index_rev IS NOT NULL AND new.index_rev = new.mod_revision)';
/** ... by the statement that updated it: its revision, and not the one the row had. */
const UPDATE_TRUSTED = '(new.index_rev IS NOT NULL AND new.index_rev = new.mod_revision AND new.index_rev IS NOT old.index_rev)';

/*
 * One trigger per kind of write, both paths in it, each statement of the body guarded by its
 * path's condition: every trigger SQLite fires is a sub-program call per row (a frame, its
 * registers allocated and cleared), whose WHEN clause runs inside it, so a second trigger would
 * cost each write a second call. A statement's condition on new.* and old.* alone is tested once,
 * before it reads any table.
 */

/** The hint-based inserts of both indexes for the new row, when `trusted`. */
function fromHints(trusted: string): string {
  // json_each of NULL gives no rows: an untrusted row's index_labels may be anything
  return `INSERT INTO labels (key, name, value)
    SELECT new.key, l.key, l.value FROM json_each(CASE WHEN ${trusted} THEN new.index_labels END) AS l WHERE l.type = 'text'
    ON CONFLICT DO NOTHING;
  INSERT INTO controllers (key, uid)
    SELECT new.key, new.index_controller WHERE ${trusted} AND new.index_controller > '' AND ${indexedKey('new.key')}
    ON CONFLICT DO NOTHING;`;
}

/** Clears the new row's hints when `untrusted`, which leaves it to be indexed from its value (sqlite-unindexed.ts). */
function clearHints(untrusted: string): string {
  return `UPDATE kv SET index_rev = NULL, index_labels = NULL, index_controller = NULL
    WHERE ${untrusted} AND key = new.key AND (index_rev IS NOT NULL OR index_labels IS NOT NULL OR index_controller IS NOT NULL);`;
}

/**
 * A trusted insert with labels, or a controller the controller index covers, indexes them. An
 * untrusted one has index_rev NOT mod_revision, so it is one of the unindexed rows as it is;
 * hints it carries anyway are cleared (the invariant above).
 */
const INSERT_TRIGGERS = `CREATE TRIGGER IF NOT EXISTS ${INSERT_NAME} AFTER INSERT ON kv
WHEN (${INSERT_TRUSTED} AND (new.index_labels IS NOT NULL OR (new.index_controller IS NOT NULL AND ${indexedKey('new.key')})))
  OR (NOT ${INSERT_TRUSTED} AND (new.index_rev IS NOT NULL OR new.index_labels IS NOT NULL OR new.index_controller IS NOT NULL))
BEGIN
  ${fromHints(INSERT_TRUSTED)}
  ${clearHints(`NOT ${INSERT_TRUSTED}`)}
END;`;

/**
 * An update with trusted hints touches the indexes when the old row's hints are unknown or differ
 * (labels; the controller for a key the controller index covers) or the key moved: the old rows
 * go, the hints' come. One without that changes the value, the key or a hint column leaves the
 * row unindexed (its hints cleared); a moved key's old index rows go (no row of kv has that key
 * any more).
 */
const UPDATE_TRIGGERS = `CREATE TRIGGER IF NOT EXISTS ${UPDATE_NAME} AFTER UPDATE OF key, value, index_rev, index_labels, index_controller ON kv
WHEN (${UPDATE_TRUSTED} AND (
    old.index_rev IS NULL OR new.key IS NOT old.key OR new.index_labels IS NOT old.index_labels
    OR (${indexedKey('new.key')} AND new.index_controller IS NOT old.index_controller)))
  OR (NOT ${UPDATE_TRUSTED} AND (
    new.key IS NOT old.key OR new.value IS NOT old.value
    OR new.index_rev IS NOT old.index_rev OR new.index_labels IS NOT old.index_labels OR new.index_controller IS NOT old.index_controller))
BEGIN
  DELETE FROM labels WHERE (${UPDATE_TRUSTED} OR new.key IS NOT old.key) AND key = old.key;
  DELETE FROM controllers WHERE (${UPDATE_TRUSTED} OR new.key IS NOT old.key) AND key = old.key AND ${indexedKey('old.key')};
  ${fromHints(UPDATE_TRUSTED)}
  ${clearHints(`NOT ${UPDATE_TRUSTED}`)}
END;`;

/** The file's triggers on kv with their SQL (one look at the schema: this runs at every open). */
function kvTriggers(db: Database.Database): Map<string, string> {
  const rows = db.prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'kv'").all();
  return new Map(rows.map((r) => [r.name, r.sql]));
}

function kvColumns(db: Database.Database): Set<string> {
  return new Set(db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('kv')").all().map((r) => r.name));
}

/** Whether the file has both indexes (their markers) but not yet this form alone. */
function toConvert(db: Database.Database): boolean {
  const t = kvTriggers(db);
  if (!t.has(LABELS_MARKER) || !t.has(CONTROLLERS_MARKER)) return false;
  return (
    NAMES.some((n) => !(t.get(n) ?? '').includes(FORM_MARK)) ||
    OLDER_TRIGGERS.some((o) => t.has(o)) ||
    !hasUnindexedIndex(db)
  );
}

/**
 * Gives a writable file that has both derived indexes the hint columns, the hinted triggers and the
 * index of unindexed rows (once), and indexes the rows left unindexed (by another program's writes
 * since kubemu's last one, or by the earlier form, whose value-read triggers cleared the hints).
 */
export function ensureHintedIndexes(db: Database.Database): void {
  if (toConvert(db)) {
    db.transaction(() => {
      // Another process may have done it between the first look and the write lock.
      if (!toConvert(db)) return;
      const have = kvColumns(db);
      for (const c of HINT_COLUMNS) {
        if (!have.has(c)) db.exec(`ALTER TABLE kv ADD COLUMN ${c} ${c === 'index_rev' ? 'INTEGER' : 'TEXT'}`);
      }
      for (const t of [...OLDER_TRIGGERS, ...NAMES]) db.exec(`DROP TRIGGER IF EXISTS ${t}`);
      db.exec(UNINDEXED_SCHEMA);
      db.exec(INSERT_TRIGGERS);
      db.exec(UPDATE_TRIGGERS);
      indexUnindexed(db);
    }).immediate();
  }
  if (hasUnindexedIndex(db)) indexUnindexed(db, true);
}

/** Whether writes to this file should carry hints (it has the columns). */
export function hasHintColumns(db: Database.Database): boolean {
  const have = kvColumns(db);
  return HINT_COLUMNS.every((c) => have.has(c));
}
