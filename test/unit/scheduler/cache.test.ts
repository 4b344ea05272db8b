import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { ComponentState } from '../../../src/controllers/framework/state.js';
import { SchedulerCache } from '../../../src/controllers/scheduler/cache.js';
import { PlacementIndex } from '../../../src/controllers/scheduler/placements.js';
import { sumRequests } from '../../../src/controllers/scheduler/requests.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const POD = findByKind('v1', 'Pod')!;

function pod(name: string, node: string, app: string, cpu: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels: { app } },
    spec: { nodeName: node, containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }] },
  };
}

/** What the cache keeps as pods come and go equals what adding up and counting its pods gives. */
function check(cache: SchedulerCache, c: ReturnType<typeof openCluster>, state: ComponentState, label: string): void {
  const isWeb = (l: Record<string, string> | undefined) => l?.['app'] === 'web';
  const count = cache.spreadCounter(c.api, state, 'web', 'default', isWeb);
  const byNode = cache.podsByNode(c.api, state);
  for (const node of ['n1', 'n2']) {
    const pods = byNode.get(node) ?? [];
    const scanned = new Map<string, number>();
    for (const p of pods) {
      const cpu = Number(/^(\d+)m$/.exec(String((p['spec'] as { containers: { resources: { requests: { cpu: string } } }[] }).containers[0]!.resources.requests.cpu))![1]);
      scanned.set('cpu', (scanned.get('cpu') ?? 0) + cpu);
    }
    assert.equal(sumRequests(pods).get('cpu') ?? 0, scanned.get('cpu') ?? 0, `${label}: cpu on ${node}`);
    const web = pods.filter((p) => !p.metadata.deletionTimestamp && isWeb(p.metadata.labels)).length;
    assert.equal(count(node), web, `${label}: web pods on ${node}`);
  }
}

test('the cache keeps per-node request totals and spread counts through binds, status changes, relabels, deletion marks and removals', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const state = new ComponentState(c.store, 'test-scheduler-cache');
  const cache = new SchedulerCache(new PlacementIndex(), (api) => api.revision());
  const a = c.api.create(POD, 'default', pod('a', 'n1', 'web', '100m'));
  const b = c.api.create(POD, 'default', pod('b', 'n1', 'db', '250m'));
  cache.upsert(a);
  cache.upsert(b);
  check(cache, c, state, 'two pods');
  // a selector asked for later counts the pods already there; a pod placed later counts too
  const d = c.api.create(POD, 'default', pod('d', 'n2', 'web', '300m'));
  cache.upsert(d);
  check(cache, c, state, 'third pod');
  // a status write: the same pod, a new object
  const a2 = c.api.updateStatus(POD, { ...a, metadata: { ...a.metadata, resourceVersion: undefined }, status: { phase: 'Running' } });
  cache.upsert(a2);
  check(cache, c, state, 'status');
  // relabelled out of the selection
  const b2 = c.api.update(POD, { ...c.api.get(POD, 'default', 'b'), metadata: { ...c.api.get(POD, 'default', 'b').metadata, labels: { app: 'web' } } });
  cache.upsert(b2);
  check(cache, c, state, 'relabel');
  // being deleted: still holds its requests, no longer counted for spreading
  cache.upsert({ ...b2, metadata: { ...b2.metadata, resourceVersion: String(Number(b2.metadata.resourceVersion) + 1), deletionTimestamp: '2026-12-01T00:00:00Z' } });
  check(cache, c, state, 'terminating');
  // finished and removed
  cache.upsert({ ...d, metadata: { ...d.metadata, resourceVersion: String(c.api.revision() + 10) }, status: { phase: 'Succeeded' } });
  cache.remove(a2.metadata.uid ?? '', c.api.revision() + 10);
  check(cache, c, state, 'gone');
  assert.deepEqual([...(cache.podsByNode(c.api, state).get('n1') ?? [])].map((p) => p.metadata.name), ['b']);
  assert.equal(cache.podsByNode(c.api, state).get('n2')?.length ?? 0, 0);
});
