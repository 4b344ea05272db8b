import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { RevisionCompacted, RevisionMismatch } from '../../../src/storage/keyspace.js';

test('every write takes the next global revision; reads see the latest value', () => {
  const ks = new SqliteKeyspace(':memory:');
  assert.equal(ks.revision(), 1);
  assert.equal(ks.put('/registry/a', '1'), 2);
  assert.equal(ks.put('/registry/b', '2'), 3);
  assert.equal(ks.put('/registry/a', '3'), 4);
  assert.deepEqual(ks.get('/registry/a'), { key: '/registry/a', value: '3', createRevision: 2, modRevision: 4 });
  assert.equal(ks.delete('/registry/b'), 5);
  assert.equal(ks.get('/registry/b'), undefined);
  assert.equal(ks.delete('/registry/b'), undefined);
  assert.equal(ks.revision(), 5);
});

test('list returns keys under a prefix in key order, not neighbours', () => {
  const ks = new SqliteKeyspace(':memory:');
  for (const k of ['/registry/pods/default/b', '/registry/pods/default/a', '/registry/pods/defaultx/c', '/registry/podsx/d']) {
    ks.put(k, k);
  }
  assert.deepEqual(
    ks.list('/registry/pods/default/').map((kv) => kv.key),
    ['/registry/pods/default/a', '/registry/pods/default/b'],
  );
  assert.equal(ks.list('/registry/pods/').length, 3);
});

test('a write with a stale modRevision fails and changes nothing', () => {
  const ks = new SqliteKeyspace(':memory:');
  const r1 = ks.put('/k', 'v1', 0);
  assert.throws(() => ks.put('/k', 'v0', 0), RevisionMismatch);
  ks.put('/k', 'v2', r1);
  assert.throws(() => ks.put('/k', 'v3', r1), RevisionMismatch);
  assert.equal(ks.get('/k')?.value, 'v2');
  assert.throws(() => ks.delete('/k', r1), RevisionMismatch);
  assert.equal(ks.get('/k')?.value, 'v2');
});

test('changesSince lists PUT and DELETE events with previous values, by prefix', () => {
  const ks = new SqliteKeyspace(':memory:');
  const start = ks.revision();
  ks.put('/registry/pods/default/a', 'A1');
  ks.put('/registry/other/x', 'X');
  ks.put('/registry/pods/default/a', 'A2');
  ks.delete('/registry/pods/default/a');
  const ev = ks.changesSince(start, '/registry/pods/');
  assert.deepEqual(
    ev.map((e) => [
      e.type,
      e.kv.key,
      e.kv.value,
      e.deletedValue ?? (e.prevModRevision === undefined ? undefined : ks.valueAt(e.kv.key, e.prevModRevision)),
    ]),
    [
      ['PUT', '/registry/pods/default/a', 'A1', undefined],
      ['PUT', '/registry/pods/default/a', 'A2', 'A1'],
      ['DELETE', '/registry/pods/default/a', '', 'A2'],
    ],
  );
  assert.equal(ks.changesSince(start).length, 4);
});

test('compaction drops old log entries and refuses reads before it', () => {
  const ks = new SqliteKeyspace(':memory:');
  ks.put('/a', '1');
  const r = ks.put('/a', '2');
  ks.put('/a', '3');
  ks.compact(r);
  assert.throws(() => ks.changesSince(r - 1), RevisionCompacted);
  assert.deepEqual(
    ks.changesSince(r).map((e) => e.kv.value),
    ['3'],
  );
  assert.equal(ks.get('/a')?.value, '3');
});

test('a transaction that throws leaves nothing written', () => {
  const ks = new SqliteKeyspace(':memory:');
  const before = ks.revision();
  assert.throws(() =>
    ks.transaction(() => {
      ks.put('/a', '1');
      ks.put('/b', '2');
      throw new Error('boom');
    }),
  );
  assert.equal(ks.revision(), before);
  assert.equal(ks.get('/a'), undefined);
});

test('a new cluster file is created with mode 0600 in a 0700 directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-ks-'));
  try {
    const path = join(dir, 'sub', 'cluster.db');
    const ks = new SqliteKeyspace(path);
    ks.put('/a', '1');
    ks.close();
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.equal(statSync(join(dir, 'sub')).mode & 0o777, 0o700);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a cluster file from before the log had times is migrated in place', async () => {
  const { default: Database } = await import('better-sqlite3');
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-ks-'));
  try {
    const path = join(dir, 'old.db');
    const db = new Database(path);
    db.exec(
      'CREATE TABLE log (revision INTEGER PRIMARY KEY, key TEXT NOT NULL, type TEXT NOT NULL, value TEXT NOT NULL, create_revision INTEGER NOT NULL, prev_value TEXT, prev_mod_revision INTEGER);' +
        "INSERT INTO log VALUES (2, '/a', 'PUT', 'v', 2, NULL, NULL);" +
        'CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;' +
        "INSERT INTO meta VALUES ('revision', '2');",
    );
    db.close();
    const ks = new SqliteKeyspace(path);
    ks.setTimeSource(() => 1234);
    ks.put('/b', 'w');
    assert.deepEqual(
      ks.changesSince(0).map((e) => [e.kv.key, e.timeMs]),
      [
        ['/a', 0],
        ['/b', 1234],
      ],
    );
    ks.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the log is stamped with a cluster time that never decreases with revision', () => {
  const ks = new SqliteKeyspace(':memory:');
  let t = 10_000;
  ks.setTimeSource(() => t);
  const from = ks.revision();
  ks.put('/registry/a', '1');
  t = 4_000; // a catch-up replaying an earlier instant
  ks.put('/registry/b', '2');
  ks.delete('/registry/a');
  t = 12_000;
  ks.put('/registry/c', '3');
  assert.deepEqual(ks.changesSince(from).map((e) => e.timeMs), [10_000, 10_000, 10_000, 12_000]);
});

test('changesSince up to a time stops at the first row written later, even in a log out of time order', () => {
  const ks = new SqliteKeyspace(':memory:');
  const from = ks.revision();
  let t = 0;
  ks.setTimeSource(() => t);
  for (const [key, ms] of [['/registry/a', 100], ['/registry/b', 500], ['/registry/c', 200], ['/registry/d', 300]] as const) {
    t = ms;
    ks.put(key, 'v');
  }
  // A file written by an older kubemu: rows out of time order (b at 500 before c at 200).
  ks.db.prepare("UPDATE log SET time_ms = CASE key WHEN '/registry/c' THEN 200 WHEN '/registry/d' THEN 300 ELSE time_ms END").run();
  assert.deepEqual(ks.changesSince(from, '/registry/', undefined, 400).map((e) => e.kv.key), ['/registry/a']);
  assert.deepEqual(ks.changesSince(from, '/registry/c', undefined, 400).map((e) => e.kv.key), [], 'b, under no prefix asked for, still bounds c');
  assert.deepEqual(ks.changesSince(from, '/registry/', undefined, 500).map((e) => e.kv.key), ['/registry/a', '/registry/b', '/registry/c', '/registry/d']);
  assert.deepEqual(ks.changesSince(from).length, 4);
});

test('a create does not read the key first, an update reads its revisions and value once (none after its own write); a failed one says the revision the key has', () => {
  const ks = new SqliteKeyspace(':memory:');
  const stmts = (ks as unknown as { stmts: { revsValue: { get: (...a: unknown[]) => unknown } } }).stmts;
  let revisionReads = 0;
  const get = stmts.revsValue.get.bind(stmts.revsValue);
  stmts.revsValue.get = (...a: unknown[]) => (revisionReads++, get(...a));
  const r1 = ks.put('/k', 'v1', 0);
  assert.equal(revisionReads, 0);
  // The update's log row takes the superseded value over from kv before kv is overwritten.
  // This connection wrote the key last and nobody wrote since: its journal knows kv's row.
  const r2 = ks.put('/k', 'v2', r1);
  assert.equal(revisionReads, 0);
  assert.equal(ks.valueAt('/k', r1), 'v1');
  assert.deepEqual(ks.get('/k'), { key: '/k', value: 'v2', createRevision: r1, modRevision: r2 });
  const [created, updated] = ks.changesSince(0, '/k');
  assert.equal(created?.prevModRevision, undefined);
  assert.equal(updated?.prevModRevision, r1);
  assert.throws(() => ks.put('/k', 'v3', r1), (e: unknown) => e instanceof RevisionMismatch && e.actual === r2 && e.expected === r1);
  assert.throws(() => ks.put('/k', 'v3', 0), (e: unknown) => e instanceof RevisionMismatch && e.actual === r2);
  assert.throws(() => ks.put('/other', 'v', 5), (e: unknown) => e instanceof RevisionMismatch && e.actual === 0);
  assert.equal(ks.revision(), r2, 'a refused write takes no revision');
  assert.equal(ks.get('/k')?.value, 'v2');
  assert.equal(ks.get('/other'), undefined);
  // A refused write outside a transaction rolled its own back: the journal knows nothing then, one lookup.
  const reads = revisionReads;
  const r3 = ks.put('/k', 'v4', r2);
  assert.equal(revisionReads, reads + 1);
  assert.equal(ks.valueAt('/k', r2), 'v2');
  assert.equal(ks.get('/k')?.modRevision, r3);
});
