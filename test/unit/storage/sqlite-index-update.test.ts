import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { LABELS_UPDATE_TRIGGER } from '../../../src/storage/sqlite-label-index.js';
import { CONTROLLERS_UPDATE_TRIGGER } from '../../../src/storage/sqlite-controller-index.js';

const kvTriggers = (db: Database.Database) =>
  db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'kv' ORDER BY name")
    .all()
    .map((r) => r.name);

/** Back to the form an earlier kubemu left: each index with its own update trigger. */
function ownTriggers(db: Database.Database): void {
  db.exec('DROP TRIGGER kv_indexes_update');
  db.exec(LABELS_UPDATE_TRIGGER);
  db.exec(CONTROLLERS_UPDATE_TRIGGER);
}

const indexes = (db: Database.Database) => ({
  labels: db.prepare('SELECT key, name, value FROM labels ORDER BY key, name').all(),
  controllers: db.prepare('SELECT key, uid FROM controllers ORDER BY key').all(),
});

const meta = (m: Record<string, unknown>) => JSON.stringify({ metadata: { name: 'x', ...m }, status: { phase: 'Running' } });
const owner = (uid: unknown, controller: unknown = true) => ({ ownerReferences: [{ uid, controller }] });

/** Writes as any writer of kv may make them (raw SQL: etcdctl, an older kubemu), and status writes that change neither index. */
const WRITES: [string, string][] = [
  ['/registry/pods/a/p1', meta({ labels: { app: 'web' }, ...owner('rs1') })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'web' }, ...owner('rs1'), annotations: { n: '1' } })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'db' }, ...owner('rs1') })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'db' }, ...owner('rs2') })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'db', tier: 'x' }, ...owner('rs2', false) })],
  ['/registry/pods/a/p1', 'not json'],
  ['/registry/pods/a/p1', meta({ labels: { app: 7 }, ...owner('rs3') })],
  ['/registry/pods/a/p1', meta({ labels: 'web', ownerReferences: 'rs3' })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'web' }, ownerReferences: [{ uid: 'a' }, { uid: 'b', controller: true }] })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'web' }, ownerReferences: [{ uid: 'b', controller: true }, { uid: 'a' }] })],
  ['/registry/replicasets/a/r1', meta({ labels: { app: 'web' }, ...owner('d1') })],
  ['/registry/replicasets/a/r1', meta({ labels: { app: 'web' }, ...owner('d2') })],
  ['/registry/replicasets/a/r1', meta({ labels: { app: 'web', v: '2' }, ...owner('d2') })],
  ['/registry/events/a/e1', meta({ ...owner('p1') })],
  ['/registry/events/a/e1', meta({ labels: { k: 'v' }, ...owner('p2') })],
  ['/registry/events/a/e1', meta({ labels: { k: 'v' }, ...owner('p3') })],
  ['/registry/deployments/a/d1', meta({ labels: { app: 'web' } })],
  ['/registry/deployments/a/d1', '{"metadata":{"labels":{"app":"web","tier":"db"}}}'],
  ['/registry/deployments/a/d1', '{"metadata":{"labels":{"app":"web"}}}'],
];

test('a file with each index its own update trigger gets their shared one at open; both forms index every write alike', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-idx-'));
  try {
    const path = join(dir, 'c.db');
    new SqliteKeyspace(path).close();
    const older = new Database(path);
    ownTriggers(older);
    older.close();
    const ks = new SqliteKeyspace(path);
    assert.deepEqual(kvTriggers(ks.db), [
      'kv_controllers_delete',
      'kv_controllers_insert',
      'kv_indexes_update',
      'kv_labels_delete',
      'kv_labels_insert',
    ]);

    // The same writes on a copy in the older form: after each, the same index rows.
    const other = new SqliteKeyspace(':memory:');
    ownTriggers(other.db);
    const put = (db: Database.Database) =>
      db.prepare('INSERT INTO kv VALUES (?, ?, 2, 2) ON CONFLICT(key) DO UPDATE SET value = excluded.value, mod_revision = mod_revision + 1');
    const [shared, own] = [put(ks.db), put(other.db)];
    for (const [key, value] of WRITES) {
      shared.run(key, value);
      own.run(key, value);
      assert.deepEqual(indexes(ks.db), indexes(other.db), `after ${key} = ${value}`);
    }
    // A key renamed by a raw UPDATE that sets the value too, and a delete.
    for (const db of [ks.db, other.db]) {
      db.prepare('UPDATE kv SET key = ?, value = ? WHERE key = ?').run('/registry/pods/b/p9', meta({ labels: { app: 'moved' }, ...owner('rs9') }), '/registry/pods/a/p1');
      db.prepare('DELETE FROM kv WHERE key = ?').run('/registry/replicasets/a/r1');
    }
    assert.deepEqual(indexes(ks.db), indexes(other.db));
    assert.deepEqual(ks.listControlled('/registry/pods/', 'rs9')?.map((r) => r.key), ['/registry/pods/b/p9']);
    other.close();
    ks.close();

    // Opened again, nothing changes; an older kubemu finds both indexes' markers.
    const again = new SqliteKeyspace(path);
    assert.ok(kvTriggers(again.db).includes('kv_indexes_update'));
    again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
