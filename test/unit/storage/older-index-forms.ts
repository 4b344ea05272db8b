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
  for (const t of ['kv_indexes_insert', 'kv_indexes_insert_value', 'kv_indexes_update', 'kv_indexes_update_value']) db.exec(`DROP TRIGGER IF EXISTS ${t}`);
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
