import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { ReplicaSet } from '../../../src/api/apps/v1/replica-set.js';
import { planClaims, withoutOwner } from '../../../src/controllers/replicaset/controller-ref.js';
import { calculateStatus } from '../../../src/controllers/replicaset/status.js';
import { podFromTemplate, podNamePrefix } from '../../../src/controllers/replicaset/pod-template.js';
import { isPodAvailable } from '../../../src/api/core/v1/pod-util.js';
import { msUntilNextAvailable } from '../../../src/controllers/replicaset/availability.js';
import { controllerRefFor } from '../../../src/controllers/replicaset/controller-ref.js';

const T0 = Date.UTC(2026, 9, 26, 19, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

function rs(extra: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'hello-rs', namespace: 'default', uid: 'rs-uid', generation: 2, ...meta },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'hello' } },
      template: { metadata: { labels: { app: 'hello', tier: 'web' } }, spec: { containers: [{ name: 'c', image: 'i' }] } },
      ...extra,
    },
    status: {},
  };
}

function pod(name: string, labels: Record<string, string>, meta: Record<string, unknown> = {}, status: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: `uid-${name}`, labels, ...meta }, spec: {}, status };
}

const owned = (uid: string) => ({ ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'x', uid, controller: true }] });
const matches = (l: Record<string, string> | undefined) => l?.['app'] === 'hello';

test('claims: own matching, adopt orphans, release non-matching, ignore others', () => {
  const pods = [
    pod('mine', { app: 'hello' }, owned('rs-uid')),
    pod('orphan', { app: 'hello' }),
    pod('relabelled', { app: 'other' }, owned('rs-uid')),
    pod('theirs', { app: 'hello' }, owned('other-uid')),
    pod('orphan-other-labels', { app: 'other' }),
    pod('orphan-deleting', { app: 'hello' }, { deletionTimestamp: iso(T0) }),
  ];
  const plan = planClaims(rs(), matches, pods);
  assert.deepEqual(plan.claimed.map((p) => p.metadata.name), ['mine', 'orphan']);
  assert.deepEqual(plan.adopt.map((p) => p.metadata.name), ['orphan']);
  assert.deepEqual(plan.release.map((p) => p.metadata.name), ['relabelled']);
});

test('a ReplicaSet being deleted neither adopts nor releases', () => {
  const plan = planClaims(rs({}, {}), matches, []);
  assert.deepEqual(plan, { claimed: [], adopt: [], release: [] });
  const deleting = rs({}, { deletionTimestamp: iso(T0) });
  const p = planClaims(deleting, matches, [pod('orphan', { app: 'hello' }), pod('relabelled', { app: 'x' }, owned('rs-uid'))]);
  assert.deepEqual(p, { claimed: [], adopt: [], release: [] });
});

test('release drops only our reference', () => {
  const p = pod('p', {}, { ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: 'x', uid: 'keep' }, ...owned('rs-uid').ownerReferences] });
  assert.deepEqual(withoutOwner(p, 'rs-uid').metadata.ownerReferences?.map((r) => r.uid), ['keep']);
  assert.equal(withoutOwner(pod('q', {}, owned('rs-uid')), 'rs-uid').metadata.ownerReferences, undefined);
});

test('pods from the template: labels, generateName, controller reference, spec', () => {
  const r = rs();
  const p = podFromTemplate(r, controllerRefFor(r));
  assert.deepEqual(p.metadata, {
    generateName: 'hello-rs-',
    namespace: 'default',
    labels: { app: 'hello', tier: 'web' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'hello-rs', uid: 'rs-uid', controller: true, blockOwnerDeletion: true }],
  });
  assert.deepEqual(p['spec'], { containers: [{ name: 'c', image: 'i' }] });
  assert.equal(podNamePrefix('x'.repeat(248)), 'x'.repeat(248));
  assert.equal(podNamePrefix('x'.repeat(247)), `${'x'.repeat(247)}-`);
});

test('availability is strict: Ready for more than minReadySeconds', () => {
  const ready = (since: number) => pod('p', {}, {}, { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: iso(since) }] });
  assert.equal(isPodAvailable(ready(T0), 5, T0 + 5000), false);
  assert.equal(isPodAvailable(ready(T0), 5, T0 + 5001), true);
  assert.equal(isPodAvailable(ready(T0), 0, T0), true);
  assert.equal(msUntilNextAvailable([ready(T0 + 10_000), ready(T0 + 12_000)], 5, T0 + 13_000), 2001);
  assert.equal(msUntilNextAvailable([ready(T0)], 5, T0 + 6000), undefined);
});

test('status: counts from the listed pods, ReplicaFailure added and removed', () => {
  const readyPod = (n: string, labels: Record<string, string>) =>
    pod(n, labels, {}, { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: iso(T0) }] });
  const active = [readyPod('a', { app: 'hello', tier: 'web' }), readyPod('b', { app: 'hello' }), pod('c', { app: 'hello', tier: 'web' })];
  const st = calculateStatus({ rs: rs({ minReadySeconds: 10 }), active, terminating: [pod('t', {})], nowMs: T0 + 5000 });
  assert.deepEqual(st, { replicas: 3, fullyLabeledReplicas: 2, readyReplicas: 2, terminatingReplicas: 1, observedGeneration: 2 });
  const later = calculateStatus({ rs: rs({ minReadySeconds: 10 }), active, terminating: [], nowMs: T0 + 10_001 });
  assert.equal(later.availableReplicas, 2);
  assert.deepEqual(calculateStatus({ rs: rs(), active: [], terminating: [], nowMs: T0 }), {
    replicas: 0,
    terminatingReplicas: 0,
    observedGeneration: 2,
  });

  const failed = calculateStatus({ rs: rs(), active: [], terminating: [], manageError: 'pods "x" is forbidden: quota', nowMs: T0 });
  assert.deepEqual(failed.conditions, [
    { type: 'ReplicaFailure', status: 'True', lastTransitionTime: iso(T0), reason: 'FailedCreate', message: 'pods "x" is forbidden: quota' },
  ]);
  const withCond = rs();
  withCond['status'] = failed;
  assert.equal(calculateStatus({ rs: withCond, active: [], terminating: [], nowMs: T0 + 1000 }).conditions, undefined);
  // an existing condition is kept (not re-stamped) while failures go on
  const again = calculateStatus({ rs: withCond, active: [], terminating: [], manageError: 'other', nowMs: T0 + 9000 });
  assert.deepEqual(again.conditions, failed.conditions);
});
