import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { COMPACTION_INTERVAL_MS, compactIfDue } from '../../../src/apiserver/compactor.js';
import { RevisionCompacted } from '../../../src/storage/keyspace.js';

const MIN = 60_000;

function withStore(fn: (s: SqliteKeyspace) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-compactor-'));
  const s = new SqliteKeyspace(join(dir, 'c.db'));
  try {
    fn(s);
  } finally {
    s.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the compactor ticks every 5 minutes of cluster time and compacts to the revision of its previous tick', () => {
  assert.equal(COMPACTION_INTERVAL_MS, 5 * MIN); // kube-apiserver's --etcd-compaction-interval default
  withStore((s) => {
    const tick = (now: number, keep = Number.MAX_SAFE_INTEGER) => s.transaction(() => compactIfDue(s, now, keep));
    for (let i = 0; i < 10; i++) s.put(`/registry/a/${i}`, 'x');
    const r1 = s.revision();
    assert.equal(tick(0), undefined, 'no compaction on the first tick (bootstrap)');
    for (let i = 0; i < 10; i++) s.put(`/registry/b/${i}`, 'x');
    const r2 = s.revision();
    assert.equal(tick(4 * MIN), undefined, 'within the interval: nothing');
    assert.equal(s.compactedRevision(), 0);
    assert.equal(tick(5 * MIN), r1, 'the next tick compacts to what the first one saw');
    assert.equal(s.changesSince(r1).length, 10, 'the last interval stays');
    assert.throws(() => s.changesSince(r1 - 1), RevisionCompacted);
    // Days without a step: the next one ticks once, and compacts to the previous tick's revision.
    assert.equal(tick(3 * 24 * 60 * MIN), r2);
    assert.equal(s.changesSince(r2).length, 0);
  });
});

test('the compactor never compacts past what an informer has not seen', () => {
  withStore((s) => {
    const tick = (now: number, keep: number) => s.transaction(() => compactIfDue(s, now, keep));
    for (let i = 0; i < 10; i++) s.put(`/registry/a/${i}`, 'x');
    tick(0, 0);
    const cursor = s.revision() - 5; // an informer that has not seen the last five writes
    for (let i = 0; i < 10; i++) s.put(`/registry/b/${i}`, 'x');
    assert.equal(tick(5 * MIN, cursor), cursor);
    assert.equal(s.changesSince(cursor, '/registry/a/').length, 5);
  });
});
