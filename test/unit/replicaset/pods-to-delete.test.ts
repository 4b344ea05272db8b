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

/**
 * The ranking with every rule read from the pods at each comparison, as the rules are written:
 * podsToDelete computes each pod's values once before sorting, and must choose exactly these
 * pods in exactly this order (the sort sees the same answers to the same comparisons).
 */
function referenceOrder(active: KubeObject[], related: KubeObject[], n: number, nowMs: number): string[] {
  const nodeOf = (p: KubeObject) => (p.spec as { nodeName?: string }).nodeName ?? '';
  const st = (p: KubeObject) => p.status as { phase?: string; conditions: { status: string; lastTransitionTime: string }[]; containerStatuses: { restartCount: number }[] };
  const ready = (p: KubeObject) => st(p).conditions[0]?.status === 'True';
  const onNode = new Map<string, number>();
  for (const p of related) onNode.set(nodeOf(p), (onNode.get(nodeOf(p)) ?? 0) + 1);
  const order: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };
  const newer = (ta: number, tb: number, a: KubeObject, b: KubeObject) => {
    if (ta === tb) return 0;
    const d = logAgeBucket(ta, nowMs) - logAgeBucket(tb, nowMs);
    if (d !== 0) return d;
    return (a.metadata.uid ?? '') < (b.metadata.uid ?? '') ? -1 : (a.metadata.uid ?? '') > (b.metadata.uid ?? '') ? 1 : 0;
  };
  const less = (a: KubeObject, b: KubeObject): number => {
    if (nodeOf(a) !== nodeOf(b) && (nodeOf(a) === '' || nodeOf(b) === '')) return nodeOf(a) === '' ? -1 : 1;
    const pa = order[st(a).phase ?? ''] ?? 0;
    const pb = order[st(b).phase ?? ''] ?? 0;
    if (pa !== pb) return pa - pb;
    if (ready(a) !== ready(b)) return ready(a) ? 1 : -1;
    if (deletionCost(a) !== deletionCost(b)) return deletionCost(a) - deletionCost(b);
    const ra = onNode.get(nodeOf(a)) ?? 0;
    const rb = onNode.get(nodeOf(b)) ?? 0;
    if (ra !== rb) return rb - ra;
    if (ready(a) && ready(b)) {
      const c = newer(Date.parse(st(a).conditions[0]!.lastTransitionTime), Date.parse(st(b).conditions[0]!.lastTransitionTime), a, b);
      if (c !== 0) return c;
    }
    const xa = st(a).containerStatuses[0]!.restartCount;
    const xb = st(b).containerStatuses[0]!.restartCount;
    if (xa !== xb) return xb - xa;
    return newer(Date.parse(a.metadata.creationTimestamp!), Date.parse(b.metadata.creationTimestamp!), a, b);
  };
  return [...active]
    .sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1))
    .sort(less)
    .slice(0, n)
    .map((p) => p.metadata.name ?? '');
}

test('podsToDelete picks what the rules read at each comparison pick, in the same order (300 varied pods)', () => {
  let seed = 7;
  const rand = (k: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  const pods: KubeObject[] = [];
  for (let i = 0; i < 300; i++) {
    // Ages a few seconds apart (same log2 bucket, UID decides) and minutes apart (the bucket does).
    const ages = [5_000, 60_000, 600_000, 3_000_000];
    const readyAge = ages[rand(4)]! + rand(3) * 1000;
    pods.push(
      pod(`p-${String(i).padStart(3, '0')}`, {
        ...(rand(6) ? { node: `n${rand(4)}` } : {}),
        phase: ['Running', 'Running', 'Pending', 'Unknown'][rand(4)]!,
        ...(rand(3) ? { readySince: NOW - readyAge } : {}),
        created: NOW - readyAge - ages[rand(4)]! - rand(3) * 1000,
        ...(rand(5) === 0 ? { cost: String(rand(3) - 1) } : {}),
        restarts: rand(4) === 0 ? rand(3) : 0,
        uid: `u-${rand(50)}`,
      }),
    );
  }
  const related = [...pods, ...pods.slice(0, 40).map((p, i) => pod(`other-${i}`, { node: `n${i % 3}` }))];
  for (const n of [1, 37, 150, 299]) {
    assert.deepEqual(names(podsToDelete(pods, related, n, NOW)), referenceOrder(pods, related, n, NOW), `n=${n}`);
  }
});
