import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { ComponentState } from '../../../src/controllers/framework/state.js';
import { SchedulerCache } from '../../../src/controllers/scheduler/cache.js';
import { PlacementIndex } from '../../../src/controllers/scheduler/placements.js';
import { nodePodsOf } from '../../../src/controllers/scheduler/node-pods.js';
import { type Evaluated, NodeEvaluations, evaluateNodes } from '../../../src/controllers/scheduler/node-evals.js';
import { SpreadSelectors, type SpreadSelector } from '../../../src/controllers/scheduler/spread-selectors.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const POD = findByKind('v1', 'Pod')!;
const SERVICE = findByKind('v1', 'Service')!;
const RS = findByKind('apps/v1', 'ReplicaSet')!;

function cluster(): Cluster {
  return openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
}

function replicaSet(name: string, app: string): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name },
    spec: {
      replicas: 0,
      selector: { matchLabels: { app } },
      template: { metadata: { labels: { app } }, spec: { containers: [{ name: 'c', image: 'i' }] } },
    },
  };
}

function service(name: string, selector: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { selector, ports: [{ port: 80 }] } };
}

/** A pod to be scheduled, frozen as the API server hands pods out. */
function pending(name: string, labels: Record<string, string>, cpu?: string): KubeObject {
  const container = { name: 'c', image: 'i', ...(cpu ? { resources: { requests: { cpu } } } : {}) };
  return Object.freeze({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels }, spec: { containers: [container] } });
}

const describe = (s: SpreadSelector | undefined) => (s ? { key: s.key, required: s.required } : undefined);

test('the remembered spread selector of a label set follows the Services and ReplicaSets that select it, and only those', () => {
  const c = cluster();
  const memo = new SpreadSelectors();
  // What a memo that has seen nothing before gives: the selector as upstream works it out each time.
  const fresh = (p: KubeObject) => describe(new SpreadSelectors().of(c.api, p));
  const web = pending('w1', { app: 'web', tier: 'fe' });
  const db = pending('d1', { app: 'db' });
  c.api.create(RS, 'default', replicaSet('web', 'web'));
  c.api.create(RS, 'default', replicaSet('db', 'db'));
  const first = memo.of(c.api, web);
  assert.deepEqual(describe(first), { key: '["rs:app=web"]', required: ['app', 'web'] });
  assert.deepEqual(describe(memo.of(c.api, db)), { key: '["rs:app=db"]', required: ['app', 'db'] });

  // A status write changes the list, not a selector: the same selector, not worked out again.
  const rs = c.api.get(RS, 'default', 'web');
  c.api.updateStatus(RS, { ...rs, status: { replicas: 0, observedGeneration: 1 } });
  assert.equal(memo.of(c.api, pending('w2', { app: 'web', tier: 'fe' })), first);

  // A Service selecting the web pods, made between two of them: the next one spreads by both.
  c.api.create(SERVICE, 'default', service('fe', { tier: 'fe' }));
  const w3 = pending('w3', { app: 'web', tier: 'fe' });
  const both = memo.of(c.api, w3);
  assert.deepEqual(describe(both), { key: '["svc:[[\\"tier\\",\\"fe\\"]]","rs:app=web"]', required: ['tier', 'fe'] });
  assert.deepEqual(describe(both), fresh(w3));
  assert.equal(both?.matches({ app: 'web' }), false, 'a web pod outside the Service no longer counts');
  assert.equal(both?.matches({ app: 'web', tier: 'fe' }), true);
  // ...while the db pods' selector, which it does not select, stays as it was.
  assert.deepEqual(describe(memo.of(c.api, db)), { key: '["rs:app=db"]', required: ['app', 'db'] });

  // The Service's selector changed to pick the db pods: both label sets are worked out again.
  const svc = c.api.get(SERVICE, 'default', 'fe');
  c.api.update(SERVICE, { ...svc, spec: { ...(svc['spec'] as object), selector: { app: 'db' } } });
  const w4 = pending('w4', { app: 'web', tier: 'fe' });
  assert.deepEqual(describe(memo.of(c.api, w4)), { key: '["rs:app=web"]', required: ['app', 'web'] });
  assert.deepEqual(describe(memo.of(c.api, db)), { key: '["svc:[[\\"app\\",\\"db\\"]]","rs:app=db"]', required: ['app', 'db'] });
  assert.deepEqual(describe(memo.of(c.api, db)), fresh(db));

  // A second ReplicaSet selecting the web pods, whose name sorts before the first: its part comes first.
  c.api.create(RS, 'default', replicaSet('a-web', 'web'));
  assert.deepEqual(describe(memo.of(c.api, w4)), { key: '["rs:app=web","rs:app=web"]', required: ['app', 'web'] });
  assert.deepEqual(describe(memo.of(c.api, w4)), fresh(w4));

  // Both gone: nothing selects the web pods, they are not spread.
  c.api.delete(RS, 'default', 'web');
  c.api.delete(RS, 'default', 'a-web');
  assert.equal(memo.of(c.api, pending('w5', { app: 'web', tier: 'fe' })), undefined);
  c.close();
});

/** A worker with 2 cpus; `taint` makes it NoSchedule. */
function node(name: string, taint = false): KubeObject {
  return Object.freeze({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: Object.freeze({ name, labels: Object.freeze({ 'kubernetes.io/hostname': name }) }),
    spec: Object.freeze(taint ? { taints: [{ key: 'gone', effect: 'NoSchedule' }] } : {}),
    status: Object.freeze({ allocatable: Object.freeze({ cpu: '2', memory: '4Gi', pods: '110' }) }),
  });
}

function bound(c: Cluster, name: string, nodeName: string, cpu: string): KubeObject {
  return c.api.create(POD, 'default', {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels: { app: 'bound' } },
    spec: { nodeName, containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }] },
  });
}

/** Which nodes fit, with their raw scores, and why the others do not: comparable with deepEqual. */
function outcome(e: Evaluated): unknown {
  return {
    fits: e.feasible.map((f, i) => [f.node.metadata.name, e.raw[i]]),
    not: e.failures.map((f) => [f.node.metadata.name, f.failure.reasons]),
  };
}

test('remembered filter verdicts and scores give way when a node gets pods, its first pod, or a taint', () => {
  const c = cluster();
  const state = new ComponentState(c.store, 'test-scheduler-memos');
  const cache = new SchedulerCache(new PlacementIndex(), (api) => api.revision());
  const memo = new NodeEvaluations();
  const empty = nodePodsOf([]);
  let nodes: readonly KubeObject[] = [node('n1'), node('n2'), node('n3')];
  // Each pod of the same shape (1500m), evaluated with what the memo keeps and afresh: they must agree.
  let n = 0;
  const place = () => {
    const p = pending(`p${++n}`, { app: 'web' }, '1500m');
    const byNode = cache.nodePods(c.api, state);
    const remembered = outcome(evaluateNodes(p, nodes, byNode, empty, memo.forPod(p)));
    assert.deepEqual(remembered, outcome(evaluateNodes(p, nodes, byNode, empty, undefined)), `pod ${n}`);
    return remembered as { fits: [string, unknown][]; not: [string, string[]][] };
  };
  cache.upsert(bound(c, 'a', 'n1', '100m'));
  cache.upsert(bound(c, 'b', 'n2', '100m'));
  assert.deepEqual(place().fits.map(([name]) => name), ['n1', 'n2', 'n3']);
  assert.deepEqual(place().fits.map(([name]) => name), ['n1', 'n2', 'n3'], 'nothing changed: the same answers');

  // n1's totals change (its NodePods object stays, its version moves): 1500m no longer fits there.
  cache.upsert(bound(c, 'c', 'n1', '1000m'));
  assert.deepEqual(place().not, [['n1', ['Insufficient cpu']]]);

  // n3 gets its first pod (a new entry in the cache's map of nodes): no longer room there either.
  cache.upsert(bound(c, 'd', 'n3', '1000m'));
  assert.deepEqual(place().not, [['n1', ['Insufficient cpu']], ['n3', ['Insufficient cpu']]]);

  // n2 is tainted (a new Node object in a new list): not tolerated.
  nodes = [nodes[0]!, node('n2', true), nodes[2]!];
  const last = place();
  assert.deepEqual(last.fits, []);
  assert.deepEqual(last.not.map(([name]) => name), ['n1', 'n2', 'n3']);
  assert.deepEqual(last.not[1], ['n2', ['node(s) had untolerated taint(s)']]);

  // n1's 1000m pod goes: it fits there again.
  cache.remove(c.api.get(POD, 'default', 'c').metadata.uid ?? '', c.api.revision() + 1);
  assert.deepEqual(place().fits.map(([name]) => name), ['n1']);
  c.close();
});

test('a spread selector filed under the label it requires counts the groups with that label, before and after it is asked for', () => {
  const c = cluster();
  const state = new ComponentState(c.store, 'test-scheduler-memos');
  const cache = new SchedulerCache(new PlacementIndex(), (api) => api.revision());
  const labelled = (name: string, nodeName: string, labels: Record<string, string>) =>
    c.api.create(POD, 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels }, spec: { nodeName, containers: [{ name: 'c', image: 'i' }] } });
  cache.upsert(labelled('a', 'n1', { app: 'web', v: '1' }));
  cache.upsert(labelled('b', 'n1', { app: 'db' }));
  const isWeb = (l: Record<string, string> | undefined) => l?.['app'] === 'web';
  const indexed = cache.spreadCounter(c.api, state, 'web', 'default', isWeb, ['app', 'web']);
  const counts = () => ['n1', 'n2'].map((n) => indexed(n));
  assert.deepEqual(counts(), [1, 0]);
  // groups made after the selector: one with the label (counted), one without
  cache.upsert(labelled('d', 'n2', { v: '2', app: 'web' }));
  cache.upsert(labelled('e', 'n2', { app: 'db', v: '2' }));
  assert.deepEqual(counts(), [1, 1]);
  // the same as a selector not filed under a label, asked for now
  const all = cache.spreadCounter(c.api, state, 'web-any', 'default', isWeb);
  assert.deepEqual(['n1', 'n2'].map((n) => all(n)), [1, 1]);
  c.close();
});
