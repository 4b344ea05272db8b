import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { catchUp } from '../../../src/cluster/time.js';
import { ControlPlane } from '../../../src/controllers/control-plane.js';
import { schedulerController } from '../../../src/controllers/scheduler/controller.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const POD = findByKind('v1', 'Pod')!;
const NODE = findByKind('v1', 'Node')!;
const ZONE = 'topology.kubernetes.io/zone';

/** Only the scheduler runs (no kubelet: pods stay as bound). */
const planes = new WeakMap<Cluster, ControlPlane>();
function advance(c: Cluster, ms: number): void {
  let plane = planes.get(c);
  if (!plane) planes.set(c, (plane = new ControlPlane(c, [schedulerController()])));
  catchUp(c.clock, plane, (fn) => c.store.transaction(fn), c.clock.now() + ms);
}

function zonedCluster(): Cluster {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  for (const [n, z] of [['k8s-node-1', 'zone-a'], ['k8s-node-2', 'zone-b']] as const) {
    c.api.modify(NODE, undefined, n, (o) => ({ ...o, metadata: { ...o.metadata, labels: { ...o.metadata.labels, [ZONE]: z } } }));
  }
  // 1500m of zone-b's 2 cpus taken: room for one 500m pod there
  c.api.create(POD, 'default', {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'filler' },
    spec: { nodeName: 'k8s-node-2', containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1500m' } } }] },
  });
  return c;
}

function web(name: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels: { app: 'web' } },
    spec: {
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }],
      containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '500m' } } }],
    },
  };
}

const nodeOf = (c: Cluster, name: string) => (c.api.get(POD, 'default', name)['spec'] as { nodeName?: string }).nodeName;
const message = (c: Cluster, name: string) =>
  ((c.api.get(POD, 'default', name)['status'] as { conditions?: { message?: string }[] }).conditions ?? [])[0]?.message;

const SPREAD_MESSAGE =
  "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match pod topology spread constraints, 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod..";

test('DoNotSchedule across zones: the pod that would make the skew 2 waits with the spread reason', () => {
  const c = zonedCluster();
  for (const name of ['w1', 'w2', 'w3', 'w4']) {
    c.api.create(POD, 'default', web(name));
    advance(c, 5);
  }
  const placed = ['w1', 'w2', 'w3', 'w4'].map((n) => nodeOf(c, n));
  // zone-b takes one (then its cpu is gone), zone-a two: the fourth would make zone-a 3 against 1
  assert.deepEqual(placed.filter((n) => n === 'k8s-node-1').length, 2);
  assert.deepEqual(placed.filter((n) => n === 'k8s-node-2').length, 1);
  const waiting = ['w1', 'w2', 'w3', 'w4'].find((n) => nodeOf(c, n) === undefined)!;
  assert.equal(message(c, waiting), SPREAD_MESSAGE);
  c.close();
});

test('a waiting spread pod is retried when a bound pod is relabelled out of the selector, not only after 5 minutes', () => {
  const c = zonedCluster();
  for (const name of ['w1', 'w2', 'w3', 'w4']) {
    c.api.create(POD, 'default', web(name));
    advance(c, 5);
  }
  const waiting = ['w1', 'w2', 'w3', 'w4'].find((n) => nodeOf(c, n) === undefined)!;
  const inA = ['w1', 'w2', 'w3', 'w4'].find((n) => nodeOf(c, n) === 'k8s-node-1')!;
  // past the 1 s backoff, nothing retries the pod for 5 minutes...
  advance(c, 2000);
  assert.equal(nodeOf(c, waiting), undefined);
  // ... but a change of the pods its selector counts: zone-a counts 1 once one of its pods is no longer app=web: 1 + 1 − 1 = 1 fits
  c.api.modify(POD, 'default', inA, (o) => ({ ...o, metadata: { ...o.metadata, labels: { app: 'db' } } }));
  advance(c, 5);
  assert.equal(nodeOf(c, waiting), 'k8s-node-1');
  c.close();
});

test('a waiting spread pod is retried when a node of its topology goes: the lost zone no longer holds the minimum', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  for (const [n, z] of [['k8s-node-1', 'zone-a'], ['k8s-node-2', 'zone-b']] as const) {
    c.api.modify(NODE, undefined, n, (o) => ({ ...o, metadata: { ...o.metadata, labels: { ...o.metadata.labels, [ZONE]: z } } }));
  }
  // zone-b is a domain with no pod that can take none (cordoned, nodeTaintsPolicy Ignore): zone-a may hold one
  c.api.modify(NODE, undefined, 'k8s-node-2', (o) => ({ ...o, spec: { ...(o['spec'] as object), unschedulable: true } }));
  c.api.create(POD, 'default', web('w1'));
  advance(c, 5);
  c.api.create(POD, 'default', web('w2'));
  advance(c, 5);
  assert.equal(nodeOf(c, 'w1'), 'k8s-node-1');
  assert.equal(nodeOf(c, 'w2'), undefined);
  assert.match(message(c, 'w2') ?? '', /1 node\(s\) didn't match pod topology spread constraints/);
  // past the 1 s backoff nothing else would retry it for 5 minutes
  advance(c, 2000);
  assert.equal(nodeOf(c, 'w2'), undefined);
  // zone-b's only node is deleted: one domain left, 1 + 1 − 1 = 0 ≤ 1
  c.api.delete(NODE, undefined, 'k8s-node-2');
  advance(c, 5);
  assert.equal(nodeOf(c, 'w2'), 'k8s-node-1');
  c.close();
});

test('a node without the topology key going away does not retry a waiting spread pod', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  c.api.modify(NODE, undefined, 'k8s-node-1', (o) => ({ ...o, metadata: { ...o.metadata, labels: { ...o.metadata.labels, [ZONE]: 'zone-a' } } }));
  c.api.modify(NODE, undefined, 'k8s-node-2', (o) => ({ ...o, metadata: { ...o.metadata, labels: { ...o.metadata.labels, [ZONE]: 'zone-b' } } }));
  c.api.modify(NODE, undefined, 'k8s-node-2', (o) => ({ ...o, spec: { ...(o['spec'] as object), unschedulable: true } }));
  c.api.create(POD, 'default', web('w1'));
  advance(c, 5);
  c.api.create(POD, 'default', web('w2'));
  advance(c, 2005);
  const events = () => c.api.list(findByKind('v1', 'Event')!, 'default').filter((e) => (e as { reason?: string }).reason === 'FailedScheduling');
  const count = () => events().reduce((n, e) => n + ((e as { count?: number }).count ?? 1), 0);
  const before = count();
  // the control plane has no zone label: its deletion cannot change w2's domains
  c.api.delete(NODE, undefined, 'k8s-master-1');
  advance(c, 5);
  assert.equal(nodeOf(c, 'w2'), undefined);
  assert.equal(count(), before);
  c.close();
});
