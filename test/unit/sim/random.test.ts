import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type RandomStateStore, SeededRandom, randomNameSuffix, randomUid } from '../../../src/sim/random.js';

/** A meta table in memory that counts its reads and writes. */
function countingStore(): RandomStateStore & { reads: number; writes: number } {
  const meta = new Map<string, string>();
  return {
    reads: 0,
    writes: 0,
    getMeta(name) {
      this.reads++;
      return meta.get(name);
    },
    setMeta(name, value) {
      this.writes++;
      meta.set(name, value);
    },
  };
}

test('a seeded uid and name suffix read and write the state once, with the numbers of one draw at a time', () => {
  const batched = countingStore();
  const seeded = new SeededRandom(batched, 42);
  const uid = randomUid(seeded);
  assert.deepEqual([batched.reads, batched.writes], [1, 1]);
  const suffix = randomNameSuffix(seeded);
  assert.deepEqual([batched.reads, batched.writes], [2, 2]);

  // The same seed drawn through nextUint32 alone (a source without nextUint32s) gives the same values.
  const single = new SeededRandom(countingStore(), 42);
  const oneByOne = { nextUint32: () => single.nextUint32() };
  assert.equal(randomUid(oneByOne), uid);
  assert.equal(randomNameSuffix(oneByOne), suffix);
  assert.match(uid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.match(suffix, /^[bcdfghjklmnpqrstvwxz2456789]{5}$/);
});
