import type Database from 'better-sqlite3';
import { LABELS_MARKER, indexLabels } from './sqlite-label-index.js';
import { CONTROLLERS_MARKER, indexController, indexedKey } from './sqlite-controller-index.js';

/**
 * The insert and update triggers of both derived indexes, the label index (sqlite-label-index.ts)
 * and the controller index (sqlite-controller-index.ts), one of each for both, reading the index
 * facts a writer gives with the value (index hints) instead of parsing the value where it can.
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
 * what the row had before: a write that sets the value but not the hints (a raw `UPDATE kv SET
 * value`, an older kubemu's upsert, a put without hints, which writes NULLs) is indexed from the
 * value as before. Invariant: when a row's index_rev is not NULL, its hints are what the indexes
 * hold for the key. A trusted update whose hints equal the old row's therefore changes nothing
 * and runs no statement (a status write: two string comparisons); an untrusted write that changes
 * what the indexes hold, or changes the hint columns without a new index_rev, rebuilds from the
 * value and clears the hints, so a later trusted write cannot compare against stale ones.
 * (A raw writer that sets a new index_rev and lying hints is believed, as one that writes the
 * labels table directly would be.)
 *
 * A file that has both indexes gets the columns and trades the older triggers (each index's
 * insert trigger, their update triggers, the earlier shared update trigger) for these at open, in
 * one transaction, so every writer always finds one complete form. No schema version: an older
 * kubemu reads kv by its column names, writes no hints (so every one of its writes is indexed
 * from the value, and clears hints where its write changes what they say), finds both indexes'
 * markers (their delete triggers) and the update trigger's name, and keeps the file as it is.
 */
const UPDATE_NAME = 'kv_indexes_update';
/** the trigger names of this form: hinted insert, insert read from the value, hinted update, update read from the value */
const NAMES = ['kv_indexes_insert', 'kv_indexes_insert_value', UPDATE_NAME, 'kv_indexes_update_value'];

/** The triggers of the earlier forms this file's form replaces. */
const OLDER_TRIGGERS = ['kv_labels_insert', 'kv_controllers_insert', 'kv_labels_update', 'kv_controllers_update'];

export const HINT_COLUMNS = ['index_rev', 'index_labels', 'index_controller'] as const;

/** The new row's hints were written by the statement that wrote it (an insert). */
const INSERT_TRUSTED = '(new.index_rev IS NOT NULL AND new.index_rev = new.mod_revision)';
/** ... by the statement that updated it: its revision, and not the one the row had. */
const UPDATE_TRUSTED = '(new.index_rev IS NOT NULL AND new.index_rev = new.mod_revision AND new.index_rev IS NOT old.index_rev)';

/*
 * Each path is a trigger of its own, chosen by its WHEN clause: a statement inside one trigger
 * whose condition is false still parses the value (SQLite flattens the subquery that tests it
 * into the join with json_each, which runs first): ~30 µs per 3 KB pod. The hinted triggers call
 * no SQL function (json_each is a table, not a function; the hints' shape is the writer's
 * promise, index-hints.ts: labels an object or null, a controller a non-empty string).
 *
 * What remains: a SQL function anywhere in the triggers a statement fires gives each execution
 * inside a transaction a statement journal (a copy of each page it touches, kept until the
 * statement ends). SQLite's rule (sqlite3.c): usesStmtJournal = isMultiWrite && mayAbort, where a
 * write to a table with triggers is multi-write, and every OP_Function coded anywhere in the
 * statement, its triggers' WHEN clauses included, sets mayAbort (sqlite3VdbeAddFunctionCall), be
 * the function one that cannot fail or guarded by a CASE; json_each, a table, does not. Which
 * triggers are coded is decided per statement, not per row: an INSERT codes every INSERT trigger
 * of kv, an UPDATE every UPDATE trigger whose OF columns it sets (kubemu's set value, as a raw
 * write does). The value-read triggers need json_valid so that a value that is not JSON (an
 * older kubemu's or another program's raw write of one) is stored and indexed as having no
 * labels; json_each alone would refuse such a write, and nothing else in SQLite tests JSON
 * without a function. Deferring the value-read work to a queue read later would leave the
 * indexes behind a raw write until then, which an older kubemu (and the tests' direct reads of
 * the index tables) would see. So kubemu's own writes keep the journal; the cluster file's
 * connection keeps it in memory (temp_store, cluster-file.ts), where it costs a copy, not the
 * temporary file's 16 KiB writes.
 */

/** The hint-based inserts of both indexes for the new row. */
const FROM_HINTS = `INSERT INTO labels (key, name, value)
    SELECT new.key, l.key, l.value FROM json_each(new.index_labels) AS l WHERE l.type = 'text'
    ON CONFLICT DO NOTHING;
  INSERT INTO controllers (key, uid)
    SELECT new.key, new.index_controller WHERE new.index_controller > '' AND ${indexedKey('new.key')}
    ON CONFLICT DO NOTHING;`;

/** The value-based inserts of both indexes for the new row, as without hints, and its hints cleared. */
const FROM_VALUE = `${indexLabels('new')}
  ${indexController('new.key', 'new.value', indexedKey('new.key'))}
  UPDATE kv SET index_rev = NULL, index_labels = NULL, index_controller = NULL
    WHERE key = new.key AND (index_rev IS NOT NULL OR index_labels IS NOT NULL OR index_controller IS NOT NULL);`;

const DELETE_OLD = `DELETE FROM labels WHERE key = old.key;
  DELETE FROM controllers WHERE key = old.key AND ${indexedKey('old.key')};`;

const INSERT_TRIGGERS = `CREATE TRIGGER IF NOT EXISTS kv_indexes_insert AFTER INSERT ON kv
WHEN ${INSERT_TRUSTED} AND (new.index_labels IS NOT NULL OR (new.index_controller IS NOT NULL AND ${indexedKey('new.key')}))
BEGIN
  ${FROM_HINTS}
END;
CREATE TRIGGER IF NOT EXISTS kv_indexes_insert_value AFTER INSERT ON kv
WHEN NOT ${INSERT_TRUSTED}
BEGIN
  ${FROM_VALUE}
END;`;

/**
 * An update with trusted hints touches the indexes when the old row's hints are unknown or differ
 * (labels; the controller for a key the controller index covers) or the key moved. One without:
 * when the key moved, hint columns changed without a new index_rev, or what the earlier trigger
 * asked of the values holds (not both JSON, the labels differ, the owners of a covered key differ;
 * OR in a WHEN clause stops at the first term that decides, so json_extract never meets a value
 * json_valid refused).
 */
const UPDATE_TRIGGERS = `CREATE TRIGGER IF NOT EXISTS ${UPDATE_NAME} AFTER UPDATE OF key, value, index_rev, index_labels, index_controller ON kv
WHEN ${UPDATE_TRUSTED} AND (
    old.index_rev IS NULL OR new.key IS NOT old.key OR new.index_labels IS NOT old.index_labels
    OR (${indexedKey('new.key')} AND new.index_controller IS NOT old.index_controller))
BEGIN
  ${DELETE_OLD}
  ${FROM_HINTS}
END;
CREATE TRIGGER IF NOT EXISTS kv_indexes_update_value AFTER UPDATE OF key, value, index_rev, index_labels, index_controller ON kv
WHEN NOT ${UPDATE_TRUSTED} AND (
    new.key IS NOT old.key
    OR new.index_rev IS NOT old.index_rev OR new.index_labels IS NOT old.index_labels OR new.index_controller IS NOT old.index_controller
    OR NOT (json_valid(old.value) AND json_valid(new.value))
    OR json_extract(old.value, '$.metadata.labels') IS NOT json_extract(new.value, '$.metadata.labels')
    OR (${indexedKey('new.key')} AND json_extract(old.value, '$.metadata.ownerReferences') IS NOT json_extract(new.value, '$.metadata.ownerReferences')))
BEGIN
  ${DELETE_OLD}
  ${FROM_VALUE}
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
  return NAMES.some((n) => !t.has(n)) || !(t.get(UPDATE_NAME) ?? '').includes('index_rev') || OLDER_TRIGGERS.some((o) => t.has(o));
}

/** Gives a writable file that has both derived indexes the hint columns and the hinted triggers (once). */
export function ensureHintedIndexes(db: Database.Database): void {
  if (!toConvert(db)) return;
  db.transaction(() => {
    // Another process may have done it between the first look and the write lock.
    if (!toConvert(db)) return;
    const have = kvColumns(db);
    for (const c of HINT_COLUMNS) {
      if (!have.has(c)) db.exec(`ALTER TABLE kv ADD COLUMN ${c} ${c === 'index_rev' ? 'INTEGER' : 'TEXT'}`);
    }
    for (const t of [...OLDER_TRIGGERS, ...NAMES]) db.exec(`DROP TRIGGER IF EXISTS ${t}`);
    db.exec(INSERT_TRIGGERS);
    db.exec(UPDATE_TRIGGERS);
  }).immediate();
}

/** Whether writes to this file should carry hints (it has the columns). */
export function hasHintColumns(db: Database.Database): boolean {
  const have = kvColumns(db);
  return HINT_COLUMNS.every((c) => have.has(c));
}
