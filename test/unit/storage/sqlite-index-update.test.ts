import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { indexHints } from '../../../src/storage/index-hints.js';
import { type OlderForm, asPreviousKubemuOpens, indexRows, indexesFromValues, toOlderForm } from './older-index-forms.js';

const kvTriggers = (db: Database.Database) =>
  db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'kv' ORDER BY name")
    .all()
    .map((r) => r.name);

const CURRENT_TRIGGERS = [
  'kv_controllers_delete',
  'kv_indexes_insert',
  'kv_indexes_update',
  'kv_labels_delete',
];

/**
 * What kubemu reads through the indexes agrees with the values at once, also right after another
 * program's raw write (whose rows kubemu indexes later: it reads the values meanwhile, or lists
 * where listControlled says undefined); and after kubemu's next write transaction, however empty,
 * the index tables themselves hold what the values say.
 */
function checkIndexes(ks: SqliteKeyspace, what: string): void {
  const want = indexesFromValues(ks.db) as { labels: { key: string; name: string; value: string }[]; controllers: { key: string; uid: string }[] };
  const pairs = new Set(want.labels.map((l) => JSON.stringify([l.name, l.value])));
  pairs.add(JSON.stringify(['app', 'none']));
  for (const pair of pairs) {
    const [name, value] = JSON.parse(pair) as [string, string];
    const keys = want.labels.filter((l) => l.name === name && l.value === value).map((l) => l.key);
    assert.deepEqual(ks.listLabelled('/registry/', name, value).map((kv) => kv.key), keys, `${what}: listLabelled ${pair}`);
    const n = ks.countLabelled('/registry/', name, value);
    if (n !== undefined) assert.equal(n, keys.length, `${what}: countLabelled ${pair}`);
  }
  for (const uid of new Set([...want.controllers.map((c) => c.uid), 'none'])) {
    for (const prefix of ['/registry/pods/', '/registry/replicasets/']) {
      const keys = want.controllers.filter((c) => c.uid === uid && c.key.startsWith(prefix)).map((c) => c.key);
      const got = ks.listControlled(prefix, uid);
      if (got !== undefined) assert.deepEqual(got.map((kv) => kv.key), keys, `${what}: listControlled ${prefix} ${uid}`);
    }
  }
  ks.transaction(() => {});
  assert.deepEqual(indexRows(ks.db), indexesFromValues(ks.db), what);
  assert.equal(ks.db.prepare('SELECT count(*) AS n FROM kv WHERE index_rev IS NOT mod_revision').pluck().get(), 0, `${what}: rows left unindexed`);
}

const meta = (m: Record<string, unknown>, status = 'Running'): { metadata: Record<string, unknown>; status: { phase: string } } => ({
  metadata: { name: 'x', ...m },
  status: { phase: status },
});
const owner = (uid: unknown, controller: unknown = true) => ({ ownerReferences: [{ uid, controller }] });

/** Objects as the API server writes them (with their hints) and as other writers may (raw JSON, other shapes). */
const OBJECTS: [string, unknown][] = [
  ['/registry/pods/a/p1', meta({ labels: { app: 'web' }, ...owner('rs1') })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'web' }, ...owner('rs1') }, 'Succeeded')],
  ['/registry/pods/a/p1', meta({ labels: { app: 'web' }, ...owner('rs1'), annotations: { n: '1' } })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'db' }, ...owner('rs1') })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'db' }, ...owner('rs2') })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'db', tier: 'x' }, ...owner('rs2', false) })],
  ['/registry/pods/a/p1', meta({ labels: { app: 7, b: 'é"\\\n' }, ...owner('rs3') })],
  ['/registry/pods/a/p1', meta({ labels: 'web', ownerReferences: 'rs3' })],
  ['/registry/pods/a/p1', meta({ labels: ['web'], ownerReferences: { uid: 'x', controller: true } })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'web' }, ownerReferences: [{ uid: 'a' }, { uid: 'b', controller: true }] })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'web' }, ownerReferences: [{ uid: 'b', controller: true }, { uid: 'a' }] })],
  ['/registry/pods/a/p1', meta({ labels: null, ownerReferences: [{ uid: '', controller: true }, { uid: 'a', controller: true }] })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'web' }, ownerReferences: [null, 'x', { uid: 'ü', controller: true }] })],
  ['/registry/pods/a/p1', meta({ labels: { app: 'web' }, ownerReferences: [{ uid: 5, controller: true }] })],
  ['/registry/pods/a/p2', meta({ labels: { app: 'web' }, ...owner('rs1') })],
  ['/registry/replicasets/a/r1', meta({ labels: { app: 'web' }, ...owner('d1') })],
  ['/registry/replicasets/a/r1', meta({ labels: { app: 'web' }, ...owner('d2') })],
  ['/registry/replicasets/a/r1', meta({ labels: { app: 'web', v: '2' }, ...owner('d2') })],
  ['/registry/events/a/e1', meta({})],
  ['/registry/events/a/e1', meta({ ...owner('p1') })],
  ['/registry/events/a/e1', meta({ labels: { k: 'v' }, ...owner('p2') })],
  ['/registry/deployments/a/d1', meta({ labels: { app: 'web' } })],
];

/** Every way kubemu and other programs write kv, one after another; the indexes checked against the values after each. */
function writeEverything(ks: SqliteKeyspace, check: (what: string) => void): void {
  const db = ks.db;
  const raw = db.prepare('INSERT INTO kv (key, value, create_revision, mod_revision) VALUES (?, ?, 2, 2) ON CONFLICT(key) DO UPDATE SET value = excluded.value, mod_revision = mod_revision + 1');
  for (const [key, obj] of OBJECTS) {
    // the API server's write: the value and its hints (putKey)
    ks.put(key, JSON.stringify(obj), undefined, indexHints((obj as { metadata: Record<string, unknown> }).metadata));
    check(`api ${key} ${JSON.stringify(obj)}`);
  }
  for (const [key, obj] of OBJECTS) {
    // a put without hints (etcdctl-like, raw JSON)
    ks.put(key, JSON.stringify(obj));
    check(`put ${key} ${JSON.stringify(obj)}`);
  }
  // hinted again, then values that are not JSON, then hinted
  ks.put('/registry/pods/a/p1', JSON.stringify(OBJECTS[0]![1]), undefined, indexHints({ labels: { app: 'web' }, ...owner('rs1') }));
  ks.put('/registry/pods/a/p1', 'not json');
  check('not json');
  ks.put('/registry/pods/a/p1', '{"metadata": {"labels": {"app": "dup", "app": "second"}, "ownerReferences": [{"uid": "u1", "uid": "u2", "controller": true}]}}');
  check('duplicate members');
  ks.put('/registry/pods/a/p1', JSON.stringify(OBJECTS[0]![1]), undefined, indexHints({ labels: { app: 'web' }, ...owner('rs1') }));
  check('hinted after not json');
  // another program's raw UPDATE of the value alone (the hints of the last write stay in their columns) ...
  db.prepare('UPDATE kv SET value = ? WHERE key = ?').run(JSON.stringify(meta({ labels: { app: 'raw' }, ...owner('rsX') })), '/registry/pods/a/p1');
  check('raw update of value');
  // ... then the API server writes what its hints said before the raw write: the indexes must follow
  const back = ks.modRevision('/registry/pods/a/p1');
  db.prepare('UPDATE kv SET mod_revision = ? WHERE key = ?').run(back, '/registry/pods/a/p1');
  ks.put('/registry/pods/a/p1', JSON.stringify(OBJECTS[0]![1]), undefined, indexHints({ labels: { app: 'web' }, ...owner('rs1') }));
  check('hinted after raw update');
  // a raw UPDATE of a hint column alone, then a hinted write with the same facts
  db.prepare("UPDATE kv SET index_labels = '{\"app\":\"lie\"}' WHERE key = ?").run('/registry/pods/a/p1');
  check('raw update of a hint column');
  ks.put('/registry/pods/a/p1', JSON.stringify(meta({ labels: { app: 'lie' }, ...owner('rs1') })), undefined, indexHints({ labels: { app: 'lie' }, ...owner('rs1') }));
  check('hinted after raw hint');
  // raw upserts and inserts of an older kubemu, a renamed key, deletes
  for (const [key, obj] of OBJECTS.slice(0, 6)) {
    raw.run(key, JSON.stringify(obj));
    check(`raw ${key} ${JSON.stringify(obj)}`);
  }
  db.prepare('UPDATE kv SET key = ? WHERE key = ?').run('/registry/pods/b/p9', '/registry/pods/a/p1');
  check('renamed key');
  db.prepare('UPDATE kv SET key = ? WHERE key = ?').run('/registry/events/b/p9', '/registry/pods/b/p9');
  check('renamed out of the controller index');
  ks.delete('/registry/replicasets/a/r1');
  ks.delete('/registry/pods/a/p2');
  db.prepare('DELETE FROM kv WHERE key = ?').run('/registry/deployments/a/d1');
  check('deletes');
  assert.throws(() =>
    ks.transaction(() => {
      ks.put('/registry/pods/a/p5', JSON.stringify(OBJECTS[0]![1]), 0, indexHints({ labels: { app: 'web' }, ...owner('rs1') }));
      throw new Error('rolled back');
    }),
  );
  check('rollback');
}

test('the indexes hold what the values say after every kind of write: hinted, without hints, not JSON, raw SQL, renames, deletes, rollbacks', () => {
  const ks = new SqliteKeyspace(':memory:');
  writeEverything(ks, (what) => checkIndexes(ks, what));
  ks.close();
});

test('a hinted write whose labels and controller are unchanged (a status write) leaves the index rows alone and parses nothing', () => {
  const ks = new SqliteKeyspace(':memory:');
  const o = meta({ labels: { app: 'web' }, ...owner('rs1') });
  ks.put('/registry/pods/a/p1', JSON.stringify(o), 0, indexHints(o.metadata));
  // Index rows replaced would get new b-tree entries: a changed row is visible through a marker column
  // only; instead, fail the statement if the index is touched.
  ks.db.exec("CREATE TRIGGER no_touch BEFORE DELETE ON labels BEGIN SELECT RAISE(ABORT, 'labels touched'); END;");
  ks.db.exec("CREATE TRIGGER no_touch2 BEFORE INSERT ON labels BEGIN SELECT RAISE(ABORT, 'labels touched'); END;");
  for (let i = 0; i < 3; i++) ks.put('/registry/pods/a/p1', JSON.stringify(meta(o.metadata, `phase${i}`)), ks.modRevision('/registry/pods/a/p1'), indexHints(o.metadata));
  ks.db.exec('DROP TRIGGER no_touch; DROP TRIGGER no_touch2;');
  assert.deepEqual(indexRows(ks.db), indexesFromValues(ks.db));
  ks.close();
});

for (const form of ['shared-update', 'own-updates'] as OlderForm[]) {
  test(`a file in an earlier form (${form}) gets the hint columns and triggers at open, keeps its index rows, and indexes every write right`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubemu-idx-'));
    try {
      const path = join(dir, 'c.db');
      const first = new SqliteKeyspace(path);
      first.put('/registry/pods/a/p0', JSON.stringify(meta({ labels: { app: 'old' }, ...owner('rs0') })));
      first.close();
      const older = new Database(path);
      toOlderForm(older, form);
      // written by an older kubemu: no hint columns to fill
      older.prepare('INSERT INTO kv VALUES (?, ?, 3, 3)').run('/registry/pods/a/p1', JSON.stringify(meta({ labels: { app: 'web' }, ...owner('rs1') })));
      older.close();
      const ks = new SqliteKeyspace(path);
      assert.deepEqual(kvTriggers(ks.db), CURRENT_TRIGGERS);
      assert.deepEqual(indexRows(ks.db), indexesFromValues(ks.db));
      assert.equal(indexRows(ks.db).labels.length, 2);
      writeEverything(ks, (what) => checkIndexes(ks, what));
      ks.close();
      const again = new SqliteKeyspace(path);
      assert.deepEqual(kvTriggers(again.db), CURRENT_TRIGGERS);
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test("an older kubemu's writes (no hint columns in its statements) on a converted file are indexed from the value", () => {
  const ks = new SqliteKeyspace(':memory:');
  const o = meta({ labels: { app: 'web' }, ...owner('rs1') });
  ks.put('/registry/pods/a/p1', JSON.stringify(o), 0, indexHints(o.metadata));
  const upsert = ks.db.prepare('INSERT INTO kv (key, value, create_revision, mod_revision) VALUES (?, ?, 1, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, mod_revision = excluded.mod_revision');
  upsert.run('/registry/pods/a/p1', JSON.stringify(meta({ labels: { app: 'db' }, ...owner('rs2') })), 100);
  assert.deepEqual(ks.db.prepare('SELECT index_rev, index_labels, index_controller FROM kv').get(), { index_rev: null, index_labels: null, index_controller: null });
  // read from the values until kubemu's next write transaction indexes the row
  assert.deepEqual(ks.listLabelled('/registry/pods/', 'app', 'db').map((kv) => kv.key), ['/registry/pods/a/p1']);
  assert.deepEqual(ks.listLabelled('/registry/pods/', 'app', 'web'), []);
  assert.equal(ks.listControlled('/registry/pods/', 'rs1'), undefined);
  checkIndexes(ks, 'raw upsert');
  assert.deepEqual(ks.db.prepare('SELECT index_rev, index_labels, index_controller FROM kv').get(), { index_rev: 100, index_labels: '{"app":"db"}', index_controller: 'rs2' });
  // kubemu's next write, with the hints of the first: its rows come back
  ks.put('/registry/pods/a/p1', JSON.stringify(o), undefined, indexHints(o.metadata));
  assert.deepEqual(indexRows(ks.db), indexesFromValues(ks.db));
  assert.deepEqual(ks.listControlled('/registry/pods/', 'rs1')?.map((r) => r.key), ['/registry/pods/a/p1']);
  ks.close();
});

// The previous kubemu refuses a file of schema version 4 (sqlite-schema.ts); its form of the triggers can still
// meet this one in a file (a conversion interrupted, a copy edited by hand): each form indexes every write its way.
test("the previous kubemu's form (value-read triggers) and this one take turns on a file: each indexes every write its way", () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-idx-'));
  try {
    const path = join(dir, 'c.db');
    const first = new SqliteKeyspace(path);
    const o = meta({ labels: { app: 'web' }, ...owner('rs1') });
    first.put('/registry/pods/a/p1', JSON.stringify(o), 0, indexHints(o.metadata));
    first.put('/registry/pods/a/p2', JSON.stringify(o), 0, indexHints(o.metadata));
    first.close();
    // the previous form's conversion and writes: its triggers index every write at once, as they always did,
    // next to the index of unindexed rows left in the file
    const prev = new Database(path);
    asPreviousKubemuOpens(prev);
    const exact = (what: string) => assert.deepEqual(indexRows(prev), indexesFromValues(prev), what);
    prev.prepare('UPDATE kv SET value = ?, mod_revision = 50, index_rev = 50, index_labels = ?, index_controller = ? WHERE key = ?')
      .run(JSON.stringify(meta({ labels: { app: 'db' }, ...owner('rs2') })), '{"app":"db"}', 'rs2', '/registry/pods/a/p1');
    exact('hinted update');
    prev.prepare('INSERT INTO kv (key, value, create_revision, mod_revision) VALUES (?, ?, 51, 51) ON CONFLICT(key) DO UPDATE SET value = excluded.value, mod_revision = excluded.mod_revision')
      .run('/registry/pods/a/p2', JSON.stringify(meta({ labels: { app: 'x' }, ...owner('rs3') })));
    exact('unhinted upsert');
    prev.prepare('INSERT INTO kv (key, value, create_revision, mod_revision) VALUES (?, ?, 52, 52)').run('/registry/pods/a/p3', JSON.stringify(meta({ labels: ['web'], ...owner('rs5') })));
    exact('unhinted insert');
    prev.prepare('UPDATE kv SET value = ? WHERE key = ?').run(JSON.stringify(meta({ labels: { app: 'raw' }, ...owner('rs4') })), '/registry/pods/a/p1');
    exact('raw update');
    prev.prepare('UPDATE kv SET key = ? WHERE key = ?').run('/registry/pods/c/p8', '/registry/pods/a/p1');
    exact('rename');
    prev.close();
    // opened by this kubemu: converted again, every row indexed, and every write indexed its way
    const ks = new SqliteKeyspace(path);
    assert.deepEqual(kvTriggers(ks.db), CURRENT_TRIGGERS);
    assert.equal(ks.db.prepare('SELECT count(*) FROM kv WHERE index_rev IS NOT mod_revision').pluck().get(), 0);
    checkIndexes(ks, 'reopened');
    writeEverything(ks, (what) => checkIndexes(ks, what));
    ks.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no trigger on kv calls an SQL function, so that kubemu\'s writes of kv run without a statement journal', () => {
  const ks = new SqliteKeyspace(':memory:');
  const sql = ks.db.prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'kv'").all();
  assert.deepEqual(sql.map((t) => t.name).sort(), CURRENT_TRIGGERS);
  for (const t of sql) {
    // a name followed by an opening parenthesis is a call, except json_each (a table) and the statements' own syntax
    const calls = [...t.sql.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*\(/g)].map((m) => m[1]!.toLowerCase()).filter((n) => !['json_each', 'and', 'or', 'not', 'in', 'when', 'where', 'values', 'labels', 'controllers', 'kv'].includes(n));
    assert.deepEqual(calls, [], t.name);
  }
  ks.close();
});

test('inside a write transaction, a put without hints is in the indexes for the reads that follow it, before the commit', () => {
  const ks = new SqliteKeyspace(':memory:');
  ks.transaction(() => {
    ks.put('/registry/pods/a/p1', JSON.stringify(meta({ labels: { app: 'web' }, ...owner('rs1') })));
    assert.equal(ks.db.prepare('SELECT count(*) FROM kv WHERE index_rev IS NOT mod_revision').pluck().get(), 1);
    assert.deepEqual(ks.listControlled('/registry/pods/', 'rs1')?.map((kv) => kv.key), ['/registry/pods/a/p1']);
    assert.equal(ks.db.prepare('SELECT count(*) FROM kv WHERE index_rev IS NOT mod_revision').pluck().get(), 0);
    ks.put('/registry/pods/a/p2', JSON.stringify(meta({ labels: { app: 'web' }, ...owner('rs1') })));
    assert.equal(ks.countLabelled('/registry/pods/', 'app', 'web'), 2);
    ks.put('/registry/pods/a/p3', JSON.stringify(meta({ labels: { app: 'web' } })));
  });
  // and the commit left none unindexed
  assert.equal(ks.db.prepare('SELECT count(*) FROM kv WHERE index_rev IS NOT mod_revision').pluck().get(), 0);
  assert.deepEqual(indexRows(ks.db), indexesFromValues(ks.db));
  ks.close();
});
