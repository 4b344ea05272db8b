import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { ComponentState } from '../../../src/controllers/framework/state.js';
import { SchedulerCache } from '../../../src/controllers/scheduler/cache.js';
import { PlacementIndex } from '../../../src/controllers/scheduler/placements.js';
import { NodeTotals, nodePodsOf } from '../../../src/controllers/scheduler/node-pods.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { WatchEvent } from '../../../src/apiserver/server.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const POD = findByKind('v1', 'Pod')!;
const isWeb = (l: Record<string, string> | undefined) => l?.['app'] === 'web';

function pod(name: string, node: string | undefined, app: string, cpu: string, hostPort?: number): KubeObject {
  const container = { name: 'c', image: 'i', resources: { requests: { cpu } }, ...(hostPort ? { ports: [{ containerPort: 80, hostPort }] } : {}) };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels: { app } },
    spec: { ...(node ? { nodeName: node } : {}), containers: [container] },
  };
}

/**
 * What the cache keeps (totals, spread counts) equals what adding up and counting `expected`
 * gives: the pods the test knows to hold resources on each node.
 */
function check(cache: SchedulerCache, c: ReturnType<typeof openCluster>, state: ComponentState, expected: readonly KubeObject[], label: string): void {
  const count = cache.spreadCounter(c.api, state, 'web', 'default', isWeb);
  const byNode = cache.nodePods(c.api, state);
  for (const node of ['n1', 'n2']) {
    const pods = expected.filter((p) => (p['spec'] as { nodeName?: string }).nodeName === node);
    const want = nodePodsOf(pods);
    const got = byNode.get(node);
    assert.equal(got?.count ?? 0, want.count, `${label}: pods on ${node}`);
    assert.equal(got?.requested.get('cpu') ?? 0, want.requested.get('cpu') ?? 0, `${label}: cpu on ${node}`);
    assert.equal(got?.nonZeroRequested.get('memory') ?? 0, want.nonZeroRequested.get('memory') ?? 0, `${label}: non-zero memory on ${node}`);
    assert.equal(got?.withHostPorts ?? 0, want.withHostPorts, `${label}: host ports on ${node}`);
    const web = pods.filter((p) => !p.metadata.deletionTimestamp && isWeb(p.metadata.labels)).length;
    assert.equal(count(node), web, `${label}: web pods on ${node}`);
  }
}

/** The pods of the store that hold resources: bound and not finished. */
function current(c: ReturnType<typeof openCluster>): KubeObject[] {
  return c.api.list(POD, undefined).filter((p) => {
    const x = p as { spec?: { nodeName?: string }; status?: { phase?: string } };
    return !!x.spec?.nodeName && x.status?.phase !== 'Succeeded' && x.status?.phase !== 'Failed';
  });
}

function uids(pods: readonly KubeObject[] | undefined): string[] {
  return [...(pods ?? [])].map((p) => p.metadata.uid ?? '').sort();
}

function names(pods: readonly KubeObject[] | undefined): string[] {
  return [...(pods ?? [])].map((p) => p.metadata.name ?? '').sort();
}

test('the cache keeps per-node request totals and spread counts through binds, status changes, relabels, deletion marks and removals', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const state = new ComponentState(c.store, 'test-scheduler-cache');
  const cache = new SchedulerCache(new PlacementIndex(), (api) => api.revision());
  const a = c.api.create(POD, 'default', pod('a', 'n1', 'web', '100m'));
  const b = c.api.create(POD, 'default', pod('b', 'n1', 'db', '250m'));
  cache.upsert(a);
  cache.upsert(b);
  check(cache, c, state, [a, b], 'two pods');
  // a selector asked for later counts the pods already there; a pod placed later counts too
  const d = c.api.create(POD, 'default', pod('d', 'n2', 'web', '300m'));
  cache.upsert(d);
  check(cache, c, state, [a, b, d], 'third pod');
  // a status write: the same pod, a new object
  const a2 = c.api.updateStatus(POD, { ...a, metadata: { ...a.metadata, resourceVersion: undefined }, status: { phase: 'Running' } });
  cache.upsert(a2);
  check(cache, c, state, [a2, b, d], 'status');
  // relabelled out of the selection
  const b2 = c.api.update(POD, { ...c.api.get(POD, 'default', 'b'), metadata: { ...c.api.get(POD, 'default', 'b').metadata, labels: { app: 'web' } } });
  cache.upsert(b2);
  check(cache, c, state, [a2, b2, d], 'relabel');
  // being deleted: still holds its requests, no longer counted for spreading
  const b3 = { ...b2, metadata: { ...b2.metadata, resourceVersion: String(Number(b2.metadata.resourceVersion) + 1), deletionTimestamp: '2026-12-01T00:00:00Z' } };
  cache.upsert(b3);
  check(cache, c, state, [a2, b3, d], 'terminating');
  // finished and removed
  cache.upsert({ ...d, metadata: { ...d.metadata, resourceVersion: String(c.api.revision() + 10) }, status: { phase: 'Succeeded' } });
  cache.remove(a2.metadata.uid ?? '', c.api.revision() + 10);
  check(cache, c, state, [b3], 'gone');
  assert.deepEqual(names(cache.podsByNode(c.api, state).get('n1')), ['b']);
  assert.equal(cache.podsByNode(c.api, state).get('n2')?.length ?? 0, 0);
});

/** The informer's delivery of the writes after `from`, as the scheduler controller passes it on. */
function deliver(c: ReturnType<typeof openCluster>, state: ComponentState, cache: SchedulerCache, from: number): number {
  for (const ev of c.api.changesSince(from, POD, undefined) as WatchEvent[]) {
    cache.seen(c.api, state, ev);
    if (ev.type === 'DELETED') cache.remove(ev.object.metadata.uid ?? '', ev.revision);
    else cache.upsert(ev.object);
  }
  return c.api.revision();
}

test('a new process starts from the totals kept with the placements, learns only the pods that change, and all of them when asked', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const state = new ComponentState(c.store, 'test-scheduler-cache');
  // The first process: three pods placed and seen, written back at the end of its step.
  let cursor = c.api.revision();
  const first = new PlacementIndex();
  const cache1 = new SchedulerCache(first, () => cursor);
  const a = c.api.create(POD, 'default', pod('a', 'n1', 'web', '100m'));
  const b = c.api.create(POD, 'default', pod('b', 'n1', 'db', '250m', 8080));
  const d = c.api.create(POD, 'default', pod('d', 'n2', 'web', '300m'));
  check(cache1, c, state, current(c), 'first process');
  cursor = deliver(c, state, cache1, cursor);
  first.flush(state);

  // The next process: the totals come from the file, then events, an own binding, a deletion.
  const second = new PlacementIndex();
  const cache2 = new SchedulerCache(second, () => cursor);
  check(cache2, c, state, current(c), 'from the file');
  const a2 = c.api.updateStatus(POD, { ...a, metadata: { ...a.metadata, resourceVersion: undefined }, status: { phase: 'Running' } });
  const bNow = c.api.get(POD, 'default', 'b');
  const b2 = c.api.update(POD, { ...bNow, metadata: { ...bNow.metadata, labels: { app: 'web' } } });
  c.api.delete(POD, 'default', 'd');
  cursor = deliver(c, state, cache2, cursor);
  check(cache2, c, state, current(c), 'events');
  c.api.create(POD, 'default', pod('f', undefined, 'web', '50m'));
  c.api.bind(POD, 'default', 'f', 'n2');
  const f = c.api.get(POD, 'default', 'f');
  cache2.upsert(f);
  check(cache2, c, state, current(c), 'assumed');
  cursor = deliver(c, state, cache2, cursor);
  check(cache2, c, state, current(c), 'binding seen');
  second.flush(state);

  // A third process, with writes after the cursor: the cache brings the totals up to now.
  const third = new PlacementIndex();
  const cache3 = new SchedulerCache(third, () => cursor);
  const g = c.api.create(POD, 'default', pod('g', 'n1', 'web', '400m'));
  c.api.delete(POD, 'default', 'a');
  const f2 = c.api.updateStatus(POD, { ...f, metadata: { ...f.metadata, resourceVersion: undefined }, status: { phase: 'Succeeded' } });
  check(cache3, c, state, current(c), 'writes since the cursor');
  // An event the cache knew from those writes changes nothing; the pods asked for are those counted.
  deliver(c, state, cache3, cursor);
  check(cache3, c, state, current(c), 'those writes seen');
  const lists = cache3.podsByNode(c.api, state);
  for (const node of ['n1', 'n2']) assert.deepEqual(uids(lists.get(node)), uids(current(c).filter((p) => (p['spec'] as { nodeName?: string }).nodeName === node)), `pods on ${node}`);
  check(cache3, c, state, current(c), 'every pod learnt');
  assert.equal((f2 as { status?: { phase?: string } }).status?.phase, 'Succeeded');
  third.flush(state);

  // A file whose placements were written back without totals (an older build): added up again.
  for (const k of ['placement-header:0', ...Array.from({ length: 64 }, (_, i) => `placement-groups:0:${i}`)]) c.store.deleteMeta(`state:test-scheduler-cache:${k}`);
  for (let i = 0; i < 4; i++) c.store.deleteMeta(`state:test-scheduler-cache:placement-node:0:${i}`);
  state.set('placements-version', '0:99');
  const fourth = new PlacementIndex();
  check(new SchedulerCache(fourth, () => c.api.revision()), c, state, current(c), 'older file');
});

test('pod events before the first use only note each pod: nothing is added up until the cache is built, and it is built right', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const state = new ComponentState(c.store, 'test-scheduler-cache-first');
  let cursor = c.api.revision();
  const first = new PlacementIndex();
  const cache1 = new SchedulerCache(first, () => cursor);
  c.api.create(POD, 'default', pod('a', 'n1', 'web', '100m'));
  c.api.create(POD, 'default', pod('b', 'n1', 'db', '250m', 8080));
  check(cache1, c, state, current(c), 'first process');
  cursor = deliver(c, state, cache1, cursor);
  first.flush(state);

  // A new process: its first step's events (a deletion mark, a new pod, a finished one, a
  // relabelling) come before its first scheduling cycle.
  const second = new PlacementIndex();
  const cache2 = new SchedulerCache(second, () => cursor);
  const from = c.api.revision();
  const a = c.api.get(POD, 'default', 'a');
  c.api.update(POD, { ...a, metadata: { ...a.metadata, labels: { app: 'db' } } });
  // d serves on a container port (no host port): its placement keeps none, and counts alike
  const served = pod('d', 'n2', 'web', '300m');
  const spec = served['spec'] as { containers: Record<string, unknown>[] };
  c.api.create(POD, 'default', { ...served, spec: { ...spec, containers: spec.containers.map((x) => ({ ...x, ports: [{ containerPort: 8080 }] })) } });
  c.api.create(POD, 'default', pod('e', 'n2', 'web', '50m'));
  const e = c.api.get(POD, 'default', 'e');
  c.api.updateStatus(POD, { ...e, metadata: { ...e.metadata, resourceVersion: undefined }, status: { phase: 'Failed' } });
  c.api.delete(POD, 'default', 'b');
  let changes = 0;
  const original = NodeTotals.prototype.change;
  NodeTotals.prototype.change = function (this: NodeTotals, ...args: Parameters<typeof original>) {
    // the cache's nodes (a subclass), not the placement index's totals, which follow every event
    if (this.constructor !== NodeTotals) changes++;
    return original.apply(this, args);
  };
  let building = 0;
  try {
    deliver(c, state, cache2, from);
    assert.equal(changes, 0, 'nothing added up before the first use');
    cache2.nodePods(c.api, state);
    building = changes;
  } finally {
    NodeTotals.prototype.change = original;
  }
  // The index took the same events, so each pod's placement is its last entry already: going
  // from one to the other (the build) takes no requests away and adds none again.
  assert.equal(building, 0, 'the build adds nothing up again');
  check(cache2, c, state, current(c), 'built after the events');
  assert.deepEqual(uids(cache2.podsByNode(c.api, state).get('n2')), [c.api.get(POD, 'default', 'd').metadata.uid]);
});
