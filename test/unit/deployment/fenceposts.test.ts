import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maxSurge, maxUnavailable, minAvailable, resolveFenceposts } from '../../../src/controllers/deployment/fenceposts.js';
import { scaledValueFromIntOrPercent } from '../../../src/controllers/deployment/intstr.js';
import { deployment } from './fixtures.js';

test('25%/25% fenceposts: surge rounds up, unavailable rounds down (notes §2 table)', () => {
  const table: [number, number, number][] = [
    [1, 1, 0],
    [2, 1, 0],
    [3, 1, 0],
    [4, 1, 1],
    [5, 2, 1],
    [10, 3, 2],
    [20, 5, 5],
  ];
  for (const [replicas, surge, unavailable] of table) {
    assert.deepEqual(resolveFenceposts('25%', '25%', replicas), { surge, unavailable }, `replicas ${replicas}`);
  }
});

test('both limits zero: unavailable becomes 1 so a rollout can move', () => {
  assert.deepEqual(resolveFenceposts(0, 0, 4), { surge: 0, unavailable: 1 });
  assert.deepEqual(resolveFenceposts('0%', '10%', 4), { surge: 0, unavailable: 1 }); // 0.4 rounds down to 0
  assert.deepEqual(resolveFenceposts(undefined, undefined, 4), { surge: 0, unavailable: 1 });
});

test('intstr: integers are not capped; percentages of total; non-percent strings fail', () => {
  assert.equal(scaledValueFromIntOrPercent(7, 4, true), 7);
  assert.equal(scaledValueFromIntOrPercent('25%', 10, true), 3);
  assert.equal(scaledValueFromIntOrPercent('25%', 10, false), 2);
  assert.equal(scaledValueFromIntOrPercent('100%', 3, false), 3);
  assert.throws(() => scaledValueFromIntOrPercent('3', 4, true), /invalid type: string is not a percentage/);
  assert.throws(() => scaledValueFromIntOrPercent('x%', 4, true), /invalid value "x%"/);
});

test('MaxSurge/MaxUnavailable/MinAvailable of a Deployment', () => {
  const d = deployment(4, { maxSurge: 1, maxUnavailable: 0 });
  assert.equal(maxSurge(d), 1);
  assert.equal(maxUnavailable(d), 0);
  assert.equal(minAvailable(d), 4);
  // maxUnavailable is capped by replicas, and is 0 for a Deployment scaled to 0.
  assert.equal(maxUnavailable(deployment(3, { maxSurge: 0, maxUnavailable: 5 })), 3);
  assert.equal(maxUnavailable(deployment(0, { maxSurge: 1, maxUnavailable: 1 })), 0);
  // Recreate has no surge and no unavailability budget.
  const r = deployment(3, { type: 'Recreate' });
  assert.equal(maxSurge(r), 0);
  assert.equal(maxUnavailable(r), 0);
  assert.equal(minAvailable(r), 0);
});
