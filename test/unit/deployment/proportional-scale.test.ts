import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  getReplicaSetFraction,
  planScale,
  roundHalfAwayFromZero,
} from '../../../src/controllers/deployment/proportional-scale.js';
import { deployment, replicaSet } from './fixtures.js';

const annotated = (desired: number, max: number): Record<string, string> => ({
  'deployment.kubernetes.io/desired-replicas': String(desired),
  'deployment.kubernetes.io/max-replicas': String(max),
});

function sizes(plan: ReturnType<typeof planScale>): Record<string, number> {
  return Object.fromEntries(plan.steps.map((s) => [s.rs.metadata.name ?? '', s.to]));
}

test('article: a stuck rollout of 6 old + 1 new scaled to 10 becomes 9 + 2', () => {
  const d = deployment(10, { maxSurge: 1, maxUnavailable: 0 });
  const old = replicaSet('old', 6, 6, 0, annotated(6, 7));
  const next = replicaSet('new', 1, 0, 60, annotated(6, 7));
  const plan = planScale(d, next, [old]);
  assert.equal(plan.kind, 'always');
  assert.deepEqual(sizes(plan), { old: 9, new: 2 });
  assert.deepEqual(plan.steps.map((s) => s.rs.metadata.name), ['old', 'new']); // larger first
});

test('§14: old 8 / new 5 (max-replicas 13) scaled to 15 and to 5', () => {
  const old = replicaSet('old', 8, 8, 0, annotated(10, 13));
  const next = replicaSet('new', 5, 0, 60, annotated(10, 13));
  // absolute maxSurge 3: allowed 18, toAdd +5; old round(8·18/13)−8 = 3, new gets the other 2
  assert.deepEqual(sizes(planScale(deployment(15, { maxSurge: 3, maxUnavailable: 2 }), next, [old])), { old: 11, new: 7 });
  // default 25%: surge of 15 is 4, allowed 19, toAdd +6; old round(8·19/13)−8 = 4 → 12, new 7
  assert.deepEqual(sizes(planScale(deployment(15), next, [old])), { old: 12, new: 7 });
  // down to 5 with surge 3: allowed 8, toAdd −5; old round(8·8/13)−8 = −3 → 5, new −2 → 3
  assert.deepEqual(sizes(planScale(deployment(5, { maxSurge: 3, maxUnavailable: 2 }), next, [old])), { old: 5, new: 3 });
});

test('one active ReplicaSet takes the new size directly; a saturated new RS empties the old ones', () => {
  const d = deployment(6);
  const plan = planScale(d, replicaSet('new', 4, 4, 60, annotated(4, 5)), [replicaSet('old', 0, 0)]);
  assert.equal(plan.kind, 'ifResized');
  assert.deepEqual(sizes(plan), { new: 6 });
  assert.deepEqual(planScale(deployment(4), replicaSet('new', 4, 4, 60, annotated(4, 5)), []).steps, []);
  const saturated = planScale(deployment(4), replicaSet('new', 4, 4, 60, annotated(4, 5)), [
    replicaSet('a', 1, 1, 0),
    replicaSet('b', 2, 2, 30),
  ]);
  assert.deepEqual(saturated.steps.map((s) => [s.rs.metadata.name, s.to]), [
    ['b', 0],
    ['a', 0],
  ]);
});

test('Recreate Deployments are not scaled proportionally', () => {
  const d = deployment(6, { type: 'Recreate' });
  const plan = planScale(d, replicaSet('new', 2, 0, 60, annotated(4, 4)), [replicaSet('old', 2, 2, 0, annotated(4, 4))]);
  assert.deepEqual(plan.steps, []);
});

test('getReplicaSetFraction: annotation, fallbacks, scaling to zero', () => {
  const d = deployment(15, { maxSurge: 3, maxUnavailable: 2 });
  assert.equal(getReplicaSetFraction(replicaSet('x', 8, 8, 0, annotated(10, 13)), d), 3);
  // no annotation: falls back to status.replicas; 0 annotation too; nothing to go on → 0
  const fallback = { ...d, status: { replicas: 9 } };
  assert.equal(getReplicaSetFraction(replicaSet('x', 3, 3), fallback), 3); // round(3·18/9) − 3 = 3
  assert.equal(getReplicaSetFraction(replicaSet('x', 3, 3, 0, { 'deployment.kubernetes.io/max-replicas': '0' }), fallback), 3);
  assert.equal(getReplicaSetFraction(replicaSet('x', 3, 3), d), 0);
  assert.equal(getReplicaSetFraction(replicaSet('x', 3, 3), deployment(0)), -3);
});

test('round half away from zero', () => {
  assert.deepEqual([2.5, -2.5, 9.43, 1.5714, -0.4].map(roundHalfAwayFromZero), [3, -3, 9, 2, 0]);
});
