import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { catchUp } from '../../../src/cluster/time.js';
import { ControlPlane } from '../../../src/controllers/control-plane.js';
import { replicaSetController } from '../../../src/controllers/replicaset/controller.js';
import { schedulerController } from '../../../src/controllers/scheduler/controller.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const RS = findByKind('apps/v1', 'ReplicaSet')!;
const POD = findByKind('v1', 'Pod')!;
const NODE = findByKind('v1', 'Node')!;
const EVENT = findByKind('v1', 'Event')!;

const FULL =
  '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod..';

function cluster(): Cluster {
  return openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
}

/** Only the scheduler and the ReplicaSet controller run (no kubelet: pods stay as bound). */
const planes = new WeakMap<Cluster, ControlPlane>();
function advance(c: Cluster, ms: number): void {
  let plane = planes.get(c);
  if (!plane) {
    plane = new ControlPlane(c, [replicaSetController(), schedulerController()]);
    planes.set(c, plane);
  }
  catchUp(c.clock, plane, (fn) => c.store.transaction(fn), c.clock.now() + ms);
}

function pod(name: string, cpu: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }] },
  };
}

const nodeOf = (c: Cluster, name: string) => (c.api.get(POD, 'default', name)['spec'] as { nodeName?: string }).nodeName;
const eventsFor = (c: Cluster, name: string) =>
  c.api
    .list(EVENT, 'default')
    .filter((e) => (e['involvedObject'] as { name: string }).name === name)
    .map((e) => [e['reason'], e['message'], e['count'], (e['source'] as { component: string }).component]);

test('pods of one ReplicaSet spread over both workers, never the control plane', () => {
  const c = cluster();
  c.api.create(RS, 'default', {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'web' },
    spec: {
      replicas: 4,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    },
  });
  advance(c, 10);
  const placed = c.api.list(POD, 'default').map((p) => (p['spec'] as { nodeName?: string }).nodeName);
  assert.deepEqual(placed.sort(), ['k8s-node-1', 'k8s-node-1', 'k8s-node-2', 'k8s-node-2']);
  const first = c.api.list(POD, 'default')[0]!;
  const name = first.metadata.name ?? '';
  assert.deepEqual(eventsFor(c, name), [['Scheduled', `Successfully assigned default/${name} to ${nodeOf(c, name)}`, 1, 'default-scheduler']]);
  // the binding marks the pod scheduled in the same write
  const conds = (first['status'] as { conditions?: Record<string, unknown>[] }).conditions;
  assert.deepEqual(conds, [
    { type: 'PodScheduled', observedGeneration: 1, status: 'True', lastProbeTime: null, lastTransitionTime: '2026-10-26T19:00:00Z' },
  ]);
  c.close();
});

test('a pod that fits nowhere: PodScheduled=False, FailedScheduling, scheduled once a pod is deleted', () => {
  const c = cluster();
  c.api.create(POD, 'default', pod('a', '1500m'));
  c.api.create(POD, 'default', pod('b', '1500m'));
  advance(c, 5);
  assert.deepEqual([nodeOf(c, 'a'), nodeOf(c, 'b')].sort(), ['k8s-node-1', 'k8s-node-2']);

  c.api.create(POD, 'default', pod('c', '1'));
  advance(c, 5);
  assert.equal(nodeOf(c, 'c'), undefined);
  const cond = (c.api.get(POD, 'default', 'c')['status'] as { conditions: Record<string, unknown>[] }).conditions;
  assert.deepEqual(cond, [
    {
      type: 'PodScheduled',
      observedGeneration: 1,
      status: 'False',
      lastProbeTime: null,
      lastTransitionTime: '2026-10-26T19:00:00Z',
      reason: 'Unschedulable',
      message: FULL,
    },
  ]);
  assert.deepEqual(eventsFor(c, 'c'), [['FailedScheduling', FULL, 1, 'default-scheduler']]);

  // nothing changes for a minute: no retries, no new events (only the 5-minute flush would)
  advance(c, 60_000);
  assert.deepEqual(eventsFor(c, 'c'), [['FailedScheduling', FULL, 1, 'default-scheduler']]);

  // deleting a frees its node: c is retried at once (its 1 s backoff is long over)
  const freed = nodeOf(c, 'a');
  c.api.delete(POD, 'default', 'a', { gracePeriodSeconds: 0 });
  advance(c, 5);
  assert.equal(nodeOf(c, 'c'), freed);
  const after = (c.api.get(POD, 'default', 'c')['status'] as { conditions: Record<string, unknown>[] }).conditions;
  assert.equal(after[0]?.['status'], 'True');
  assert.equal(after[0]?.['reason'], undefined);
  c.close();
});

test('an unschedulable pod is retried after 5 minutes; identical failures fold into one event', () => {
  const c = cluster();
  c.api.create(POD, 'default', pod('huge', '64'));
  advance(c, 5);
  const msg =
    '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..';
  assert.deepEqual(eventsFor(c, 'huge'), [['FailedScheduling', msg, 1, 'default-scheduler']]);
  advance(c, 5 * 60 * 1000);
  assert.deepEqual(eventsFor(c, 'huge'), [['FailedScheduling', msg, 2, 'default-scheduler']]);
  c.close();
});

test('uncordoning a node lets a waiting pod in', () => {
  const c = cluster();
  for (const n of ['k8s-node-1', 'k8s-node-2']) {
    c.api.modify(NODE, undefined, n, (o) => ({ ...o, spec: { ...(o['spec'] as object), unschedulable: true } }));
  }
  c.api.create(POD, 'default', pod('p', '100m'));
  advance(c, 5);
  assert.equal(
    eventsFor(c, 'p')[0]?.[1],
    '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) were unschedulable. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..',
  );
  advance(c, 2000);
  c.api.modify(NODE, undefined, 'k8s-node-2', (o) => ({ ...o, spec: { ...(o['spec'] as object), unschedulable: false } }));
  advance(c, 5);
  assert.equal(nodeOf(c, 'p'), 'k8s-node-2');
  c.close();
});

test("a pod's pending record is looked up only while the pending index holds the pod (fails before: every new pod asked the file, at its event and its sync)", () => {
  const c = cluster();
  c.api.create(POD, 'default', pod('a', '1500m'));
  c.api.create(POD, 'default', pod('b', '1500m'));
  advance(c, 5);
  const asked: string[] = [];
  const getMetaEntry = c.store.getMetaEntry.bind(c.store);
  c.store.getMetaEntry = (name) => (name.includes(':pending:') && asked.push(name), getMetaEntry(name));
  // fits: bound without asking for a record
  c.api.create(POD, 'default', pod('small', '100m'));
  advance(c, 5);
  assert.ok(nodeOf(c, 'small'));
  assert.equal(asked.length, 0, asked.join());
  // fits nowhere: waits, with a record that its retries read
  c.api.create(POD, 'default', pod('c', '1'));
  advance(c, 5);
  assert.equal(nodeOf(c, 'c'), undefined);
  // past its backoff, a's room lets it in
  advance(c, 2_000);
  c.api.delete(POD, 'default', 'a', { gracePeriodSeconds: 0 });
  advance(c, 5);
  assert.ok(nodeOf(c, 'c'));
  assert.ok(asked.includes('state:default-scheduler:pending:default/c'));
  assert.ok(!asked.some((n) => n.endsWith('/small')));
  c.close();
});
