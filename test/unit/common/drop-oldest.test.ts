import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropOldest } from '../../../src/common/drop-oldest.js';

test('a map grown past max + batch loses its oldest entries down to max, in insertion order', () => {
  const m = new Map<string, number>();
  const sizes: number[] = [];
  for (let i = 0; i < 20; i++) {
    m.delete(`k${i % 7}`); // a key set again counts as new, as the caches' callers do
    m.set(`k${i % 7}`, i);
    m.set(`n${i}`, i);
    dropOldest(m, 8, 4);
    sizes.push(m.size);
  }
  assert.ok(Math.max(...sizes) <= 12, `sizes ${sizes.join()}`);
  assert.ok(sizes.includes(8), 'it trims to max');
  // The newest entries stay, the oldest went.
  assert.deepEqual([...m.keys()].slice(-2), ['k5', 'n19']);
  assert.ok(!m.has('n0') && !m.has('k0'));
});

test('a map within max + batch is left as it is', () => {
  const m = new Map([['a', 1], ['b', 2], ['c', 3]]);
  dropOldest(m, 2, 1);
  assert.deepEqual([...m.keys()], ['a', 'b', 'c']);
  dropOldest(m, 1, 1);
  assert.deepEqual([...m.keys()], ['c']);
});
