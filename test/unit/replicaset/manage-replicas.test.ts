import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { planReplicas, runSlowStart, slowStartBatches } from '../../../src/controllers/replicaset/manage-replicas.js';

const pod = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, uid: name }, spec: {}, status: { phase: 'Pending' } });

test('slow-start batch sizes', () => {
  const cases: [number, number[]][] = [
    [0, []],
    [1, [1]],
    [3, [1, 2]],
    [4, [1, 2, 1]],
    [10, [1, 2, 4, 3]],
    [500, [1, 2, 4, 8, 16, 32, 64, 128, 245]],
  ];
  for (const [n, want] of cases) assert.deepEqual(slowStartBatches(n), want, `count ${n}`);
});

test('a failing batch stops the later ones', () => {
  let calls = 0;
  const r = runSlowStart(10, () => (++calls === 4 ? new Error('boom') : undefined));
  // batches 1, 2 succeed; the batch of 4 runs all four calls (one fails); the last 3 never run
  assert.equal(calls, 7);
  assert.equal(r.successes, 6);
  assert.equal(r.skipped, 3);
  assert.equal((r.error as Error).message, 'boom');
  assert.deepEqual(runSlowStart(3, () => undefined), { successes: 3, skipped: 0 });
});

test('plan: create the missing, delete the surplus, cap at 500', () => {
  assert.deepEqual(planReplicas([pod('a')], () => [], 3, 0), { action: 'create', count: 2 });
  assert.deepEqual(planReplicas([], () => [], 1000, 0), { action: 'create', count: 500 });
  assert.deepEqual(planReplicas([pod('a'), pod('b')], () => [], 2, 0), { action: 'none' });
  const plan = planReplicas([pod('a'), pod('b'), pod('c')], () => [], 1, 0);
  assert.equal(plan.action, 'delete');
  assert.equal(plan.action === 'delete' ? plan.pods.length : 0, 2);
});

test('plan: the related pods are read only when the ranking needs them', () => {
  let reads = 0;
  const related = () => {
    reads++;
    return [];
  };
  planReplicas([pod('a')], related, 3, 0);
  planReplicas([pod('a'), pod('b')], related, 2, 0);
  const all = planReplicas([pod('a'), pod('b')], related, 0, 0);
  assert.deepEqual(all.action === 'delete' ? all.pods.map((p) => p.metadata.name) : [], ['a', 'b']);
  assert.equal(reads, 0, 'creating, nothing to do and deleting every pod rank nothing');
  planReplicas([pod('a'), pod('b'), pod('c')], related, 1, 0);
  assert.equal(reads, 1);
});
