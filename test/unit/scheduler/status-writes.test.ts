import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { ComponentState } from '../../../src/controllers/framework/state.js';
import { SchedulerCache } from '../../../src/controllers/scheduler/cache.js';
import { PlacementIndex } from '../../../src/controllers/scheduler/placements.js';
import { NodeTotals, sameDemand } from '../../../src/controllers/scheduler/node-pods.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { WatchEvent } from '../../../src/apiserver/server.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { rowHash } from '../../../src/controllers/scheduler/row-hash.js';

// Most pod events the scheduler sees are status writes (a rollout of 1,000 pods: ~2,750 of its
// ~5,000 pod events count alike in the cache, 1,250 leave the placement as it was). They must
// change nothing, and cost no adding up of requests and no placement text.

const POD = findByKind('v1', 'Pod')!;

function pod(name: string, node: string, cpu: string, labels: Record<string, string> = { app: 'web' }): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels },
    spec: { nodeName: node, containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }] },
  };
}

/** A new object of the pod with rev and the fields given (as a decoded event's would be). */
function next(p: KubeObject, rev: number, change: Partial<KubeObject>): KubeObject {
  return { ...p, ...change, metadata: { ...p.metadata, ...(change.metadata ?? {}), resourceVersion: String(rev) } };
}

/** Counts NodeTotals.change calls (the cache's nodes are NodeTotals) while fn runs. */
function countChanges(fn: () => void): number {
  const proto = NodeTotals.prototype;
  const original = proto.change;
  let n = 0;
  proto.change = function (this: NodeTotals, ...args: Parameters<NodeTotals['change']>) {
    n++;
    return original.apply(this, args);
  };
  try {
    fn();
  } finally {
    proto.change = original;
  }
  return n;
}

test('a status write leaves the cache counts as they are, without adding the pod up again; a changed request does not', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const state = new ComponentState(c.store, 'test-status-writes');
  const cache = new SchedulerCache(new PlacementIndex(), (api) => api.revision());
  const a = c.api.create(POD, 'default', pod('a', 'n1', '100m'));
  cache.upsert(a);
  const web = cache.spreadCounter(c.api, state, 'web', 'default', (l) => l?.['app'] === 'web');
  const rev = Number(a.metadata.resourceVersion);
  const running = next(a, rev + 1, { status: { phase: 'Running' } } as Partial<KubeObject>);
  assert.equal(countChanges(() => cache.upsert(running)), 0, 'status write: nothing added up');
  const n1 = () => cache.nodePods(c.api, state).get('n1');
  assert.equal(n1()?.count, 1);
  assert.equal(n1()?.requested.get('cpu'), 100);
  assert.equal(web('n1'), 1);
  // the same amount written anew (another object with equal requests) counts alike too
  const same = next(running, rev + 2, { spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'j', resources: { requests: { cpu: '100m' } } }] } } as Partial<KubeObject>);
  assert.equal(countChanges(() => cache.upsert(same)), 0, 'equal requests: nothing added up');
  // a request that changes is taken away and added again
  const bigger = next(same, rev + 3, { spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'j', resources: { requests: { cpu: '300m' } } }] } } as Partial<KubeObject>);
  assert.equal(countChanges(() => cache.upsert(bigger)), 2);
  assert.equal(n1()?.requested.get('cpu'), 300);
  assert.equal(n1()?.count, 1);
  // a deletion mark leaves the spread group, and the node counts the pod as before: its requests
  // are not taken away and added again, but what was worked out for the node is stale (version)
  const marked = next(bigger, rev + 4, { metadata: { ...bigger.metadata, deletionTimestamp: '2026-12-01T00:00:00Z' } });
  const version = n1()?.version ?? 0;
  assert.equal(countChanges(() => cache.upsert(marked)), 0);
  assert.equal(web('n1'), 0);
  assert.equal(n1()?.requested.get('cpu'), 300);
  assert.equal(n1()?.count, 1);
  assert.ok((n1()?.version ?? 0) > version);
});

test('recount leaves a node totals as taking a pod away and adding it again does, to the stored order of priorities', () => {
  const withPriority = (name: string, priority: number) => {
    const p = pod(name, 'n1', '100m');
    return { ...p, spec: { ...(p['spec'] as object), priority } } as KubeObject;
  };
  const low = withPriority('low', 0);
  const high = withPriority('high', 100);
  const build = () => {
    const t = new NodeTotals();
    t.change(low, 1);
    t.change(high, 1);
    t.change(high, 1);
    return t;
  };
  const twice = build();
  twice.change(low, -1);
  twice.change(low, 1);
  const once = build();
  once.recount(low);
  assert.deepEqual(once.stored(), twice.stored());
  assert.deepEqual(once.stored()[4], [[100, 2], [0, 1]], 'the only pod of priority 0 went and came back: its entry is last');
  assert.equal(once.version, twice.version);
  // a priority with other pods keeps its place
  const kept = build();
  kept.recount(high);
  assert.deepEqual(kept.stored()[4], [[0, 1], [100, 2]]);
});

test('sameDemand: equal only when requests, restart policies, host ports, overhead and priority are', () => {
  const base = pod('a', 'n1', '100m');
  const withSpec = (spec: Record<string, unknown>) => ({ ...base, spec: { nodeName: 'n1', ...spec } }) as KubeObject;
  const containers = [{ name: 'c', image: 'i', resources: { requests: { cpu: '100m' } } }];
  assert.equal(sameDemand(base, withSpec({ containers })), true);
  assert.equal(sameDemand(base, withSpec({ containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '0.1' } } }] })), false, 'written differently');
  assert.equal(sameDemand(base, withSpec({ containers, priority: 5 })), false);
  assert.equal(sameDemand(base, withSpec({ containers, overhead: { cpu: '10m' } })), false);
  assert.equal(sameDemand(base, withSpec({ containers: [{ ...containers[0], ports: [{ containerPort: 80, hostPort: 80 }] }] })), false);
  // a port without a host port counts for nothing (a placement keeps only the host ones)
  const http = [{ ...containers[0], ports: [{ containerPort: 80 }, { containerPort: 90, hostPort: 90 }] }];
  assert.equal(sameDemand(withSpec({ containers: http }), withSpec({ containers: [{ ...containers[0], ports: [{ containerPort: 90, hostPort: 90 }] }] })), true);
  assert.equal(sameDemand(withSpec({ containers: http }), withSpec({ containers: [{ ...containers[0], ports: [{ containerPort: 90, hostPort: 91 }] }] })), false);
  assert.equal(sameDemand(withSpec({ containers: http }), withSpec({ containers })), false);
  assert.equal(sameDemand(withSpec({ containers }), withSpec({ containers: http })), false);
  assert.equal(sameDemand(base, withSpec({ containers: [{ ...containers[0], ports: [{ containerPort: 80 }] }] })), true);
  assert.equal(sameDemand(base, withSpec({ containers, initContainers: [{ name: 'i', image: 'i', restartPolicy: 'Always' }] })), false);
  assert.equal(sameDemand(base, withSpec({ containers: [...containers, { name: 'd', image: 'i' }] })), false);
});

/** Counts JSON.stringify calls while fn runs (the index's placement texts are JSON texts). */
function countStringify(fn: () => void): number {
  const original = JSON.stringify;
  let n = 0;
  JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
    n++;
    return original(...args);
  }) as typeof JSON.stringify;
  try {
    fn();
  } finally {
    JSON.stringify = original;
  }
  return n;
}

test('a status write that keeps the placement is told without a placement text and writes no row; a relabelling in another key order does', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const state = new ComponentState(c.store, 'test-status-writes');
  const index = new PlacementIndex();
  const a = c.api.create(POD, 'default', pod('a', 'n1', '100m', { app: 'web', tier: 'x' }));
  const event = (object: KubeObject): WatchEvent => ({ type: 'MODIFIED', object, revision: Number(object.metadata.resourceVersion) }) as WatchEvent;
  const version = () => state.text('placements-version');
  index.event(c.api, state, event(a));
  index.flush(state);
  const rev = Number(a.metadata.resourceVersion);
  const running = next(a, rev + 1, { status: { phase: 'Running' } } as Partial<KubeObject>);
  index.event(c.api, state, event(running));
  index.flush(state);
  const v1 = version();
  // Ready: the phase stays, only status conditions and the resourceVersion change
  const ready = next(running, rev + 2, { status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } } as Partial<KubeObject>);
  assert.equal(countStringify(() => index.event(c.api, state, event(ready))), 0, 'no placement text');
  index.flush(state);
  assert.equal(version(), v1, 'nothing written back');
  // the same labels in another order: the stored text differs, so the row is written as before
  const reordered = next(ready, rev + 3, { metadata: { ...ready.metadata, labels: { tier: 'x', app: 'web' } } });
  index.event(c.api, state, event(reordered));
  index.flush(state);
  assert.notEqual(version(), v1, 'row written back');
  assert.deepEqual(Object.keys(index.placement(c.api, state, a.metadata.uid ?? '')?.metadata.labels ?? {}), ['tier', 'app']);
});

test("a row written back joins its placements' kept texts: one changed placement is one text made, and the row reads as JSON.stringify of its placements", () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const state = new ComponentState(c.store, 'test-row-texts');
  const index = new PlacementIndex();
  const event = (object: KubeObject): WatchEvent => ({ type: 'MODIFIED', object, revision: Number(object.metadata.resourceVersion) }) as WatchEvent;
  // pods until two share a row (1,024 rows, by UID)
  const byRow = new Map<number, KubeObject[]>();
  let shared: KubeObject[] | undefined;
  for (let i = 0; !shared; i++) {
    const p = c.api.create(POD, 'default', pod(`p${i}`, `n${i % 3}`, `${i + 1}m`, { app: 'web', i: String(i) }));
    index.event(c.api, state, event(p));
    const row = rowHash(p.metadata.uid ?? '') % 1024;
    const list = [...(byRow.get(row) ?? []), p];
    byRow.set(row, list);
    if (list.length > 1) shared = list;
  }
  index.flush(state);
  const [first, second] = shared;
  const row = rowHash(first!.metadata.uid ?? '') % 1024;
  const relabelled = next(second!, Number(second!.metadata.resourceVersion) + 100, { metadata: { ...second!.metadata, labels: { app: 'db' } } });
  index.event(c.api, state, event(relabelled));
  // texts of placements (objects with a pod UID `u`) made while writing back
  const original = JSON.stringify;
  let placements = 0;
  JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
    const v: unknown = args[0];
    if (typeof v === 'object' && v !== null && 'u' in v) placements++;
    return original(...args);
  }) as typeof JSON.stringify;
  try {
    index.flush(state);
  } finally {
    JSON.stringify = original;
  }
  assert.equal(placements, 1);
  const text = state.text(`placements:0:${row}`) ?? '';
  const stored = JSON.parse(text) as { u: string; l: Record<string, string> }[];
  assert.equal(text, JSON.stringify(stored));
  assert.deepEqual(stored.map((s) => [s.u, s.l]), [
    [first!.metadata.uid, first!.metadata.labels],
    [second!.metadata.uid, { app: 'db' }],
  ]);
});

test('a graceful deletion mark keeps the placement totals of the node without adding the pod up again; its spread group stops counting it', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const state = new ComponentState(c.store, 'test-deletion-mark');
  const index = new PlacementIndex();
  const event = (object: KubeObject): WatchEvent => ({ type: 'MODIFIED', object, revision: Number(object.metadata.resourceVersion) }) as WatchEvent;
  const a = c.api.create(POD, 'default', pod('a', 'n1', '100m'));
  const b = c.api.create(POD, 'default', pod('b', 'n1', '200m'));
  index.event(c.api, state, event(a));
  index.event(c.api, state, event(b));
  index.flush(state);
  const marked = next(a, Number(a.metadata.resourceVersion) + 10, { metadata: { ...a.metadata, deletionTimestamp: '2026-12-01T00:00:00Z' } });
  assert.equal(countChanges(() => index.event(c.api, state, event(marked))), 0, 'nothing added up');
  index.flush(state);
  const totals = index.totalsNow(c.api, state);
  const n1 = totals.nodes.get('n1');
  assert.equal(n1?.count, 2);
  assert.equal(n1?.requested.get('cpu'), 300);
  assert.deepEqual([...totals.groups.values()].filter((g) => g.ns === 'default').map((g) => [...g.perNode]), [[['n1', 1]]]);
  // what a new process reads back is what it would add up from the rows
  const fresh = new PlacementIndex();
  const stored = fresh.totalsNow(c.api, state).nodes.get('n1');
  assert.deepEqual(stored?.stored(), n1?.stored());
  assert.equal(fresh.placement(c.api, state, a.metadata.uid ?? '')?.metadata.deletionTimestamp, '2026-12-01T00:00:00Z');
});
