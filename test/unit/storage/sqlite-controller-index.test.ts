import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { toOlderForm } from './older-index-forms.js';

type Ref = { uid?: unknown; controller?: unknown };
const obj = (refs: Ref[] | undefined, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ metadata: { name: 'p', ...(refs ? { ownerReferences: refs } : {}) }, ...extra });

const controlled = (ks: SqliteKeyspace, prefix: string, uid: string) => ks.listControlled(prefix, uid)?.map((kv) => kv.key);

test('listControlled follows every write: create, a controller changed, a status write, a delete, a rollback', () => {
  const ks = new SqliteKeyspace(':memory:');
  ks.put('/registry/pods/a/p1', obj([{ uid: 'rs1', controller: true }]));
  ks.put('/registry/pods/a/p2', obj([{ uid: 'rs1' }, { uid: 'rs2', controller: true }]));
  ks.put('/registry/pods/b/p3', obj([{ uid: 'rs1', controller: true }]));
  ks.put('/registry/pods/a/p4', obj(undefined));
  // Only a reference with controller: true counts (not a truthy non-boolean), and only the first.
  ks.put('/registry/pods/a/p5', obj([{ uid: 'rs1', controller: 1 }]));
  ks.put('/registry/pods/a/p6', obj([{ uid: 'rs2', controller: true }, { uid: 'rs1', controller: true }]));
  assert.deepEqual(controlled(ks, '/registry/pods/', 'rs1'), ['/registry/pods/a/p1', '/registry/pods/b/p3']);
  assert.deepEqual(controlled(ks, '/registry/pods/a/', 'rs1'), ['/registry/pods/a/p1']);
  assert.deepEqual(controlled(ks, '/registry/pods/', 'rs2'), ['/registry/pods/a/p2', '/registry/pods/a/p6']);
  ks.put('/registry/pods/a/p1', obj([{ uid: 'rs1', controller: true }], { status: { phase: 'Running' } }));
  assert.match(ks.listControlled('/registry/pods/', 'rs1')![0]!.value, /Running/);
  ks.put('/registry/pods/a/p1', obj([{ uid: 'rs1' }]));
  ks.put('/registry/pods/a/p4', obj([{ uid: 'rs1', controller: true }]));
  assert.deepEqual(controlled(ks, '/registry/pods/', 'rs1'), ['/registry/pods/a/p4', '/registry/pods/b/p3']);
  ks.delete('/registry/pods/b/p3');
  assert.deepEqual(controlled(ks, '/registry/pods/', 'rs1'), ['/registry/pods/a/p4']);
  assert.throws(() =>
    ks.transaction(() => {
      ks.put('/registry/pods/a/p7', obj([{ uid: 'rs1', controller: true }]));
      assert.deepEqual(controlled(ks, '/registry/pods/', 'rs1'), ['/registry/pods/a/p4', '/registry/pods/a/p7'], 'seen inside the transaction');
      throw new Error('rolled back');
    }),
  );
  assert.deepEqual(controlled(ks, '/registry/pods/', 'rs1'), ['/registry/pods/a/p4']);
  // Only pods and ReplicaSets are indexed: elsewhere the store cannot tell (the caller lists).
  ks.put('/registry/replicasets/a/r1', obj([{ uid: 'd1', controller: true }]));
  ks.put('/registry/events/a/e1', obj([{ uid: 'd1', controller: true }]));
  assert.deepEqual(controlled(ks, '/registry/replicasets/', 'd1'), ['/registry/replicasets/a/r1']);
  assert.equal(ks.listControlled('/registry/events/', 'd1'), undefined);
  assert.equal(ks.listControlled('/registry/', 'd1'), undefined);
  ks.close();
});

test('a file written before the controller index gets one filled from its values at open', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-ctl-'));
  try {
    const path = join(dir, 'c.db');
    const ks = new SqliteKeyspace(path);
    ks.put('/registry/pods/a/p1', obj([{ uid: 'rs1', controller: true }]));
    ks.put('/registry/pods/a/p2', obj([{ uid: 'rs2', controller: true }, { uid: 'rs1', controller: true }]));
    ks.put('/registry/pods/a/p3', obj([{ uid: 'rs1', controller: 'yes' }, { uid: 'rs1', controller: true }]));
    ks.close();
    // As a kubemu with the label index alone left it.
    const db = new Database(path);
    toOlderForm(db, 'labels-only');
    db.close();
    const again = new SqliteKeyspace(path);
    assert.deepEqual(controlled(again, '/registry/pods/', 'rs1'), ['/registry/pods/a/p1', '/registry/pods/a/p3']);
    assert.deepEqual(controlled(again, '/registry/pods/', 'rs2'), ['/registry/pods/a/p2']);
    again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
