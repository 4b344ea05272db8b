import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { OwnWrites } from '../../../src/storage/own-writes.js';

// The rows a put finds the superseded value in without asking kv (SqliteKeyspace.readRows, the
// journal's latest writes): never one that changed since.

function withFile(fn: (path: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-read-rows-'));
  try {
    fn(join(dir, 'c.db'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const KEY = '/registry/pods/default/p';
/** values sharing most of their text, so that a superseded one is kept as a delta */
const value = (n: number) => JSON.stringify({ metadata: { name: 'p' }, spec: { x: 'y'.repeat(200) }, status: { n } });

test('a row read before another connection wrote the key is not what the next write replaces', () => {
  withFile((path) => {
    const a = new SqliteKeyspace(path);
    const b = new SqliteKeyspace(path);
    const r1 = a.put(KEY, value(1));
    b.put('/registry/other', 'x');
    assert.equal(a.get(KEY)?.modRevision, r1);
    const r2 = b.put(KEY, value(2), r1);
    // The precondition is checked against b's write, and b's value is what the log keeps for r2.
    const r3 = a.put(KEY, value(3), r2);
    assert.equal(a.valueAt(KEY, r2), value(2));
    assert.equal(b.valueAt(KEY, r2), value(2));
    assert.equal(a.get(KEY)?.createRevision, r1);
    // The same for a delete.
    assert.equal(a.get(KEY)?.modRevision, r3);
    const r4 = b.put(KEY, value(4), r3);
    a.delete(KEY, r4);
    assert.equal(a.valueAt(KEY, r4), value(4));
    assert.deepEqual(
      a.changesSince(r4, '/registry/pods/').map((e) => [e.type, e.prevModRevision]),
      [['DELETE', r4]],
    );
    a.close();
    b.close();
  });
});

test('a row read inside a transaction that was rolled back is not what the next write replaces', () => {
  withFile((path) => {
    const a = new SqliteKeyspace(path);
    const r1 = a.put(KEY, value(1));
    assert.throws(() =>
      a.transaction(() => {
        a.put(KEY, value(2), r1);
        assert.equal(a.get(KEY)?.value, value(2));
        throw new Error('undone');
      }),
    );
    const r2 = a.put(KEY, value(3), r1);
    assert.equal(a.valueAt(KEY, r1), value(1));
    assert.equal(a.valueAt(KEY, r2), value(3));
    a.close();
    const again = new SqliteKeyspace(path);
    assert.equal(again.valueAt(KEY, r1), value(1));
    again.close();
  });
});

test("the journal knows the last write of more keys than one step of the 10,000-pod cluster writes", () => {
  const own = new OwnWrites();
  const n = 20_000;
  for (let i = 0; i < n; i++) {
    own.record({ revision: i + 1, key: `/k/${i}`, type: 'PUT', value: 'v', createRevision: i + 1, prevModRevision: null, timeMs: 0 });
  }
  assert.equal(own.current('/k/0', n)?.revision, 1);
});

test('the journal forgets the oldest last writes beyond 64 MiB of their values', () => {
  const own = new OwnWrites();
  const big = 'x'.repeat(1 << 20);
  for (let i = 0; i < 80; i++) {
    own.record({ revision: i + 1, key: `/k/${i}`, type: 'PUT', value: big, createRevision: i + 1, prevModRevision: null, timeMs: 0 });
  }
  assert.equal(own.current('/k/0', 80), undefined);
  assert.equal(own.current('/k/79', 80)?.revision, 80);
});
