import type Database from 'better-sqlite3';
import { ensureDerivedIndex, hasTrigger, type KvRow } from './sqlite-derived-index.js';

/**
 * The label index's own update trigger, which a file that has both derived indexes trades for
 * their shared one (sqlite-index-update.ts); kept for a file that has this index alone.
 */
export const LABELS_UPDATE_TRIGGER = `CREATE TRIGGER IF NOT EXISTS kv_labels_update AFTER UPDATE OF value ON kv
WHEN NOT (json_valid(old.value) AND json_valid(new.value))
  OR json_extract(old.value, '$.metadata.labels') IS NOT json_extract(new.value, '$.metadata.labels')
BEGIN
  DELETE FROM labels WHERE key = old.key;
  ${indexLabels('new')}
END;`;

/**
 * The label index of the cluster file: one row per (key, label) of every current value, so that
 * `get pods -l app=app-7` reads the 20 pods that carry app=app-7 instead of every pod's JSON (a
 * scan of 10,000 values with json_extract takes ~50 ms; the index, a few).
 *
 * Triggers on kv keep it, inside the statement that writes kv and so inside its transaction: it
 * cannot disagree with kv after a rollback, a crash or a write by a kubemu that knows nothing of it.
 * An update whose labels are unchanged (a status write, most writes) leaves it alone. The
 * triggers a file keeps are sqlite-index-update.ts's, which read the labels from the writer's
 * index hints instead of the value where they can (the ones below are the first form, replaced
 * at open).
 * Only string labels are indexed, which is what a label comparison matches (json_extract of a
 * number never equals the TEXT it is compared with). A value that is not JSON has no labels here.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS labels (
  key TEXT NOT NULL,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (key, name)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS labels_by_value ON labels (name, value, key);
CREATE TRIGGER IF NOT EXISTS kv_labels_insert AFTER INSERT ON kv BEGIN
  ${indexLabels('new')}
END;
${LABELS_UPDATE_TRIGGER}
CREATE TRIGGER IF NOT EXISTS kv_labels_delete AFTER DELETE ON kv BEGIN
  DELETE FROM labels WHERE key = old.key;
END;
`;

/**
 * The INSERT that indexes the labels of row.value (none when it is not JSON or has none). ON
 * CONFLICT DO NOTHING, not OR IGNORE, as in indexController (sqlite-controller-index.ts).
 */
export function indexLabels(row: 'new'): string {
  return `INSERT INTO labels (key, name, value)
    SELECT v.key, l.key, l.value
    FROM (SELECT ${row}.key AS key, ${row}.value AS value WHERE json_valid(${row}.value)) AS v, json_each(v.value, '$.metadata.labels') AS l
    WHERE l.type = 'text' AND typeof(l.key) = 'text'
    ON CONFLICT DO NOTHING;`;
}

/** The label index of the values already in kv (a file written before it existed). */
const FILL = `INSERT OR IGNORE INTO labels (key, name, value)
  SELECT v.key, l.key, l.value
  FROM (SELECT key, value FROM kv WHERE json_valid(value)) AS v, json_each(v.value, '$.metadata.labels') AS l
  WHERE l.type = 'text' AND typeof(l.key) = 'text'`;

/** The trigger whose presence says the file has the label index. */
export const LABELS_MARKER = 'kv_labels_delete';

/**
 * Creates the label index of a writable cluster file that has none yet, filling it from kv in the
 * same transaction (about 0.4 s at 10,000 pods, once). A read-only file keeps working without
 * one (labelSelection falls back to reading the values).
 */
export function ensureLabelIndex(db: Database.Database): void {
  ensureDerivedIndex(db, LABELS_MARKER, SCHEMA, FILL);
}

/**
 * The rows under [from, to) whose value's label `name` is the string `value`, in key order:
 * through the index when the file has one, else by reading every value under the range
 * (json_extract, which fails on a value that is not JSON: `badValue` names the first one).
 */
export interface LabelSelection {
  select(from: string, to: string, name: string, value: string): KvRow[];
  /** the first key under [from, to) whose value is not JSON */
  badValue(from: string, to: string): string | undefined;
  /** how many rows select would give, from the index alone; absent without the index */
  count?(from: string, to: string, name: string, value: string): number;
  /**
   * select's rows read from the values, which the index would give for them (a value that is not
   * JSON has no labels): while some rows wait to be indexed (sqlite-unindexed.ts)
   */
  fromValues(from: string, to: string, name: string, value: string): KvRow[];
}

export function labelSelection(db: Database.Database): LabelSelection {
  const bad = db.prepare<[string, string], { key: string }>('SELECT key FROM kv WHERE key >= ? AND key < ? AND json_valid(value) = 0 ORDER BY key LIMIT 1');
  const badValue = (from: string, to: string) => bad.get(from, to)?.key;
  const valued = db.prepare<[string, string, string, string], KvRow>(
    'SELECT key, value, create_revision, mod_revision FROM kv WHERE key >= ? AND key < ? AND CASE WHEN json_valid(value) THEN json_extract(value, ?) END = ? ORDER BY key',
  );
  const fromValues = (from: string, to: string, name: string, value: string) => valued.all(from, to, labelPath(name), value);
  if (hasTrigger(db, LABELS_MARKER)) {
    const stmt = db.prepare<[string, string, string, string], KvRow>(
      'SELECT kv.key, kv.value, kv.create_revision, kv.mod_revision FROM labels INDEXED BY labels_by_value CROSS JOIN kv ON kv.key = labels.key ' +
        'WHERE labels.name = ? AND labels.value = ? AND labels.key >= ? AND labels.key < ? ORDER BY labels.key',
    );
    const count = db.prepare<[string, string, string, string], { n: number }>(
      'SELECT count(*) AS n FROM labels INDEXED BY labels_by_value WHERE name = ? AND value = ? AND key >= ? AND key < ?',
    );
    return {
      select: (from, to, name, value) => stmt.all(name, value, from, to),
      badValue,
      count: (from, to, name, value) => count.get(name, value, from, to)?.n ?? 0,
      fromValues,
    };
  }
  const path = db.prepare<[string, string, string, string], KvRow>(
    'SELECT key, value, create_revision, mod_revision FROM kv WHERE key >= ? AND key < ? AND json_extract(value, ?) = ? ORDER BY key',
  );
  return { select: (from, to, name, value) => path.all(from, to, labelPath(name), value), badValue, fromValues };
}

/** json_extract's path of a label (`$.metadata.labels."app"`). */
function labelPath(name: string): string {
  return `$.metadata.labels."${name}"`;
}
