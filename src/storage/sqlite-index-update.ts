import type Database from 'better-sqlite3';
import { LABELS_MARKER, indexLabels } from './sqlite-label-index.js';
import { CONTROLLERS_MARKER, indexController, indexedKey } from './sqlite-controller-index.js';

/**
 * One update trigger for both derived indexes, the label index (sqlite-label-index.ts) and the
 * controller index (sqlite-controller-index.ts), instead of one each.
 *
 * Why: an update of kv is mostly a pod's status write, which changes neither labels nor owners,
 * and each index's own trigger made SQLite parse both values to tell (json_valid, json_extract):
 * four parses of a 3.4 KB pod per write. SQLite keeps a value's parse for the JSON functions of
 * one trigger program, so one trigger asking both questions parses each value once. Measured on
 * crash.db's pods, 20,000 status-like updates: ~25 µs -> ~15 µs each (~4 µs without any trigger).
 *
 * What it does is what the two did: when either value is not JSON, or the labels differ, or (for a
 * key the controller index covers) the ownerReferences differ, both indexes of the key are
 * rebuilt from the new value. Rebuilding the one whose part did not change writes the rows it
 * already had.
 *
 * A file that has both indexes trades their own update triggers for this one at open, in one
 * transaction (so every writer, of any kubemu, always finds one of the two forms). An older
 * kubemu finds the markers of both indexes (their delete triggers) and keeps the file as it is.
 */
const NAME = 'kv_indexes_update';

const OWN_TRIGGERS = ['kv_labels_update', 'kv_controllers_update'];

const TRIGGER = `CREATE TRIGGER IF NOT EXISTS ${NAME} AFTER UPDATE OF value ON kv
WHEN NOT (json_valid(old.value) AND json_valid(new.value))
  OR json_extract(old.value, '$.metadata.labels') IS NOT json_extract(new.value, '$.metadata.labels')
  OR (${indexedKey('new.key')} AND json_extract(old.value, '$.metadata.ownerReferences') IS NOT json_extract(new.value, '$.metadata.ownerReferences'))
BEGIN
  DELETE FROM labels WHERE key = old.key;
  ${indexLabels('new')}
  DELETE FROM controllers WHERE key = old.key AND ${indexedKey('new.key')};
  ${indexController('new.key', 'new.value', indexedKey('new.key'))}
END;`;

/** The file's triggers on kv, by name (one look at the schema: this runs at every open). */
function kvTriggers(db: Database.Database): Set<string> {
  const rows = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'kv'").all();
  return new Set(rows.map((r) => r.name));
}

/** Whether the file has both indexes (their markers) but not yet the shared trigger alone. */
function toMerge(db: Database.Database): boolean {
  const t = kvTriggers(db);
  return t.has(LABELS_MARKER) && t.has(CONTROLLERS_MARKER) && (!t.has(NAME) || OWN_TRIGGERS.some((o) => t.has(o)));
}

/** Gives a writable file that has both derived indexes their shared update trigger (once). */
export function ensureSharedIndexUpdate(db: Database.Database): void {
  if (!toMerge(db)) return;
  db.transaction(() => {
    // Another process may have done it between the first look and the write lock.
    if (!toMerge(db)) return;
    for (const t of OWN_TRIGGERS) db.exec(`DROP TRIGGER IF EXISTS ${t}`);
    db.exec(TRIGGER);
  }).immediate();
}
