/**
 * The disruption controller's arithmetic as tables (upstream disruption_test.go's cases, by
 * number): expectedPods and desiredHealthy for each form of the budget, the rounding of
 * percentages, the Deployment's scale standing for its pods, and disruptionsAllowed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectedPodCount, scaledValue, type ExpectedPod } from '../../../src/controllers/disruption/expected-pods.js';
import { buildDisruptedPodMap, countHealthyPods, disruptionsAllowed, DELETION_TIMEOUT_MS } from '../../../src/controllers/disruption/status.js';
import type { PodDisruptionBudgetSpec } from '../../../src/api/policy/v1/pod-disruption-budget.js';
import { rfc3339 } from '../../../src/sim/clock.js';

/** n pods of one controller of the given scale (a Deployment of `scale` replicas). */
function podsOf(n: number, uid: string, scale: number): ExpectedPod[] {
  return Array.from({ length: n }, (_, i) => ({ name: `${uid}-${i}`, controller: () => ({ kind: 'managed', controller: { uid, scale } }) as const }));
}

test('scaledValue: a number as it is, a percentage of the total rounded up or down', () => {
  const rows: [number | string, number, boolean, number][] = [
    [2, 10, true, 2],
    ['50%', 3, true, 2], // 1.5 → 2
    ['50%', 3, false, 1],
    ['25%', 10, true, 3], // 2.5 → 3
    ['100%', 7, true, 7],
    ['0%', 7, true, 0],
    ['1%', 1, true, 1], // 0.01 → 1
    ['33%', 3, true, 1], // 0.99 → 1
    ['34%', 3, true, 2], // 1.02 → 2
  ];
  for (const [v, total, up, want] of rows) assert.equal(scaledValue(v, total, up), want, `${v} of ${total} ${up ? 'up' : 'down'}`);
});

test('expectedPodCount: each form of the budget, with a Deployment of 3 (its pods)', () => {
  const three = podsOf(3, 'deploy', 3);
  const rows: [string, PodDisruptionBudgetSpec, ExpectedPod[], number, number][] = [
    // minAvailable as a number: the pods the selector matches, whatever their controller's scale.
    ['minAvailable 2', { minAvailable: 2 }, three, 3, 2],
    ['minAvailable 2, 2 pods of a Deployment of 3', { minAvailable: 2 }, podsOf(2, 'deploy', 3), 2, 2],
    ['minAvailable 5 (more than there are)', { minAvailable: 5 }, three, 3, 5],
    // minAvailable as a percentage: the Deployment's scale, rounded up.
    ['minAvailable 50%', { minAvailable: '50%' }, three, 3, 2],
    ['minAvailable 50%, 1 pod of a Deployment of 3', { minAvailable: '50%' }, podsOf(1, 'deploy', 3), 3, 2],
    ['minAvailable 100%', { minAvailable: '100%' }, three, 3, 3],
    // maxUnavailable: the scale minus the allowance (a percentage rounded up).
    ['maxUnavailable 1', { maxUnavailable: 1 }, three, 3, 2],
    ['maxUnavailable 50% (1.5 → 2)', { maxUnavailable: '50%' }, three, 3, 1],
    ['maxUnavailable 5 (more than the scale: 0 desired)', { maxUnavailable: 5 }, three, 3, 0],
    ['maxUnavailable 0', { maxUnavailable: 0 }, three, 3, 3],
    // the scale, not the pods: a Deployment scaled to 5 with 3 pods so far expects 5.
    ['maxUnavailable 1, Deployment of 5 with 3 pods', { maxUnavailable: 1 }, podsOf(3, 'deploy', 5), 5, 4],
    // two controllers add up, each once.
    ['maxUnavailable 1, two ReplicaSets of 2 and 3', { maxUnavailable: 1 }, [...podsOf(2, 'a', 2), ...podsOf(3, 'b', 3)], 5, 4],
    // no pods
    ['minAvailable 2, no pods', { minAvailable: 2 }, [], 0, 2],
    ['maxUnavailable 1, no pods', { maxUnavailable: 1 }, [], 0, 0],
    ['minAvailable 50%, no pods', { minAvailable: '50%' }, [], 0, 0],
    ['neither', {}, three, 0, 0],
  ];
  for (const [what, spec, pods, expected, desired] of rows) {
    const got = expectedPodCount(spec, pods);
    assert.deepEqual([got.expectedCount, got.desiredHealthy], [expected, desired], what);
  }
});

test('expectedPodCount: unmanaged pods are reported, not counted; a pod whose controller is gone fails the sync', () => {
  const bare: ExpectedPod = { name: 'bare', controller: () => ({ kind: 'unmanaged' }) };
  const got = expectedPodCount({ maxUnavailable: 1 }, [...podsOf(2, 'rs', 2), bare]);
  assert.deepEqual(got, { expectedCount: 2, desiredHealthy: 1, unmanagedPods: ['bare'] });
  // An integer minAvailable does not look at controllers at all.
  assert.deepEqual(expectedPodCount({ minAvailable: 1 }, [bare]), { expectedCount: 1, desiredHealthy: 1, unmanagedPods: [] });
  const lost: ExpectedPod = { name: 'lost', controller: () => ({ kind: 'notFound' }) };
  assert.throws(() => expectedPodCount({ minAvailable: '50%' }, [lost]), { message: 'found no controllers for pod "lost"' });
});

test('disruptionsAllowed: healthy minus desired, never negative, 0 while no pod is expected', () => {
  assert.equal(disruptionsAllowed(3, 2, 3), 1);
  assert.equal(disruptionsAllowed(2, 2, 3), 0);
  assert.equal(disruptionsAllowed(1, 2, 3), 0);
  assert.equal(disruptionsAllowed(3, 0, 3), 3);
  assert.equal(disruptionsAllowed(3, 0, 0), 0);
});

test('disruptedPods: counted unhealthy for 2 minutes, then dropped with NotDeleted; a deleting pod leaves the map', () => {
  const t = Date.parse('2026-10-26T19:00:05Z');
  const disrupted = { a: rfc3339(t), b: rfc3339(t + 30_000), c: rfc3339(t) };
  const pods = [
    { name: 'a', deleting: false, ready: true },
    { name: 'b', deleting: false, ready: true },
    { name: 'c', deleting: true, ready: true },
    { name: 'd', deleting: false, ready: true },
  ];
  const early = buildDisruptedPodMap(pods, disrupted, t + 60_000);
  assert.deepEqual(early.kept, { a: disrupted.a, b: disrupted.b });
  assert.equal(early.recheckMs, t + DELETION_TIMEOUT_MS, 'the recheck is the earliest expiry');
  assert.deepEqual(early.notDeleted, []);
  assert.equal(countHealthyPods(pods, early.kept, t + 60_000), 1, 'only d: a and b disrupted, c deleting');

  const justBefore = buildDisruptedPodMap(pods, disrupted, t + DELETION_TIMEOUT_MS - 1);
  assert.deepEqual(Object.keys(justBefore.kept), ['a', 'b']);
  const at = buildDisruptedPodMap(pods, disrupted, t + DELETION_TIMEOUT_MS);
  assert.deepEqual(at.kept, { b: disrupted.b });
  assert.deepEqual(at.notDeleted, ['a']);
  assert.equal(at.recheckMs, t + 30_000 + DELETION_TIMEOUT_MS);
  assert.equal(countHealthyPods(pods, at.kept, t + DELETION_TIMEOUT_MS), 2, 'a counts again');
  assert.deepEqual(buildDisruptedPodMap(pods, undefined, t), { kept: {}, recheckMs: undefined, notDeleted: [] });
});
