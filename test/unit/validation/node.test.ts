import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { cidrFamily } from '../../../src/apiserver/validation/node.js';
import { createErrors, updateErrors } from './helpers.js';

/**
 * Issue 12: a malformed applied Node must be refused as kube-apiserver refuses it, not stored for
 * the scheduler and the kubelet to fail on (`taints: [null]` stopped the scheduling of every pod).
 */

const NODES = findByKind('v1', 'Node')!;

function node(mutate: (o: any) => void = () => {}): KubeObject {
  const o: any = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-9' } };
  mutate(o);
  return o as KubeObject;
}

const QUALIFIED_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

test('a bare Node, and one with well-formed taints, CIDRs and resources, is valid', () => {
  assert.deepEqual(createErrors(node()), []);
  const ok = node((o) => {
    o.spec = {
      podCIDRs: ['10.244.9.0/24', 'fd00:10:244:9::/64'],
      taints: [
        { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' },
        { key: 'dedicated', value: 'db', effect: 'NoExecute', timeAdded: '2026-10-26T19:00:00Z' },
        { key: 'dedicated', value: 'db', effect: 'NoSchedule' },
      ],
    };
    o.status = { capacity: { cpu: '3500m', memory: '4Gi', pods: '110', 'nvidia.com/gpu': '2' } };
  });
  assert.deepEqual(createErrors(ok), []);
});

test('taints: a null entry, an empty key, an unknown or missing effect, a duplicate key and effect (under metadata, as upstream names it)', () => {
  assert.deepEqual(createErrors(node((o) => (o.spec = { taints: [null] }))), [
    'metadata.taints[0].key: Invalid value: "": name part must be non-empty',
    `metadata.taints[0].key: Invalid value: "": ${QUALIFIED_MSG}`,
    'metadata.taints[0].effect: Required value',
  ]);
  const bad = node((o) => {
    o.spec = {
      taints: [
        { key: 'a', effect: 'Bogus' },
        { key: 'b', value: 'not ok!', effect: 'NoSchedule' },
        { key: 'x', value: 'y', effect: 'NoSchedule' },
        { key: 'x', value: 'z', effect: 'NoSchedule' },
      ],
    };
  });
  const errs = createErrors(bad);
  assert.equal(errs[0], 'metadata.taints[0].effect: Unsupported value: "Bogus": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"');
  assert.match(errs[1] ?? '', /^metadata\.taints\[1\]\.value: Invalid value: "not ok!": a valid label must be/);
  assert.equal(errs[2], 'metadata.taints[3]: Duplicate value: {"key":"x","value":"z","effect":"NoSchedule"}: taints must be unique by key and effect pair');
  assert.equal(errs.length, 3);
});

test('pod CIDRs: each a CIDR, at most one per family; podCIDR alone is checked as the list', () => {
  assert.deepEqual(createErrors(node((o) => (o.spec = { podCIDR: 'bogus' }))), [
    'spec.podCIDRs[0]: Invalid value: "bogus": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
  ]);
  assert.deepEqual(createErrors(node((o) => (o.spec = { podCIDRs: ['10.1.0.0/24', '10.2.0.0/24'] }))), [
    'spec.podCIDRs: Invalid value: ["10.1.0.0/24","10.2.0.0/24"]: may specify no more than one CIDR for each IP family',
  ]);
  assert.deepEqual(createErrors(node((o) => (o.spec = { podCIDRs: ['fd00::/64', 'junk', '10.0.0.0/8'] }))), [
    'spec.podCIDRs[1]: Invalid value: "junk": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
    'spec.podCIDRs: Invalid value: ["fd00::/64","junk","10.0.0.0/8"]: may specify no more than one CIDR for each IP family',
  ]);
  assert.deepEqual(
    ['10.244.1.0/24', '010.1.1.0/24', '10.0.0.0/33', '300.1.1.0/24', '10.0.0.0', 'fd00::/64', 'fd00::/129', '::ffff:1.2.3.4/120'].map(cidrFamily),
    [4, 4, undefined, undefined, undefined, 6, undefined, 6],
  );
});

test('resources: capacity and allocatable non-negative; pods and extended resources whole', () => {
  const errs = createErrors(node((o) => (o.status = { capacity: { cpu: '-1', pods: '1.5' }, allocatable: { 'nvidia.com/gpu': '0.5', memory: '1.5' } })));
  assert.deepEqual(errs, [
    'status.capacity[cpu]: Invalid value: "-1": must be greater than or equal to 0',
    'status.capacity[pods]: Invalid value: "1500m": must be an integer',
    'status.allocatable[nvidia.com/gpu]: Invalid value: "500m": must be an integer',
  ]);
});

test('update: a pod CIDR is set once (the node IPAM controller\'s ""→valid), never changed; no duplicate addresses', () => {
  const bare = node();
  const assigned = node((o) => (o.spec = { podCIDR: '10.244.3.0/24', podCIDRs: ['10.244.3.0/24'] }));
  assert.deepEqual(updateErrors(assigned, bare), []);
  const moved = node((o) => (o.spec = { podCIDR: '10.244.4.0/24', podCIDRs: ['10.244.4.0/24'] }));
  assert.deepEqual(updateErrors(moved, assigned), ['spec.podCIDRs: Forbidden: node updates may not change podCIDR except from "" to valid']);
  const twice = node((o) => (o.status = { addresses: [{ type: 'InternalIP', address: '10.0.0.9' }, { type: 'InternalIP', address: '10.0.0.9' }] }));
  assert.deepEqual(updateErrors(twice, bare), ['status.addresses[1]: Duplicate value: {"type":"InternalIP","address":"10.0.0.9"}']);
});

test('through the API server: refused with kube-apiserver\'s wording and nothing stored; podCIDRs alone gives podCIDR', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const rev = c.store.revision();
  assert.throws(
    () => c.api.create(NODES, undefined, node((o) => (o.spec = { taints: [null] }))),
    (e: Error) => e.message.startsWith('Node "worker-9" is invalid: [metadata.taints[0].key: Invalid value: "": name part must be non-empty'),
  );
  assert.throws(
    () => c.api.create(NODES, undefined, node((o) => (o.status = { conditions: 'Ready' }))),
    /Node in version "v1" cannot be handled as a Node: json: cannot unmarshal string into Go struct field NodeStatus\.status\.conditions of type \[\]v1\.NodeCondition/,
  );
  assert.throws(
    () => c.api.create(NODES, undefined, node((o) => (o.status = { allocatable: { cpu: 'lots' } }))),
    /quantities must match the regular expression/,
  );
  assert.throws(
    () => c.api.create(NODES, undefined, node((o) => (o.status = { addresses: [{ type: 'InternalIP', address: 7 }] }))),
    /cannot unmarshal number into Go struct field NodeAddress\.status\.addresses\.address of type string/,
  );
  assert.equal(c.store.revision(), rev, 'nothing written');
  const made = c.api.create(NODES, undefined, node((o) => (o.spec = { podCIDRs: ['10.244.9.0/24'] })));
  // ...and the TaintNodesByCondition admission plugin's not-ready taint, as every new Node
  assert.deepEqual(made['spec'], {
    podCIDR: '10.244.9.0/24',
    podCIDRs: ['10.244.9.0/24'],
    taints: [{ effect: 'NoSchedule', key: 'node.kubernetes.io/not-ready' }],
  });
  c.close();
});
