import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkQueue } from '../../../src/controllers/framework/work-queue.js';

test('work queue: FIFO, a waiting key is not added twice, a taken key can be added again', () => {
  const q = new WorkQueue();
  for (const k of ['a', 'b', 'a', 'c']) q.add(k);
  assert.equal(q.length, 3);
  assert.equal(q.next(), 'a');
  q.add('a');
  q.add('b');
  assert.deepEqual([q.next(), q.next(), q.next(), q.next()], ['b', 'c', 'a', undefined]);
  assert.equal(q.length, 0);
});

test('work queue: a long drain with keys added on the way keeps their order', () => {
  const q = new WorkQueue();
  const expected: string[] = [];
  for (let i = 0; i < 5_000; i++) {
    q.add(`k${i}`);
    expected.push(`k${i}`);
  }
  const got: string[] = [];
  for (let key = q.next(), n = 0; key !== undefined; key = q.next(), n++) {
    got.push(key);
    // every third key taken adds a new one (and one still waiting, which is not added twice)
    if (n % 3 === 0 && n < 6_000) {
      q.add(`x${n}`);
      expected.push(`x${n}`);
      q.add(`x${n}`);
    }
  }
  assert.deepEqual(got, expected);
  assert.equal(q.length, 0);
});
