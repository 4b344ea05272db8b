import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { SqliteTimers } from '../../../src/storage/sqlite-timers.js';
import { compareText } from '../../../src/storage/held-timers.js';
import type { Timer } from '../../../src/storage/timers.js';

function rows(db: Database.Database): Timer[] {
  return db
    .prepare<[], { queue: string; key: string; due_ms: number }>('SELECT queue, key, due_ms FROM timers ORDER BY due_ms, queue, key')
    .all()
    .map((r) => ({ queue: r.queue, key: r.key, dueMs: r.due_ms }));
}

/** One scripted use of a timer queue: what every call answered, in order. */
function script(t: SqliteTimers): unknown[] {
  const said: unknown[] = [];
  // Keys whose UTF-16 order differs from SQLite's (UTF-8 bytes): U+FF5E sorts before U+1F600 there.
  for (const key of ['b', 'a', '\u{1F600}', '\uFF5E', 'a']) t.schedule({ queue: 'kubelet', key, dueMs: 1_000.7 });
  t.schedule({ queue: 'event-ttl', key: 'e', dueMs: 1_000 });
  t.schedule({ queue: 'kubelet', key: 'stored', dueMs: 2_000 }); // also stored before: one timer
  t.schedule({ queue: 'kubelet', key: 'gone', dueMs: 1_500 });
  said.push(t.nextDue());
  t.cancel('kubelet', 'gone');
  t.cancel('kubelet', 'old'); // stored before only
  said.push(t.popDue(999), t.nextDue());
  said.push(t.popDue(1_000), t.nextDue());
  t.schedule({ queue: 'kubelet', key: 'a', dueMs: 1_000 }); // popped already: set again
  said.push(t.popDue(2_000), t.nextDue());
  // One key at several due times (held as one entry, then several, popped and cancelled one by one or all).
  t.schedule({ queue: 'kubelet', key: 'multi', dueMs: 2_500 });
  t.schedule({ queue: 'kubelet', key: 'multi', dueMs: 3_000 });
  t.schedule({ queue: 'kubelet', key: 'multi', dueMs: 3_000 });
  said.push(t.popDue(2_500), t.nextDue());
  t.schedule({ queue: 'kubelet', key: 'multi', dueMs: 4_000 });
  said.push(t.popDue(3_000), t.nextDue());
  t.cancel('kubelet', 'multi');
  for (const dueMs of [7_000, 6_000, 7_000]) t.schedule({ queue: 'kubelet', key: 'multi2', dueMs });
  t.schedule({ queue: 'kubelet', key: 'late', dueMs: 9_000 });
  t.schedule({ queue: 'kubelet', key: 'later', dueMs: 9_500 });
  t.cancel('kubelet', 'later');
  said.push(t.nextDue());
  return said;
}

function stored(db: Database.Database): void {
  const t = new SqliteTimers(db);
  for (const key of ['stored', 'old']) t.schedule({ queue: 'kubelet', key, dueMs: key === 'old' ? 1_200 : 2_000 });
  t.schedule({ queue: 'deployment-controller', key: 'ns/d', dueMs: 1_000 });
  t.schedule({ queue: 'kubelet', key: 'stays', dueMs: 5_000 });
}

test('a held timer queue answers as the table does, and leaves the same rows; the table is written when the hold ends', () => {
  const plain = new Database(':memory:');
  stored(plain);
  const expected = script(new SqliteTimers(plain));

  const db = new Database(':memory:');
  stored(db);
  const before = rows(db);
  const timers = new SqliteTimers(db);
  let inside: Timer[] = [];
  const said = db.transaction(() =>
    timers.hold(() => {
      const s = script(timers);
      inside = rows(db);
      return s;
    }),
  )();
  assert.deepEqual(said, expected);
  // During the hold only the stored timers popped or cancelled left the table; nothing was added.
  assert.deepEqual(
    inside,
    before.filter((r) => r.dueMs > 2_000),
  );
  assert.deepEqual(rows(db), rows(plain));
  assert.deepEqual(
    rows(db).map((r) => r.key),
    ['stays', 'multi2', 'multi2', 'late'],
  );
});

test('a hold that throws still leaves what was set in the table, as without the hold', () => {
  const db = new Database(':memory:');
  const timers = new SqliteTimers(db);
  assert.throws(() =>
    timers.hold(() => {
      timers.schedule({ queue: 'kubelet', key: 'a', dueMs: 10 });
      throw new Error('boom');
    }),
  );
  assert.deepEqual(rows(db), [{ queue: 'kubelet', key: 'a', dueMs: 10 }]);
  // and the queue is no longer held: a timer goes to the table at once
  timers.schedule({ queue: 'kubelet', key: 'b', dueMs: 20 });
  assert.equal(rows(db).length, 2);
});

test('compareText orders as SQLite compares text (UTF-8 bytes)', () => {
  const db = new Database(':memory:');
  const words = ['a', 'ab', 'b', '\uFF5E', '\u{1F600}', '\uE000', 'Z', ''];
  const sqlite = db
    .prepare<[], { w: string }>(`SELECT w FROM (${words.map((w) => `SELECT '${w}' AS w`).join(' UNION ALL ')}) ORDER BY w`)
    .all()
    .map((r) => r.w);
  assert.deepEqual([...words].sort(compareText), sqlite);
});
