import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { deletionCost, logAgeBucket, podsToDelete } from '../../../src/controllers/replicaset/pods-to-delete.js';

const T0 = Date.UTC(2026, 9, 26, 19, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

interface PodOpts {
  node?: string;
  phase?: string;
  readySince?: number;
  created?: number;
  cost?: string;
  restarts?: number;
  uid?: string;
}

function pod(name: string, o: PodOpts = {}): KubeObject {
  const conditions = o.readySince !== undefined ? [{ type: 'Ready', status: 'True', lastTransitionTime: iso(o.readySince) }] : [];
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      uid: o.uid ?? `uid-${name}`,
      creationTimestamp: iso(o.created ?? T0),
      ...(o.cost !== undefined ? { annotations: { 'controller.kubernetes.io/pod-deletion-cost': o.cost } } : {}),
    },
    spec: o.node ? { nodeName: o.node } : {},
    status: { phase: o.phase ?? 'Running', conditions, containerStatuses: [{ restartCount: o.restarts ?? 0 }] },
  };
}

const names = (pods: KubeObject[]) => pods.map((p) => p.metadata.name);
const NOW = T0 + 3600_000;

test('deletion cost: int32 in plain decimal, everything else counts 0', () => {
  const cases: [string | undefined, number][] = [
    [undefined, 0],
    ['5', 5],
    ['-5', -5],
    ['0', 0],
    ['+10', 0],
    ['008', 0],
    ['1.5', 0],
    ['abc', 0],
    ['2147483647', 2147483647],
    ['2147483648', 0],
    ['-2147483648', -2147483648],
  ];
  for (const [v, want] of cases) {
    const p = pod('p', v === undefined ? {} : { cost: v });
    assert.equal(deletionCost(p), want, `cost ${v}`);
  }
});

test('log2 age buckets in nanoseconds', () => {
  assert.equal(logAgeBucket(T0, T0 + 3000), 31); // 3e9 ns
  assert.equal(logAgeBucket(T0, T0 + 11000), 33); // 1.1e10 ns
  assert.equal(logAgeBucket(T0, T0), -1);
  assert.equal(logAgeBucket(T0 + 5, T0), -1);
});

test('each ranking rule decides on its own, in order', () => {
  const table: { rule: string; first: KubeObject; second: KubeObject }[] = [
    { rule: 'unscheduled first', first: pod('a', { phase: 'Pending' }), second: pod('b', { node: 'n1', phase: 'Pending' }) },
    { rule: 'Pending before Running', first: pod('a', { node: 'n1', phase: 'Pending' }), second: pod('b', { node: 'n1' }) },
    { rule: 'Unknown before Running', first: pod('a', { node: 'n1', phase: 'Unknown' }), second: pod('b', { node: 'n1' }) },
    { rule: 'not ready first', first: pod('a', { node: 'n1' }), second: pod('b', { node: 'n1', readySince: T0 }) },
    {
      rule: 'lower deletion cost first, even if younger ready',
      first: pod('a', { node: 'n1', readySince: T0, cost: '-1' }),
      second: pod('b', { node: 'n1', readySince: NOW - 1000 }),
    },
    {
      rule: 'ready for a shorter time first (different log buckets)',
      first: pod('a', { node: 'n1', readySince: NOW - 10_000 }),
      second: pod('b', { node: 'n1', readySince: NOW - 1_000_000 }),
    },
    {
      rule: 'more restarts first',
      first: pod('a', { node: 'n1', readySince: T0, restarts: 2 }),
      second: pod('b', { node: 'n1', readySince: T0, restarts: 0 }),
    },
    {
      rule: 'newer first',
      first: pod('a', { node: 'n1', created: NOW - 3000 }),
      second: pod('b', { node: 'n1', created: NOW - 11_000 }),
    },
    {
      rule: 'same log bucket: lower UID first, not the younger',
      first: pod('a', { node: 'n1', created: NOW - 9000, uid: '1111' }),
      second: pod('b', { node: 'n1', created: NOW - 8600, uid: '9999' }),
    },
  ];
  for (const { rule, first, second } of table) {
    assert.deepEqual(names(podsToDelete([second, first], [], 1, NOW)), [first.metadata.name], rule);
    assert.deepEqual(names(podsToDelete([first, second], [], 1, NOW)), [first.metadata.name], rule);
  }
});

test('more related pods on the same node first', () => {
  const a = pod('a', { node: 'n1', readySince: T0 });
  const b = pod('b', { node: 'n1', readySince: T0 });
  const c = pod('c', { node: 'n2', readySince: T0 });
  // c alone on n2, a and b share n1: one of the n1 pods goes, though c is not older.
  assert.deepEqual(names(podsToDelete([c, a, b], [a, b, c], 1, NOW)), ['a']);
  // Without related pods (a ReplicaSet without a controller) the rule does not decide; pods
  // equal in every rule go in name order (kubemu's stable sort), so c no longer stands out.
  const c0 = pod('0-c', { node: 'n2', readySince: T0 });
  assert.deepEqual(names(podsToDelete([a, b, c0], [], 1, NOW)), ['0-c']);
  assert.deepEqual(names(podsToDelete([a, b, c0], [a, b, c0], 1, NOW)), ['a']);
});

test('deleting all active pods needs no ranking', () => {
  const ps = [pod('z'), pod('a')];
  assert.deepEqual(names(podsToDelete(ps, [], 2, NOW)), ['z', 'a']);
});

test("the article's stray: adopted, youngest, not ready → deleted", () => {
  const t = NOW;
  const running = (n: string, node: string) => pod(n, { node, readySince: t - 5000, created: t - 11_000 });
  const creating = pod('hello-rs-sbbkz', { node: 'k8s-node-2', phase: 'Pending', created: t - 11_000 });
  const stray = pod('stray', { node: 'k8s-node-1', phase: 'Pending', created: t - 3000 });
  const active = [running('hello-rs-8x855', 'k8s-node-1'), creating, running('hello-rs-v9247', 'k8s-node-2'), stray];
  assert.deepEqual(names(podsToDelete(active, [], 1, t)), ['stray']);
});
