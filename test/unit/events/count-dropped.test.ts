import { test } from 'node:test';
import assert from 'node:assert/strict';
import { correlate, countDropped, emptyObjectEvents, type EventFields, type ObjectEvents } from '../../../src/controllers/framework/events/correlator.js';

// A run of the same event counted at once leaves what correlate, one event at a time, leaves.
const backOff: EventFields = { fieldPath: 'spec.containers{app}', type: 'Warning', reason: 'BackOff', message: 'Back-off restarting failed container app' };

function oneByOne(state: ObjectEvents, times: number[]): void {
  let n = 0;
  for (const t of times) correlate(state, backOff, t, () => `name${n++}`);
}

for (const [label, gapMs, count] of [
  ['10 s apart, past the burst', 10_000, 60],
  ['some accepted in between', 100_000, 20],
  ['gaps beyond the aggregator interval', 700_000, 5],
] as const) {
  test(`countDropped equals correlate one by one: ${label}`, () => {
    const times = Array.from({ length: count }, (_, i) => 1_000_000 + i * gapMs);
    const expected = emptyObjectEvents();
    oneByOne(expected, times);
    const got = emptyObjectEvents();
    let n = 0;
    for (let i = 0; i < times.length; i++) {
      correlate(got, backOff, times[i]!, () => `name${n++}`);
      i += countDropped(got, backOff, times.slice(i + 1));
    }
    assert.deepEqual(got, expected);
  });
}

test('countDropped takes the dropped events only', () => {
  const state = emptyObjectEvents();
  const times = Array.from({ length: 40 }, (_, i) => i * 10_000);
  oneByOne(state, times);
  // The burst is spent: the next ones 10 s apart are dropped until the bucket has a token (300 s).
  const next = Array.from({ length: 40 }, (_, i) => 400_000 + i * 10_000);
  const taken = countDropped(state, backOff, next);
  assert.ok(taken > 0 && taken < next.length);
  assert.equal(Object.values(state.seen)[0]![0], 40 + taken);
});
