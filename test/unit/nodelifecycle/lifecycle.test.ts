import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceTo, settle } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { asNode, nodeCondition } from '../../../src/api/core/v1/node.js';
import { asLease } from '../../../src/api/coordination/v1/lease.js';
import { addMachine, startMachine, stopMachine, MachineError } from '../../../src/controllers/kubelet/machine-power.js';

/**
 * A node whose machine stops: Ready stays True up to the grace period's end and goes Unknown at
 * it, with upstream's taints, pod conditions and events; started again it is Ready and untainted.
 * The heartbeats in between cost no step.
 */

const NODES = findByKind('v1', 'Node')!;
const LEASES = findByKind('coordination.k8s.io/v1', 'Lease')!;
const PODS = findByKind('v1', 'Pod')!;
const EVENTS = findByKind('v1', 'Event')!;
const DEPLOYMENTS = findByKind('apps/v1', 'Deployment')!;

function cluster(): { c: Cluster; t0: number; at(s: number): void } {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const t0 = c.clock.now();
  return { c, t0, at: (s) => advanceTo(c, t0 + Math.round(s * 1000)) };
}

function power(c: Cluster, fn: (deps: { api: Cluster['api']; timers: Cluster['timers'] }) => void): void {
  c.store.transaction(() => fn({ api: c.api, timers: c.timers }));
  settle(c);
}

const ready = (c: Cluster, name: string) => {
  const n = asNode(c.api.get(NODES, undefined, name));
  const r = nodeCondition(n, 'Ready');
  return `${r?.status} ${r?.reason ?? ''}`;
};
const taints = (c: Cluster, name: string) => (asNode(c.api.get(NODES, undefined, name)).spec?.taints ?? []).map((t) => `${t.key}:${t.effect}`);
const events = (c: Cluster, reason: string) =>
  c.api.list(EVENTS, undefined, (e) => e['reason'] === reason).map((e) => `${(e['involvedObject'] as { kind: string; name: string }).kind}/${(e['involvedObject'] as { name: string }).name}: ${String(e['message'])}`);

function deployment(c: Cluster): void {
  const d: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  };
  c.api.create(DEPLOYMENTS, 'default', d);
  settle(c);
}

test('stopped at 63 s: Ready until the look more than 50 s after the last renewal seen, then Unknown, tainted, its pods not ready', () => {
  const { c, at } = cluster();
  deployment(c);
  at(63);
  const onNode1 = c.api.list(PODS, 'default', (p) => (p['spec'] as { nodeName?: string }).nodeName === 'k8s-node-1').map((p) => p.metadata.name);
  assert.equal(onNode1.length, 1);
  power(c, (d) => stopMachine(d, 'k8s-node-1'));
  // last renewal 19:01:00, seen at 19:01:05; Unknown at the look of 19:02:00
  assert.equal(asLease(c.api.get(LEASES, 'kube-node-lease', 'k8s-node-1')).spec?.renewTime, '2026-10-26T19:01:00.000000Z');
  at(119.999);
  assert.equal(ready(c, 'k8s-node-1'), 'True KubeletReady');
  assert.deepEqual(taints(c, 'k8s-node-1'), []);
  at(120);
  assert.equal(ready(c, 'k8s-node-1'), 'Unknown NodeStatusUnknown');
  const cond = nodeCondition(asNode(c.api.get(NODES, undefined, 'k8s-node-1')), 'Ready')!;
  assert.equal(cond.message, 'Kubelet stopped posting node status.');
  assert.equal(cond.lastTransitionTime, '2026-10-26T19:02:00Z');
  assert.deepEqual(taints(c, 'k8s-node-1'), ['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
  assert.deepEqual(events(c, 'NodeNotReady'), ['Node/k8s-node-1: Node k8s-node-1 status is now: NodeNotReady', `Pod/${onNode1[0]}: Node is not ready`]);
  const pod = c.api.get(PODS, 'default', onNode1[0]!);
  const podReady = ((pod['status'] as { conditions: { type: string; status: string }[] }).conditions).find((x) => x.type === 'Ready');
  assert.equal(podReady?.status, 'False');
  // the others are untouched, and still renew (read live)
  assert.equal(ready(c, 'k8s-node-2'), 'True KubeletReady');
  assert.equal(asLease(c.api.get(LEASES, 'kube-node-lease', 'k8s-node-2')).spec?.renewTime, '2026-10-26T19:02:00.000000Z');

  power(c, (d) => startMachine(d, 'k8s-node-1'));
  assert.equal(ready(c, 'k8s-node-1'), 'True KubeletReady');
  assert.deepEqual(taints(c, 'k8s-node-1'), []);
  assert.ok(events(c, 'NodeReady').includes('Node/k8s-node-1: Node k8s-node-1 status is now: NodeReady'));
  at(130);
  const again = c.api.get(PODS, 'default', onNode1[0]!);
  const status = again['status'] as { containerStatuses: { ready: boolean; restartCount: number }[]; conditions: { type: string; status: string }[] };
  assert.deepEqual([status.containerStatuses[0]?.ready, status.containerStatuses[0]?.restartCount], [true, 1], 'started over after the boot, one restart');
  assert.equal(status.conditions.find((x) => x.type === 'Ready')?.status, 'True');
  assert.throws(() => power(c, (d) => startMachine(d, 'k8s-node-1')), (e: unknown) => e instanceof MachineError && /already running/.test(e.message));
  c.close();
});

test('stopped and started before the grace period ends: never NotReady, no taint', () => {
  const { c, at } = cluster();
  at(10);
  power(c, (d) => stopMachine(d, 'k8s-node-2'));
  at(40);
  power(c, (d) => startMachine(d, 'k8s-node-2'));
  at(600);
  assert.equal(ready(c, 'k8s-node-2'), 'True KubeletReady');
  assert.deepEqual(events(c, 'NodeNotReady'), []);
  c.close();
});

test('a stopped node costs one step at its grace period, then none: a week of it is a handful of steps', () => {
  const { c, at } = cluster();
  at(1);
  power(c, (d) => stopMachine(d, 'k8s-node-2'));
  const before = c.controlPlane.work.instants;
  at(7 * 24 * 3600);
  const steps = c.controlPlane.work.instants - before;
  assert.ok(steps <= 5, `${steps} steps`);
  assert.equal(ready(c, 'k8s-node-2'), 'Unknown NodeStatusUnknown');
  c.close();
});

test('a Node created through the API has no kubelet: never posted, Unknown after the startup grace, nothing runs there', () => {
  const { c, at } = cluster();
  at(2.5);
  c.api.create(NODES, undefined, { apiVersion: 'v1', kind: 'Node', metadata: { name: 'bare' } });
  settle(c);
  // admission's not-ready taint is gone again: no condition to keep it (doNoScheduleTaintingPass)
  assert.deepEqual(taints(c, 'bare'), []);
  c.api.create(PODS, 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { nodeName: 'bare', containers: [{ name: 'c', image: 'nginx' }] } });
  at(62.5);
  assert.equal(nodeCondition(asNode(c.api.get(NODES, undefined, 'bare')), 'Ready'), undefined);
  at(65);
  const n = asNode(c.api.get(NODES, undefined, 'bare'));
  assert.deepEqual(
    (n.status?.conditions ?? []).map((x) => `${x.type} ${x.status} ${x.reason}`),
    ['Ready Unknown NodeStatusNeverUpdated', 'MemoryPressure Unknown NodeStatusNeverUpdated', 'DiskPressure Unknown NodeStatusNeverUpdated', 'PIDPressure Unknown NodeStatusNeverUpdated'],
  );
  assert.deepEqual(taints(c, 'bare'), ['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
  assert.deepEqual(events(c, 'NodeNotReady'), [], 'it never was ready');
  assert.deepEqual(events(c, 'RegisteredNode'), ['Node/bare: Node bare event: Registered Node bare in Controller']);
  assert.equal((c.api.get(PODS, 'default', 'p')['status'] as { phase: string }).phase, 'Pending', 'no kubelet runs it');
  c.close();
});

test('node add: registered Ready with its lease, a pod CIDR, and the kubelet events; no lease renewal is a write', () => {
  const { c, at } = cluster();
  power(c, (d) => addMachine(d, 'k8s-node-3', false, { labels: { 'topology.kubernetes.io/zone': 'b' }, taints: [], cpu: '4', memoryKi: 8388608, pods: 50 }));
  const n = asNode(c.api.get(NODES, undefined, 'k8s-node-3'));
  assert.equal(ready(c, 'k8s-node-3'), 'True KubeletReady');
  assert.equal(n.spec?.podCIDR, '10.244.3.0/24');
  assert.deepEqual(taints(c, 'k8s-node-3'), [], "admission's not-ready taint removed once Ready");
  assert.deepEqual([n.status?.capacity?.['cpu'], n.status?.allocatable?.['memory'], n.status?.capacity?.['pods']], ['4', '8286208Ki', '50']);
  assert.equal(n.metadata.labels?.['topology.kubernetes.io/zone'], 'b');
  assert.deepEqual(
    c.api.list(EVENTS, 'default', (e) => (e['involvedObject'] as { name: string }).name === 'k8s-node-3').map((e) => String(e['reason'])).sort(),
    ['Starting', 'NodeHasSufficientMemory', 'NodeHasNoDiskPressure', 'NodeHasSufficientPID', 'NodeAllocatableEnforced', 'NodeReady', 'RegisteredNode'].sort(),
  );
  const rev = c.store.revision();
  at(3000); // within the hour: the node's events expire at it (--event-ttl)
  assert.equal(c.store.revision(), rev, '50 minutes of renewals and reports write nothing');
  assert.equal(asLease(c.api.get(LEASES, 'kube-node-lease', 'k8s-node-3')).spec?.renewTime, '2026-10-26T19:50:00.000000Z');
  assert.equal(nodeCondition(asNode(c.api.get(NODES, undefined, 'k8s-node-3')), 'Ready')?.lastHeartbeatTime, '2026-10-26T19:50:00Z');
  c.close();
});
