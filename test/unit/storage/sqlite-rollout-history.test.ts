import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { SqliteRolloutHistory } from '../../../src/storage/sqlite-rollout-history.js';
import { SCHEMA_VERSION } from '../../../src/storage/sqlite-schema.js';
import type { HistoryRow } from '../../../src/storage/rollout-history.js';

function row(deploymentUid: string, revision: number, resource = 'deployments'): Omit<HistoryRow, 'seq'> {
  return { deploymentUid, revision, timeMs: revision * 1000, resource, namespace: 'default', name: 'web', uid: resource === 'deployments' ? deploymentUid : `rs-${deploymentUid}`, type: 'MODIFIED', summary: `{"n":${revision}}` };
}

test('rows are numbered per Deployment; a ReplicaSet row only for a Deployment already recorded; a drop takes them all', () => {
  const ks = new SqliteKeyspace(':memory:');
  const h = ks.history;
  assert.equal(h.append(row('A', 2, 'replicasets'), true), false);
  assert.equal(h.append(row('A', 3), false), true);
  assert.equal(h.append(row('B', 4), false), true);
  assert.equal(h.append(row('A', 5, 'replicasets'), true), true);
  assert.deepEqual(h.rows('A').map((r) => [r.seq, r.revision, r.resource, r.uid, r.summary]), [
    [1, 3, 'deployments', 'A', '{"n":3}'],
    [2, 5, 'replicasets', 'rs-A', '{"n":5}'],
  ]);
  h.drop('A');
  assert.deepEqual(h.rows('A'), []);
  assert.equal(h.rows('B').length, 1);
  // dropped: its ReplicaSets' later writes are recorded nowhere
  assert.equal(h.append(row('A', 6, 'replicasets'), true), false);
  ks.close();
});

test('each Deployment keeps its last rows, trimmed in steps', () => {
  const ks = new SqliteKeyspace(':memory:');
  const h = new SqliteRolloutHistory(ks.db, { keep: 10, step: 4 });
  for (let r = 1; r <= 23; r++) h.append(row('A', r), false);
  h.append(row('B', 100), false);
  // trimmed at 12 (to 3..12), 16 (7..16), 20 (11..20); 21..23 added since
  assert.deepEqual(h.rows('A').map((r) => r.seq), [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
  assert.deepEqual(h.rows('B').map((r) => r.seq), [1]);
  ks.close();
});

test('a version-4 file gets the history table at its first writable open; read-only it reads as no history', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-history-'));
  try {
    const path = join(dir, 'v4.db');
    const ks = new SqliteKeyspace(path);
    ks.put('/registry/configmaps/default/a', '{}');
    ks.close();
    const raw = new Database(path);
    raw.exec('DROP TABLE rollout_history');
    raw.pragma('user_version = 4');
    raw.close();

    const ro = new Database(path, { readonly: true, fileMustExist: true });
    const none = new SqliteRolloutHistory(ro);
    assert.deepEqual(none.rows('A'), []);
    assert.equal(none.append(row('A', 9), false), false);
    ro.close();

    const upgraded = new SqliteKeyspace(path);
    assert.equal(upgraded.db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    assert.equal(SCHEMA_VERSION, 5);
    assert.equal(upgraded.get('/registry/configmaps/default/a')?.value, '{}');
    upgraded.transaction(() => upgraded.history.append(row('A', 3), false));
    assert.equal(upgraded.history.rows('A').length, 1);
    upgraded.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
