import type Database from 'better-sqlite3';
import { LABELS_UPDATE_TRIGGER, indexLabels } from '../../../src/storage/sqlite-label-index.js';
import { CONTROLLERS_UPDATE_TRIGGER, indexController, indexedKey } from '../../../src/storage/sqlite-controller-index.js';

/** The forms earlier kubemus left a file's indexes in, made from a current file (test fixture). */
export type OlderForm = 'no-indexes' | 'labels-only' | 'own-updates' | 'shared-update';

const LABELS_INSERT = `CREATE TRIGGER kv_labels_insert AFTER INSERT ON kv BEGIN ${indexLabels('new')} END;`;
const CONTROLLERS_INSERT = `CREATE TRIGGER kv_controllers_insert AFTER INSERT ON kv WHEN ${indexedKey('new.key')} BEGIN ${indexController('new.key', 'new.value')} END;`;
/** The shared update trigger of 77b0174 (what the big5 files hold). */
const SHARED_UPDATE = `CREATE TRIGGER kv_indexes_update AFTER UPDATE OF value ON kv
WHEN NOT (json_valid(old.value) AND json_valid(new.value))
  OR json_extract(old.value, '$.metadata.labels') IS NOT json_extract(new.value, '$.metadata.labels')
  OR (${indexedKey('new.key')} AND json_extract(old.value, '$.metadata.ownerReferences') IS NOT json_extract(new.value, '$.metadata.ownerReferences'))
BEGIN
  DELETE FROM labels WHERE key = old.key;
  ${indexLabels('new')}
  DELETE FROM controllers WHERE key = old.key AND ${indexedKey('new.key')};
  ${indexController('new.key', 'new.value', indexedKey('new.key'))}
END;`;

export function toOlderForm(db: Database.Database, form: OlderForm): void {
  for (const t of ['kv_indexes_insert', 'kv_indexes_update']) db.exec(`DROP TRIGGER IF EXISTS ${t}`);
  db.exec('DROP INDEX IF EXISTS kv_unindexed');
  for (const c of ['index_rev', 'index_labels', 'index_controller']) db.exec(`ALTER TABLE kv DROP COLUMN ${c}`);
  if (form === 'no-indexes' || form === 'labels-only') db.exec('DROP TRIGGER kv_controllers_delete; DROP TABLE controllers;');
  if (form === 'no-indexes') db.exec('DROP TRIGGER kv_labels_delete; DROP TABLE labels;');
  if (form !== 'no-indexes') db.exec(LABELS_INSERT);
  if (form === 'own-updates' || form === 'shared-update') db.exec(CONTROLLERS_INSERT);
  if (form === 'labels-only' || form === 'own-updates') db.exec(LABELS_UPDATE_TRIGGER);
  if (form === 'own-updates') db.exec(CONTROLLERS_UPDATE_TRIGGER);
  if (form === 'shared-update') db.exec(SHARED_UPDATE);
}

/** What the indexes must hold, computed from kv's values (the indexes' fill queries, as SELECTs). */
export function indexesFromValues(db: Database.Database): { labels: unknown[]; controllers: unknown[] } {
  return {
    labels: db
      .prepare(
        `SELECT v.key, l.key AS name, l.value FROM (SELECT key, value FROM kv WHERE json_valid(value)) AS v, json_each(v.value, '$.metadata.labels') AS l
         WHERE l.type = 'text' AND typeof(l.key) = 'text' GROUP BY v.key, l.key ORDER BY v.key, l.key`,
      )
      .all(),
    controllers: db
      .prepare(
        `SELECT key, uid FROM (
           SELECT v.key AS key, json_extract(r.value, '$.uid') AS uid, json_type(r.value, '$.uid') AS t,
             row_number() OVER (PARTITION BY v.key ORDER BY r.key) AS n
           FROM (SELECT key, value FROM kv WHERE ${indexedKey('key')} AND json_valid(value)) AS v, json_each(v.value, '$.metadata.ownerReferences') AS r
           WHERE r.type = 'object' AND json_type(r.value, '$.controller') = 'true'
         ) WHERE n = 1 AND t = 'text' AND uid != '' ORDER BY key`,
      )
      .all(),
  };
}

export function indexRows(db: Database.Database): { labels: unknown[]; controllers: unknown[] } {
  return {
    labels: db.prepare('SELECT key, name, value FROM labels ORDER BY key, name').all(),
    controllers: db.prepare('SELECT key, uid FROM controllers ORDER BY key').all(),
  };
}

/** The hinted form before the index of unindexed rows (the previous kubemu's): its value-read triggers. */
const PREV_TRUSTED_INSERT = '(new.index_rev IS NOT NULL AND new.index_rev = new.mod_revision)';
const PREV_TRUSTED_UPDATE = '(new.index_rev IS NOT NULL AND new.index_rev = new.mod_revision AND new.index_rev IS NOT old.index_rev)';
const PREV_FROM_HINTS = `INSERT INTO labels (key, name, value)
    SELECT new.key, l.key, l.value FROM json_each(new.index_labels) AS l WHERE l.type = 'text'
    ON CONFLICT DO NOTHING;
  INSERT INTO controllers (key, uid)
    SELECT new.key, new.index_controller WHERE new.index_controller > '' AND ${indexedKey('new.key')}
    ON CONFLICT DO NOTHING;`;
const PREV_FROM_VALUE = `${indexLabels('new')}
  ${indexController('new.key', 'new.value', indexedKey('new.key'))}
  UPDATE kv SET index_rev = NULL, index_labels = NULL, index_controller = NULL
    WHERE key = new.key AND (index_rev IS NOT NULL OR index_labels IS NOT NULL OR index_controller IS NOT NULL);`;
const PREV_DELETE_OLD = `DELETE FROM labels WHERE key = old.key;
  DELETE FROM controllers WHERE key = old.key AND ${indexedKey('old.key')};`;
const PREV_TRIGGERS = `CREATE TRIGGER IF NOT EXISTS kv_indexes_insert AFTER INSERT ON kv
WHEN ${PREV_TRUSTED_INSERT} AND (new.index_labels IS NOT NULL OR (new.index_controller IS NOT NULL AND ${indexedKey('new.key')}))
BEGIN
  ${PREV_FROM_HINTS}
END;
CREATE TRIGGER IF NOT EXISTS kv_indexes_insert_value AFTER INSERT ON kv
WHEN NOT ${PREV_TRUSTED_INSERT}
BEGIN
  ${PREV_FROM_VALUE}
END;
CREATE TRIGGER IF NOT EXISTS kv_indexes_update AFTER UPDATE OF key, value, index_rev, index_labels, index_controller ON kv
WHEN ${PREV_TRUSTED_UPDATE} AND (
    old.index_rev IS NULL OR new.key IS NOT old.key OR new.index_labels IS NOT old.index_labels
    OR (${indexedKey('new.key')} AND new.index_controller IS NOT old.index_controller))
BEGIN
  ${PREV_DELETE_OLD}
  ${PREV_FROM_HINTS}
END;
CREATE TRIGGER IF NOT EXISTS kv_indexes_update_value AFTER UPDATE OF key, value, index_rev, index_labels, index_controller ON kv
WHEN NOT ${PREV_TRUSTED_UPDATE} AND (
    new.key IS NOT old.key
    OR new.index_rev IS NOT old.index_rev OR new.index_labels IS NOT old.index_labels OR new.index_controller IS NOT old.index_controller
    OR NOT (json_valid(old.value) AND json_valid(new.value))
    OR json_extract(old.value, '$.metadata.labels') IS NOT json_extract(new.value, '$.metadata.labels')
    OR (${indexedKey('new.key')} AND json_extract(old.value, '$.metadata.ownerReferences') IS NOT json_extract(new.value, '$.metadata.ownerReferences')))
BEGIN
  ${PREV_DELETE_OLD}
  ${PREV_FROM_VALUE}
END;`;

/**
 * What the previous kubemu's conversion would do to a file in the current form, were the file's
 * schema version one it reads (it refuses version 4): drops the triggers it knows (both of the
 * current form's carry its names) and creates its own, and leaves the index of unindexed rows,
 * which it knows nothing of.
 */
export function asPreviousKubemuOpens(db: Database.Database): void {
  const known = ['kv_labels_insert', 'kv_controllers_insert', 'kv_labels_update', 'kv_controllers_update'];
  for (const t of [...known, 'kv_indexes_insert', 'kv_indexes_insert_value', 'kv_indexes_update', 'kv_indexes_update_value']) db.exec(`DROP TRIGGER IF EXISTS ${t}`);
  db.exec(PREV_TRIGGERS);
}
