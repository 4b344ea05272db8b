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

test('every 5 minutes of cluster time the compactor drops the log written an interval or more ago', () => {
  assert.equal(COMPACTION_INTERVAL_MS, 5 * MIN); // kube-apiserver's --etcd-compaction-interval default
  withStore((s) => {
    let t = 0;
    s.setTimeSource(() => t);
    const tick = (now: number, keep = Number.MAX_SAFE_INTEGER) => s.transaction(() => compactIfDue(s, now, () => keep));
    for (let i = 0; i < 10; i++) s.put(`/registry/a/${i}`, 'x');
    const r1 = s.revision();
    assert.equal(tick(0), undefined, 'nothing is an interval old yet');
    t = 3 * MIN;
    for (let i = 0; i < 10; i++) s.put(`/registry/b/${i}`, 'x');
    const r2 = s.revision();
    assert.equal(tick(4 * MIN), undefined, 'within the interval since the last tick: no tick');
    assert.equal(s.compactedRevision(), 0);
    assert.equal(tick(5 * MIN), r1, 'what was written by 19:00 goes at 19:05');
    assert.equal(s.changesSince(r1).length, 10, 'the last interval stays');
    assert.throws(() => s.changesSince(r1 - 1), RevisionCompacted);
    // Days without a step: the next one ticks once, and drops everything written before its interval.
    t = 3 * 24 * 60 * MIN;
    s.put('/registry/c/0', 'x');
    assert.equal(tick(t), r2);
    assert.equal(s.changesSince(r2).length, 1);
  });
});

test('the compactor never compacts past what an informer has not seen', () => {
  withStore((s) => {
    const tick = (now: number, keep: number) => s.transaction(() => compactIfDue(s, now, () => keep));
    for (let i = 0; i < 10; i++) s.put(`/registry/a/${i}`, 'x');
    const cursor = s.revision() - 5; // an informer that has not seen the last five writes
    assert.equal(tick(5 * MIN, cursor), cursor);
    assert.equal(s.changesSince(cursor, '/registry/a/').length, 5);
  });
});
