import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { applyDelta, encodeDelta } from '../../../src/storage/sqlite-log.js';
import { SCHEMA_VERSION } from '../../../src/storage/sqlite-schema.js';

/** A pod-like value: much the same from one write to the next, a few fields apart. */
function pod(name: string, phase: string, note = ''): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels: { app: 'web' }, annotations: { note } },
    spec: { containers: [{ name: 'app', image: 'ghcr.io/example/app:1.0' }], nodeName: phase === 'Pending' ? '' : 'k8s-node-1' },
    status: { phase, conditions: [{ type: 'Ready', status: phase === 'Running' ? 'True' : 'False' }] },
  });
}

interface RawRow {
  revision: number;
  type: string;
  value: string;
  carried: string | Buffer | null;
}

function rawLog(ks: SqliteKeyspace): RawRow[] {
  return ks.db.prepare<[], RawRow>('SELECT revision, type, value, prev_value AS carried FROM log ORDER BY revision').all();
}

test('the log keeps each value once: the current one in kv only, a superseded one in the row that superseded it', () => {
  const ks = new SqliteKeyspace(':memory:');
  const from = ks.revision();
  const writes = [pod('a', 'Pending'), pod('a', 'Pending', 'scheduled 😀'), pod('a', 'Running', '😀 ready'), pod('a', 'Running', 'ü')];
  for (const w of writes) ks.put('/registry/pods/default/a', w);
  ks.put('/registry/events/default/e1', '{"reason":"Scheduled"}');
  ks.put('/registry/configmaps/default/c', 'x');
  ks.put('/registry/configmaps/default/c', 'y');
  ks.delete('/registry/pods/default/a');

  const rows = rawLog(ks);
  assert.deepEqual(
    rows.map((r) => r.value),
    rows.map(() => ''),
    'no row holds the value it wrote',
  );
  // creations carry nothing; each later PUT carries the value before it; the DELETE the deleted value
  assert.deepEqual(
    rows.map((r) => (r.carried === null ? null : typeof r.carried)),
    [null, 'object', 'object', 'object', null, null, 'string', 'string'],
  );
  assert.equal(rows[7]!.carried, writes[3], 'the DELETE keeps the deleted value in full');

  const events = ks.changesSince(from);
  assert.deepEqual(
    events.map((e) => [e.type, e.kv.value, e.deletedValue]),
    [
      ['PUT', writes[0], undefined],
      ['PUT', writes[1], undefined],
      ['PUT', writes[2], undefined],
      ['PUT', writes[3], undefined],
      ['PUT', '{"reason":"Scheduled"}', undefined],
      ['PUT', 'x', undefined],
      ['PUT', 'y', undefined],
      ['DELETE', '', writes[3]],
    ],
  );
  // every revision alone, from its own read (no memo shared with the others)
  for (const [i, w] of writes.entries()) assert.equal(ks.valueAt('/registry/pods/default/a', from + 1 + i), w);
  for (let i = 0; i < writes.length; i++) {
    assert.equal(ks.changesSince(from + i, '/registry/pods/', 1)[0]?.kv.value, writes[i]);
  }
  assert.equal(ks.valueAt('/registry/pods/default/b', from + 1), undefined, 'a revision of another key');
});

test('a superseded value is kept as its difference from the next one, a few bytes for a changed field', () => {
  const ks = new SqliteKeyspace(':memory:');
  const before = pod('web-1', 'Pending', 'x'.repeat(2000));
  ks.put('/registry/pods/default/web-1', before);
  ks.put('/registry/pods/default/web-1', pod('web-1', 'Running', 'x'.repeat(2000)));
  const carried = rawLog(ks)[1]!.carried;
  assert.ok(Buffer.isBuffer(carried));
  assert.ok(carried.length < 200, `${before.length} characters kept as ${carried.length} bytes`);
  assert.equal(ks.changesSince(1)[0]?.kv.value, before);
});

test('a PUT after compaction dropped the previous write carries nothing; the rows after it still read', () => {
  const ks = new SqliteKeyspace(':memory:');
  const k = '/registry/pods/default/a';
  ks.put(k, pod('a', 'Pending'));
  const r2 = ks.put(k, pod('a', 'Pending', 'one'));
  ks.put(k, pod('a', 'Running', 'two'));
  ks.compact(r2);
  assert.deepEqual(
    ks.changesSince(r2).map((e) => e.kv.value),
    [pod('a', 'Running', 'two')],
  );
  const r4 = ks.put(k, pod('a', 'Running', 'three'));
  ks.compact(r4 - 1);
  const r5 = ks.put(k, pod('a', 'Running', 'four'));
  assert.equal(rawLog(ks).find((r) => r.revision === r5)?.carried !== null, true, 'r4 is in the log: r5 carries it');
  ks.compact(r5);
  ks.put(k, pod('a', 'Running', 'five'));
  assert.equal(rawLog(ks).at(-1)?.carried, null, 'r5 was compacted: nothing to carry');
  assert.deepEqual(
    ks.changesSince(r5).map((e) => e.kv.value),
    [pod('a', 'Running', 'five')],
  );
});

test('another connection reads the values a writer superseded after it last looked', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-log-'));
  try {
    const path = join(dir, 'cluster.db');
    const writer = new SqliteKeyspace(path);
    const reader = new SqliteKeyspace(path);
    const k = '/registry/pods/default/a';
    const from = writer.revision();
    writer.put(k, pod('a', 'Pending'));
    assert.deepEqual(
      reader.changesSince(from).map((e) => e.kv.value),
      [pod('a', 'Pending')],
    );
    writer.put(k, pod('a', 'Running'));
    writer.put(k, pod('a', 'Running', 'later'));
    assert.deepEqual(
      reader.changesSince(from).map((e) => e.kv.value),
      [pod('a', 'Pending'), pod('a', 'Running'), pod('a', 'Running', 'later')],
    );
    reader.close();
    writer.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a file of schema version 2, whose PUT rows hold their values, is migrated and reads across old and new rows', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-log-'));
  try {
    const path = join(dir, 'v2.db');
    const k = '/registry/pods/default/a';
    const v1 = pod('a', 'Pending');
    const v2 = pod('a', 'Pending', 'scheduled');
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.exec(`
      CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, create_revision INTEGER NOT NULL, mod_revision INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE log (revision INTEGER PRIMARY KEY, key TEXT NOT NULL, type TEXT NOT NULL, value TEXT NOT NULL, create_revision INTEGER NOT NULL, prev_value TEXT, prev_mod_revision INTEGER, time_ms INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    `);
    db.prepare("INSERT INTO log VALUES (2, ?, 'PUT', ?, 2, NULL, NULL, 0), (3, ?, 'PUT', ?, 2, NULL, 2, 0)").run(k, v1, k, v2);
    db.prepare('INSERT INTO kv VALUES (?, ?, 2, 3)').run(k, v2);
    db.prepare("INSERT INTO meta VALUES ('revision', '3')").run();
    db.pragma('application_id = 0x6b75626d');
    db.pragma('user_version = 2');
    db.close();

    const ks = new SqliteKeyspace(path);
    assert.equal(ks.db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    const v3 = pod('a', 'Running', 'scheduled');
    const v4 = pod('a', 'Running', 'ready');
    ks.put(k, v3);
    ks.put(k, v4);
    assert.deepEqual(
      ks.changesSince(1).map((e) => e.kv.value),
      [v1, v2, v3, v4],
    );
    assert.equal(ks.valueAt(k, 3), v2);
    assert.equal(ks.valueAt(k, 4), v3);
    ks.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a delta gives back exactly the value it was made from, surrogate pairs and all', () => {
  const base = `{"a":"${'x'.repeat(100)}😀","b":"😀${'y'.repeat(100)}"}`;
  const cases = [
    base,
    base.replace('😀","b"', '😃","b"'), // differs in the low half of a pair right after the shared prefix
    base.replace('"b":"😀', '"b":"😃'),
    base.slice(0, 50) + base.slice(60),
    base + 'tail',
    'head' + base,
    '',
    'short',
  ];
  for (const old of cases) {
    const delta = encodeDelta(old, base);
    if (delta === undefined) continue;
    assert.equal(applyDelta(delta, base), old);
  }
  assert.equal(encodeDelta('short', base), undefined, 'too little shared: kept in full');
  assert.ok((encodeDelta(cases[1]!, base)?.length ?? Infinity) < 20);
});

test('compaction also drops the values later rows carried for the compacted writes; DELETEs keep theirs', () => {
  const ks = new SqliteKeyspace(':memory:');
  const a = '/registry/pods/default/a';
  const b = '/registry/pods/default/b';
  ks.put(a, pod('a', 'Pending'));
  ks.put(b, pod('b', 'Pending'));
  const upTo = ks.revision();
  const ra = ks.put(a, pod('a', 'Running'));
  const rb = ks.delete(b)!;
  const ra2 = ks.put(a, pod('a', 'Running', 'later'));
  ks.compact(upTo);
  const rows = rawLog(ks);
  assert.deepEqual(
    rows.map((r) => [r.revision, r.carried === null ? null : typeof r.carried]),
    [
      [ra, null],
      [rb, 'string'],
      [ra2, 'object'],
    ],
  );
  assert.deepEqual(
    ks.changesSince(upTo).map((e) => [e.type, e.kv.value, e.deletedValue]),
    [
      ['PUT', pod('a', 'Running'), undefined],
      ['DELETE', '', pod('b', 'Pending')],
      ['PUT', pod('a', 'Running', 'later'), undefined],
    ],
  );
  assert.equal(ks.valueAt(a, upTo - 1), undefined);
  assert.equal(ks.valueAt(a, ra), pod('a', 'Running'));
});

test('writes with a precondition keep each value once too, and every revision reads back its own value', () => {
  const ks = new SqliteKeyspace(':memory:');
  // create without a precondition, create with one (0), update with one, update without
  const r1 = ks.put('/registry/pods/default/a', pod('a', 'Pending'));
  const r2 = ks.put('/registry/pods/default/b', pod('b', 'Pending'), 0);
  const r3 = ks.put('/registry/pods/default/a', pod('a', 'Running'), r1);
  const r4 = ks.put('/registry/pods/default/b', pod('b', 'Running'), r2);
  const r5 = ks.put('/registry/pods/default/a', pod('a', 'Succeeded'), r3);
  const r6 = ks.put('/registry/pods/default/b', pod('b', 'Failed'));
  assert.deepEqual(
    ks.changesSince(r1 - 1, '/registry/pods/').map((e) => [e.kv.modRevision, e.kv.value]),
    [
      [r1, pod('a', 'Pending')],
      [r2, pod('b', 'Pending')],
      [r3, pod('a', 'Running')],
      [r4, pod('b', 'Running')],
      [r5, pod('a', 'Succeeded')],
      [r6, pod('b', 'Failed')],
    ],
  );
  assert.equal(ks.valueAt('/registry/pods/default/a', r3), pod('a', 'Running'));
  // No row holds a full copy of a value that is a key's current one or that the next write carries.
  for (const row of rawLog(ks)) assert.equal(row.value, '', `row ${row.revision} holds its value`);
  assert.throws(() => ks.put('/registry/pods/default/a', pod('a', 'x'), 0), /exists|mismatch|revision/i);
});
