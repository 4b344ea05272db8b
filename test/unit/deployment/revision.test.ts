import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planHistoryCleanup } from '../../../src/controllers/deployment/history-cleanup.js';
import {
  appendRevisionHistory,
  lastRevision,
  maxRevision,
  setNewReplicaSetAnnotations,
} from '../../../src/controllers/deployment/revision.js';
import { calculateStatus, terminatingReplicas } from '../../../src/controllers/deployment/status.js';
import { deployment, replicaSet } from './fixtures.js';

const rev = (n: string): Record<string, string> => ({ 'deployment.kubernetes.io/revision': n });

test('max and last revision; unparseable revisions are skipped, missing ones are 0', () => {
  const list = [replicaSet('a', 0, 0, 0, rev('1')), replicaSet('b', 0, 0, 1, rev('3')), replicaSet('c', 0, 0, 2, rev('2')), replicaSet('d', 0, 0, 3, rev('x')), replicaSet('e', 0, 0, 4)];
  assert.equal(maxRevision(list), 3);
  assert.equal(lastRevision(list), 2);
  assert.equal(lastRevision([replicaSet('a', 0, 0, 0, rev('4'))]), 0);
});

test('revision-history: appended, oldest dropped past the length limit', () => {
  assert.equal(appendRevisionHistory('', '1'), '1');
  assert.equal(appendRevisionHistory('1,3', '4'), '1,3,4');
  assert.equal(appendRevisionHistory('1,3', '4', 4), '3,4');
  assert.equal(appendRevisionHistory('1', '12345', 4), undefined);
});

test('article: undo revives hello-8c9694f75 — revision 1 becomes 3 with revision-history 1; change-cause copied', () => {
  const d = deployment(4, { maxSurge: 1, maxUnavailable: 0 });
  d.metadata.annotations = {
    'kubernetes.io/change-cause': 'hello 1.0',
    'deployment.kubernetes.io/revision': '2',
    'kubectl.kubernetes.io/last-applied-configuration': '{}',
  };
  const rs = replicaSet('hello-8c9694f75', 0, 0, 0, { ...rev('1'), 'kubernetes.io/change-cause': 'hello 1.0' });
  assert.equal(setNewReplicaSetAnnotations(d, rs, 3, true, { desired: 4, max: 5 }), true);
  assert.deepEqual(rs.metadata.annotations, {
    'deployment.kubernetes.io/revision': '3',
    'deployment.kubernetes.io/revision-history': '1',
    'kubernetes.io/change-cause': 'hello 1.0',
  });
  // nothing left to change: no update
  assert.equal(setNewReplicaSetAnnotations(d, rs, 3, true, { desired: 4, max: 5 }), false);
  // a new RS (exists=false) gets the replica annotations too, and no history
  const fresh = replicaSet('hello-85854d9fd8', 1, 0);
  fresh.metadata.annotations = {};
  setNewReplicaSetAnnotations(d, fresh, 2, false, { desired: 4, max: 5 });
  assert.deepEqual(fresh.metadata.annotations, {
    'kubernetes.io/change-cause': 'hello 1.0',
    'deployment.kubernetes.io/revision': '2',
    'deployment.kubernetes.io/desired-replicas': '4',
    'deployment.kubernetes.io/max-replicas': '5',
  });
});

test('history cleanup: lowest revisions beyond the limit, only when fully scaled down and observed', () => {
  const d = deployment(4, {}, { revisionHistoryLimit: 2 });
  const r1 = replicaSet('r1', 0, 0, 0, rev('1'));
  const r2 = replicaSet('r2', 1, 1, 1, rev('2')); // still has a pod: skipped, not replaced
  const r3 = replicaSet('r3', 0, 0, 2, rev('3'));
  const r4 = replicaSet('r4', 0, 0, 3, rev('4'));
  assert.deepEqual(planHistoryCleanup(d, [r4, r3, r2, r1]).map((r) => r.metadata.name), ['r1']);
  const unobserved = replicaSet('r0', 0, 0, 0, rev('0'));
  unobserved.metadata.generation = 2;
  assert.deepEqual(planHistoryCleanup(d, [unobserved, r3, r4]).map((r) => r.metadata.name), []);
  const deleting = { ...r1, metadata: { ...r1.metadata, deletionTimestamp: 'x' } };
  assert.deepEqual(planHistoryCleanup(d, [deleting, r3, r4]), []); // 2 cleanable, limit 2
  assert.deepEqual(planHistoryCleanup(deployment(4, {}, { revisionHistoryLimit: 0 }), [r1, r3]).length, 2);
});

test('status: sums over ReplicaSets, terminatingReplicas semantics, Available threshold', () => {
  const d = deployment(4, { maxSurge: 1, maxUnavailable: 1 });
  const a = replicaSet('a', 3, 3);
  a.status = { ...a.status, terminatingReplicas: 1 };
  const b = replicaSet('b', 2, 0, 60);
  b.status = { replicas: 2, readyReplicas: 1, availableReplicas: 0, terminatingReplicas: 0, observedGeneration: 1 };
  const s = calculateStatus([a, b], b, d, '2026-10-26T19:00:00Z');
  assert.deepEqual(
    { ...s, conditions: undefined },
    { observedGeneration: 1, replicas: 5, updatedReplicas: 2, readyReplicas: 4, availableReplicas: 3, unavailableReplicas: 2, terminatingReplicas: 1, conditions: undefined },
  );
  assert.equal(s.conditions?.[0]?.reason, 'MinimumReplicasAvailable'); // 3 ≥ 4 − 1
  // never synced and silent: skipped; synced and silent: unknown; no RS at all: 0
  const neverSynced = replicaSet('n', 1, 0);
  neverSynced.status = {};
  assert.equal(terminatingReplicas([neverSynced, b]), 0);
  assert.equal(terminatingReplicas([replicaSet('s', 1, 1), b]), undefined);
  assert.equal(terminatingReplicas([]), 0);
});
