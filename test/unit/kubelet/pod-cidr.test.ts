import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findByKind } from '../../../src/apiserver/resources.js';
import { allocateIp, cidrRange, mapIpamStore } from '../../../src/controllers/kubelet/pod-ip.js';
import { nextFreeNodeCidr } from '../../../src/controllers/nodeipam/cidr-set.js';
import { readMachines, writeMachines } from '../../../src/controllers/kubelet/machines.js';
import { harness, plainPod, PODS } from './harness.js';

/** A Node with a kubelet (as `kubemu node add` makes one): one applied bare has none, and its pods would never start. */
function createNodeWithKubelet(h: ReturnType<typeof harness>, node: { apiVersion: string; kind: string; metadata: { name: string }; spec?: Record<string, unknown> }): void {
  writeMachines(h.c.store, { ...readMachines(h.c.store), [node.metadata.name]: { bootMs: h.c.clock.now() } });
  h.c.api.create(NODES, undefined, node);
}

/**
 * Issue 9: a Node without spec.podCIDR (a bare `kubectl create -f node.yaml`) froze the clock
 * with `bad IPv4 address`. The node IPAM controller now gives it a block of the cluster CIDR,
 * and the kubelet never throws on a missing or broken one: the sandbox fails as a real one does.
 */

const NODES = findByKind('v1', 'Node')!;

test('no range, no address, no exception', () => {
  assert.equal(cidrRange(''), undefined);
  assert.equal(cidrRange('bogus'), undefined);
  assert.equal(cidrRange('10.0.0.0/33'), undefined);
  assert.equal(cidrRange('300.1.1.0/24'), undefined);
  assert.equal(allocateIp('', mapIpamStore(), 'uid'), undefined);
  assert.equal(allocateIp('10.244.1.0/24', mapIpamStore(new Map(), 'garbage'), 'uid'), '10.244.1.2', 'a broken last address starts over');
});

test('the node CIDR set: the first /24 of 10.244.0.0/16 no node holds', () => {
  assert.equal(nextFreeNodeCidr([]), '10.244.0.0/24');
  assert.equal(nextFreeNodeCidr(['10.244.0.0/24', '10.244.1.0/24', '10.244.2.0/24']), '10.244.3.0/24');
  assert.equal(nextFreeNodeCidr(['10.244.1.0/24', 'junk']), '10.244.0.0/24');
  assert.equal(nextFreeNodeCidr(['10.244.0.0/23']), '10.244.2.0/24', 'a /23 holds two blocks');
  assert.equal(nextFreeNodeCidr(['10.244.0.0/16']), undefined, 'all taken');
  assert.equal(nextFreeNodeCidr(['10.0.0.0/8']), undefined, 'a range around the cluster CIDR takes it all');
});

test('a bare Node gets the next podCIDR, and its pods get addresses from it', () => {
  const h = harness();
  createNodeWithKubelet(h, { apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-3' } });
  h.c.api.create(PODS, 'default', plainPod('p', 'nginx', { nodeName: 'worker-3' }));
  h.at(3);
  const spec = h.c.api.tryGet(NODES, undefined, 'worker-3')?.['spec'];
  // no taints left: TaintNodesByCondition's not-ready taint is gone (the node has no conditions to keep it)
  assert.deepEqual(spec, { podCIDR: '10.244.3.0/24', podCIDRs: ['10.244.3.0/24'] });
  assert.equal(h.row('p'), '1/1 Running 0');
  assert.equal((h.pod('p')?.['status'] as { podIP?: string }).podIP, '10.244.3.2');
  h.c.close();
});

test('a node with a podCIDR that is no range: ContainerCreating with FailedCreatePodSandBox, retried; deleting the pod ends it', () => {
  const h = harness();
  // The API server refuses it (spec.podCIDRs[0]: must be a valid CIDR value); written past it, as `etcdctl put` can.
  const bogus = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-4' }, spec: { podCIDR: 'bogus' } };
  assert.throws(() => h.c.api.create(NODES, undefined, bogus), /spec\.podCIDRs\[0\]: Invalid value: "bogus": must be a valid CIDR value/);
  writeMachines(h.c.store, { ...readMachines(h.c.store), 'worker-4': { bootMs: h.c.clock.now() } });
  h.c.store.transaction(() => h.c.store.put('/registry/minions/worker-4', JSON.stringify({ ...bogus, metadata: { ...bogus.metadata, uid: 'u-4', creationTimestamp: '2026-10-26T19:00:00Z' } })));
  h.c.api.create(PODS, 'default', plainPod('p', 'nginx', { nodeName: 'worker-4' }));
  h.at(25);
  assert.equal(h.row('p'), '0/1 ContainerCreating 0');
  const sandbox = h.events('p').filter((e) => e.startsWith('FailedCreatePodSandBox: '));
  assert.equal(sandbox.length, 3, 'at 1 s, 11 s and 21 s');
  assert.match(
    sandbox[0]!,
    /^FailedCreatePodSandBox: Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "[0-9a-f]{64}": plugin type="bridge" failed \(add\): failed to allocate for range 0: invalid podCIDR "bogus" on node "worker-4"$/,
  );
  h.c.api.delete(PODS, 'default', 'p');
  h.at(25.01);
  assert.equal(h.row('p'), '<gone>');
  h.c.close();
});

test('a full range: the sandbox waits for an address instead of running the pod without one', () => {
  const h = harness();
  createNodeWithKubelet(h, { apiVersion: 'v1', kind: 'Node', metadata: { name: 'tiny' }, spec: { podCIDR: '10.9.0.0/30', podCIDRs: ['10.9.0.0/30'] } });
  h.c.api.create(PODS, 'default', plainPod('a', 'nginx', { nodeName: 'tiny' }));
  h.c.api.create(PODS, 'default', plainPod('b', 'nginx', { nodeName: 'tiny' }));
  h.at(5);
  assert.deepEqual([h.row('a'), h.row('b')], ['1/1 Running 0', '0/1 ContainerCreating 0']);
  assert.ok(
    h.events('b').some((e) => e.endsWith('failed to allocate for range 0: no IP addresses available in range set: 10.9.0.2-10.9.0.2')),
    h.events('b').join('\n'),
  );
  // The address comes free when a's sandbox goes: b gets it at its next retry (11 s), pulls, runs.
  h.c.api.delete(PODS, 'default', 'a', { gracePeriodSeconds: 0 });
  h.at(10);
  assert.equal(h.row('b'), '0/1 ContainerCreating 0');
  h.at(14);
  assert.equal(h.row('b'), '1/1 Running 0');
  assert.equal((h.pod('b')?.['status'] as { podIP?: string }).podIP, '10.9.0.2');
  h.c.close();
});
