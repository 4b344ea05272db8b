import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';
import { ComponentState } from '../../../src/controllers/framework/state.js';

function withState(fn: (ks: SqliteKeyspace, state: ComponentState) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-kept-'));
  const ks = new SqliteKeyspace(join(dir, 'c.db'));
  try {
    fn(ks, new ComponentState(ks, 'test'));
  } finally {
    ks.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const KEY = 'state:test:pod:a';

function inFile(ks: SqliteKeyspace): unknown {
  return ks.db.prepare('SELECT value FROM meta WHERE name = ?').pluck().get(KEY);
}

/** A value that counts how often it is serialized (JSON.stringify calls toJSON). */
function counted(n: number, count: { calls: number }): { n: number; toJSON(): { n: number } } {
  return {
    n,
    toJSON() {
      count.calls++;
      return { n };
    },
  };
}

test('a value kept many times in one transaction is serialized once, when the transaction writes meta back', () => {
  withState((ks, state) => {
    const count = { calls: 0 };
    ks.transaction(() => {
      for (let i = 1; i <= 12; i++) {
        state.keep('pod:a', counted(i, count));
        // what was just kept is what peek answers, without serializing it
        assert.equal(state.peek<{ n: number }>('pod:a')?.n, i);
      }
      assert.equal(count.calls, 0);
    });
    assert.equal(count.calls, 1);
    assert.equal(inFile(ks), '{"n":12}');
    // the next transaction still has the value itself (nobody else wrote), serialized no more
    ks.transaction(() => assert.equal(state.peek<{ n: number }>('pod:a')?.n, 12));
    assert.equal(count.calls, 1);
  });
});

test("a kept value's text, asked for before it is written back, is its JSON, and every reader sees it", () => {
  withState((ks, state) => {
    ks.transaction(() => {
      state.keep('pod:a', { b: [1, 2], a: 'x' });
      assert.equal(ks.getMeta(KEY), '{"b":[1,2],"a":"x"}');
      assert.equal(state.text('pod:a'), '{"b":[1,2],"a":"x"}');
      const copy = state.get<{ b: number[] }>('pod:a');
      copy?.b.push(3);
      assert.deepEqual(state.peek('pod:a'), { b: [1, 2], a: 'x' });
    });
    assert.equal(inFile(ks), '{"b":[1,2],"a":"x"}');
    assert.equal(ks.getMeta(KEY), '{"b":[1,2],"a":"x"}');
  });
});

test('a savepoint rolled back takes the values it kept with it; what was kept before it stays', () => {
  withState((ks, state) => {
    ks.transaction(() => {
      state.keep('pod:a', { v: 'before' });
      assert.throws(() =>
        ks.atomically(() => {
          state.keep('pod:a', { v: 'lost' });
          state.keep('pod:b', { v: 'lost' });
          throw new Error('boom');
        }),
      );
      assert.deepEqual(state.peek('pod:a'), { v: 'before' });
      assert.equal(state.peek('pod:b'), undefined);
      assert.equal(ks.getMeta(KEY), '{"v":"before"}');
      // and a savepoint that goes through keeps what it kept
      ks.atomically(() => state.keep('pod:b', { v: 'kept' }));
    });
    assert.equal(inFile(ks), '{"v":"before"}');
    assert.equal(ks.getMeta('state:test:pod:b'), '{"v":"kept"}');
  });
});

test('a rolled-back transaction leaves no kept value behind', () => {
  withState((ks, state) => {
    ks.transaction(() => state.keep('pod:a', { v: 1 }));
    assert.throws(() =>
      ks.transaction(() => {
        state.keep('pod:a', { v: 2 });
        throw new Error('boom');
      }),
    );
    ks.transaction(() => assert.deepEqual(state.peek('pod:a'), { v: 1 }));
    assert.equal(inFile(ks), '{"v":1}');
  });
});

test('a kept value that reads as what the file holds writes nothing; a deleted one removes the row', () => {
  withState((ks, state) => {
    ks.transaction(() => state.keep('pod:a', { v: 1 }));
    // changed behind the keyspace's back on its own connection (data_version does not move)
    ks.db.prepare('UPDATE meta SET value = ? WHERE name = ?').run('behind', KEY);
    ks.transaction(() => state.keep('pod:a', { v: 1 }));
    assert.equal(inFile(ks), 'behind');
    ks.transaction(() => {
      state.keep('pod:a', { v: 2 });
      state.delete('pod:a');
    });
    assert.equal(inFile(ks), undefined);
    ks.transaction(() => assert.equal(state.peek('pod:a'), undefined));
  });
});

test('a value kept outside a transaction is written at once', () => {
  withState((ks, state) => {
    state.keep('pod:a', { v: 1 });
    assert.equal(inFile(ks), '{"v":1}');
    assert.deepEqual(state.peek('pod:a'), { v: 1 });
  });
});
