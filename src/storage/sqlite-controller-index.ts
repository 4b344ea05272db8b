import type Database from 'better-sqlite3';
import { ensureDerivedIndex, hasTrigger, type KvRow } from './sqlite-derived-index.js';

/**
 * The controller index of the cluster file: per current value whose ownerReferences name a
 * controller (the first reference with `controller: true` and a string UID, what the API server's
 * read cache counts as its controller), one row (key, that UID). The ReplicaSet controller finds
 * the pods it controls through it (20 rows of 10,000 pods) in a process that has not listed
 * every pod.
 *
 * Kept by triggers on kv like the label index (sqlite-label-index.ts), inside the writing
 * statement and so its transaction: it follows rollbacks and writers that know nothing of it.
 * An update whose ownerReferences are unchanged (a status write, most writes) leaves it alone.
 *
 * Only the resources controllers look up by controller are indexed (CONTROLLED): pods (a
 * ReplicaSet's) and ReplicaSets (a Deployment's). Events, half of all writes, are not, so they
 * pay nothing for it. The triggers a file keeps are sqlite-index-update.ts's (the ones below are
 * the first form, replaced at open).
 */
export const CONTROLLED: readonly { from: string; to: string }[] = [
  { from: '/registry/pods/', to: '/registry/pods0' },
  { from: '/registry/replicasets/', to: '/registry/replicasets0' },
];

/** Whether a key (of a row, new.key or old.key in a trigger) is in one of the CONTROLLED ranges. */
export function indexedKey(key: string): string {
  return '(' + CONTROLLED.map((r) => `(${key} >= '${r.from}' AND ${key} < '${r.to}')`).join(' OR ') + ')';
}

/**
 * The controller index's own update trigger, which a file that has both derived indexes trades for
 * their shared one (sqlite-index-update.ts).
 */
export const CONTROLLERS_UPDATE_TRIGGER = `CREATE TRIGGER IF NOT EXISTS kv_controllers_update AFTER UPDATE OF value ON kv
WHEN ${indexedKey('new.key')} AND (NOT (json_valid(old.value) AND json_valid(new.value))
  OR json_extract(old.value, '$.metadata.ownerReferences') IS NOT json_extract(new.value, '$.metadata.ownerReferences'))
BEGIN
  DELETE FROM controllers WHERE key = old.key;
  ${indexController('new.key', 'new.value')}
END;`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS controllers (
  key TEXT NOT NULL PRIMARY KEY,
  uid TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS controllers_by_uid ON controllers (uid, key);
CREATE TRIGGER IF NOT EXISTS kv_controllers_insert AFTER INSERT ON kv WHEN ${indexedKey('new.key')} BEGIN
  ${indexController('new.key', 'new.value')}
END;
${CONTROLLERS_UPDATE_TRIGGER}
CREATE TRIGGER IF NOT EXISTS kv_controllers_delete AFTER DELETE ON kv WHEN ${indexedKey('old.key')} BEGIN
  DELETE FROM controllers WHERE key = old.key;
END;
`;

/**
 * The INSERT of the controller row of one value (none when it is not JSON or names no controller),
 * only `when` that SQL condition holds, if one is given.
 * ON CONFLICT DO NOTHING rather than OR IGNORE: a writing statement's own OR clause (kubemu's
 * are OR FAIL, sqlite-keyspace.ts) replaces its triggers' OR clauses, not their upsert clauses.
 */
export function indexController(key: string, value: string, when?: string): string {
  return `INSERT INTO controllers (key, uid)
    SELECT key, uid FROM (
      SELECT v.key AS key, json_extract(r.value, '$.uid') AS uid, json_type(r.value, '$.uid') AS t
      FROM (SELECT ${key} AS key, ${value} AS value WHERE ${when ? `${when} AND ` : ''}json_valid(${value})) AS v, json_each(v.value, '$.metadata.ownerReferences') AS r
      WHERE r.type = 'object' AND json_type(r.value, '$.controller') = 'true'
      ORDER BY r.key LIMIT 1
    ) WHERE t = 'text' AND uid != ''
    ON CONFLICT DO NOTHING;`;
}

/** The first controller reference of a value, if it has a non-empty string UID. */
const FILL = `INSERT OR IGNORE INTO controllers (key, uid)
  SELECT key, uid FROM (
    SELECT v.key AS key, json_extract(r.value, '$.uid') AS uid, json_type(r.value, '$.uid') AS t,
      row_number() OVER (PARTITION BY v.key ORDER BY r.key) AS n
    FROM (SELECT key, value FROM kv WHERE ${indexedKey('key')} AND json_valid(value)) AS v, json_each(v.value, '$.metadata.ownerReferences') AS r
    WHERE r.type = 'object' AND json_type(r.value, '$.controller') = 'true'
  ) WHERE n = 1 AND t = 'text' AND uid != ''`;

/** The trigger whose presence says the file has the controller index. */
export const CONTROLLERS_MARKER = 'kv_controllers_delete';

/** Creates the controller index of a writable cluster file that has none yet, filled from kv (once). */
export function ensureControllerIndex(db: Database.Database): void {
  ensureDerivedIndex(db, CONTROLLERS_MARKER, SCHEMA, FILL);
}

/**
 * The rows under [from, to) whose controller has this UID, in key order; undefined for a range
 * outside CONTROLLED, or a file without the index (a read-only file from before it): the caller
 * lists instead.
 */
export function controllerSelection(db: Database.Database): ((from: string, to: string, uid: string) => KvRow[] | undefined) | undefined {
  if (!hasTrigger(db, CONTROLLERS_MARKER)) return undefined;
  const stmt = db.prepare<[string, string, string], KvRow>(
    'SELECT kv.key, kv.value, kv.create_revision, kv.mod_revision FROM controllers INDEXED BY controllers_by_uid CROSS JOIN kv ON kv.key = controllers.key ' +
      'WHERE controllers.uid = ? AND controllers.key >= ? AND controllers.key < ? ORDER BY controllers.key',
  );
  return (from, to, uid) => (CONTROLLED.some((r) => from >= r.from && to <= r.to) ? stmt.all(uid, from, to) : undefined);
}
