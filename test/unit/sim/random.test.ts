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

/** The uid as it was made: the draws' big-endian bytes in a Buffer, version and variant bits set. */
function bufferUid(draws: number[]): string {
  const b = Buffer.alloc(16);
  draws.forEach((draw, i) => b.writeUInt32BE(draw, 4 * i));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

test('a uid is the one the draws always gave: leading zeros, all bits set, the version and variant bits', () => {
  const fixed = [
    [0, 0, 0, 0],
    [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff],
    [1, 0x0000f000, 0x40000000, 0x10],
    [0x80000000, 0x00004fff, 0xc0000000, 0xdeadbeef],
  ];
  const seeded = new SeededRandom(countingStore(), 7);
  const drawn = Array.from({ length: 2000 }, () => [seeded.nextUint32(), seeded.nextUint32(), seeded.nextUint32(), seeded.nextUint32()]);
  for (const draws of [...fixed, ...drawn]) {
    let i = 0;
    assert.equal(randomUid({ nextUint32: () => draws[i++]! }), bufferUid(draws), draws.join(','));
  }
});
