import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { type KeyEvent, RevisionMismatch } from '../../../src/storage/keyspace.js';

function withFile(fn: (path: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-own-'));
  try {
    fn(join(dir, 'c.db'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PREFIXES = ['', '/registry/', '/registry/pods/', '/registry/pods/default/', '/registry/events/', '/none/'];

/** Every changesSince a reader may ask, from the writer (its journal where it covers) and from a second connection (the log only). */
function assertSameChanges(writer: SqliteKeyspace, reader: SqliteKeyspace, from: number): void {
  const to = writer.revision();
  for (let after = from; after <= to; after++) {
    for (const prefix of PREFIXES) {
      for (const limit of [undefined, 1, 3]) {
        for (const until of [undefined, 0, 1000, 1500, 2000, 5000]) {
          const what = `after ${after} prefix ${prefix} limit ${limit} until ${until}`;
          assert.deepEqual(writer.changesSince(after, prefix, limit, until), reader.changesSince(after, prefix, limit, until), what);
        }
      }
      assert.deepEqual(writer.firstChangeAfter(after, [prefix]), reader.firstChangeAfter(after, [prefix]), `first after ${after} ${prefix}`);
    }
    assert.deepEqual(
      writer.firstChangeAfter(after, ['/registry/events/', '/registry/pods/']),
      reader.firstChangeAfter(after, ['/registry/events/', '/registry/pods/']),
    );
  }
}

test("the change feed of a connection's own writes is what the revision log holds", () => {
  withFile((path) => {
    const a = new SqliteKeyspace(path);
    const b = new SqliteKeyspace(path);
    let t = 1000;
    a.setTimeSource(() => t);
    b.setTimeSource(() => t);
    const start = a.revision();
    a.transaction(() => {
      a.put('/registry/pods/default/p1', '{"v":1}', 0);
      a.put('/registry/events/default/e1', '{"e":1}');
      t = 1500;
      const r = a.put('/registry/pods/default/p1', '{"v":2}', a.modRevision('/registry/pods/default/p1'));
      a.put('/registry/pods/default/p1', '{"v":3}', r);
      a.put('/registry/pods/kube-system/p2', '{"v":1}');
      a.delete('/registry/events/default/e1');
      a.put('/registry/pods/default/p\u{10FFFF}x', 'edge');
      a.put('/registry/pods/default/\u{1F600}', 'pair');
    });
    t = 2000;
    a.put('/registry/pods/default/p1', '');
    assertSameChanges(a, b, start);

    // Another process writes in between: the writer sees its write too, and later ones of its own.
    b.put('/registry/pods/default/other', '{"b":1}');
    t = 5000;
    a.put('/registry/pods/default/p3', '{"v":1}');
    assertSameChanges(a, b, start);
    assert.ok(a.changesSince(start).some((e) => e.kv.key === '/registry/pods/default/other'));
    a.close();
    b.close();
  });
});

test('the journal answers for the writes it holds; what a rollback undid, or a lone surrogate, is read from the log', () => {
  withFile((path) => {
    const a = new SqliteKeyspace(path);
    const b = new SqliteKeyspace(path);
    const start = a.revision();
    a.put('/registry/x/1', '1');
    a.put('/registry/x/2', '2');
    // The rows are gone from the log behind the writer's back: only the journal still has them.
    a.db.prepare('DELETE FROM log WHERE revision > ?').run(start);
    assert.deepEqual(
      a.changesSince(start).map((e) => e.kv.value),
      ['1', '2'],
    );
    assert.deepEqual(b.changesSince(start), []);

    // A rolled-back transaction's writes are not reported; the journal starts again.
    assert.throws(() =>
      a.transaction(() => {
        a.put('/registry/x/3', '3');
        throw new Error('undo');
      }),
    );
    assert.deepEqual(a.changesSince(start), b.changesSince(start));
    const atomicBase = a.revision();
    a.transaction(() => {
      a.put('/registry/x/4', '4');
      assert.throws(() =>
        a.atomically(() => {
          a.put('/registry/x/5', '5');
          throw new Error('undo');
        }),
      );
      a.put('/registry/x/6', '6');
    });
    assert.deepEqual(
      a.changesSince(atomicBase).map((e) => [e.kv.key, e.kv.modRevision]),
      [
        ['/registry/x/4', atomicBase + 1],
        ['/registry/x/6', atomicBase + 2],
      ],
    );
    assert.deepEqual(a.changesSince(atomicBase), b.changesSince(atomicBase));

    // SQLite stores a lone surrogate as U+FFFD: the feed says what the log holds.
    const before = a.revision();
    a.put('/registry/x/bad', 'a\uD800b');
    assert.deepEqual(a.changesSince(before), b.changesSince(before));
    assert.equal(a.changesSince(before)[0]?.kv.value, b.get('/registry/x/bad')?.value);
    a.close();
    b.close();
  });
});

test("an update after another process wrote the key checks and carries that process's write, not the journal's", () => {
  withFile((path) => {
    const a = new SqliteKeyspace(path);
    const b = new SqliteKeyspace(path);
    const r1 = a.put('/registry/pods/default/p', '{"v":1}', 0);
    const r2 = a.put('/registry/pods/default/p', '{"v":2}', r1);
    const r3 = b.put('/registry/pods/default/p', '{"v":"b"}', r2);
    assert.throws(() => a.put('/registry/pods/default/p', '{"v":3}', r2), RevisionMismatch);
    const r4 = a.put('/registry/pods/default/p', '{"v":3}', r3);
    assert.deepEqual(a.get('/registry/pods/default/p'), { key: '/registry/pods/default/p', value: '{"v":3}', createRevision: r1, modRevision: r4 });
    assert.equal(b.valueAt('/registry/pods/default/p', r3), '{"v":"b"}');
    assert.equal(b.valueAt('/registry/pods/default/p', r2), '{"v":2}');
    // Deleted by the other process, written again here: a create.
    b.delete('/registry/pods/default/p');
    const r6 = a.put('/registry/pods/default/p', '{"v":4}');
    assert.equal(a.get('/registry/pods/default/p')?.createRevision, r6);
    a.close();
    b.close();
  });
});

/** A change with its value read (a value the journal did not keep is read from the file when asked), as a plain object. */
function plain(e: KeyEvent): unknown {
  const { key, value, createRevision, modRevision } = e.kv;
  return { ...e, kv: { key, value, createRevision, modRevision } };
}

test('a write whose value is not kept (unread: Events) reads back from the file as the log holds it, and an update after it carries the right value', () => {
  withFile((path) => {
    const a = new SqliteKeyspace(path);
    const b = new SqliteKeyspace(path);
    let t = 1000;
    a.setTimeSource(() => t);
    b.setTimeSource(() => t);
    const start = a.revision();
    let first = 0;
    a.transaction(() => {
      first = a.put('/registry/events/default/e1', '{"count":1}', 0, undefined, true);
      a.put('/registry/pods/default/p1', '{"v":1}', 0);
      t = 1500;
      // The update of a value not kept: its superseded value comes from kv, not the journal.
      a.put('/registry/events/default/e1', '{"count":2}', first, undefined, true);
      a.put('/registry/events/default/e2', '{"count":1}', undefined, undefined, true);
      // A kept write, then one not kept, of one key: the next update finds the second (not the journal's first).
      const kept = a.put('/registry/events/default/e3', '{"count":1}', 0);
      const unkept = a.put('/registry/events/default/e3', '{"count":2}', kept, undefined, true);
      a.put('/registry/events/default/e3', '{"count":3}', unkept);
      assert.equal(a.valueAt('/registry/events/default/e3', unkept), '{"count":2}');
    });
    for (let after = start; after <= a.revision(); after++) {
      for (const prefix of PREFIXES) {
        assert.deepEqual(a.changesSince(after, prefix).map(plain), b.changesSince(after, prefix).map(plain), `after ${after} ${prefix}`);
      }
    }
    assert.deepEqual(
      a.changesSince(start, '/registry/events/').map((e) => e.kv.value),
      ['{"count":1}', '{"count":2}', '{"count":1}', '{"count":1}', '{"count":2}', '{"count":3}'],
    );
    // The log keeps the superseded value (taken over from kv), read by revision.
    assert.equal(a.valueAt('/registry/events/default/e1', first), '{"count":1}');
    assert.equal(b.valueAt('/registry/events/default/e1', first), '{"count":1}');
    a.close();
    b.close();
  });
});
