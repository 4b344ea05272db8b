import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../../../src/api/core/v1/node.js';
import type { Lease } from '../../../src/api/coordination/v1/lease.js';
import { lookAfter, unknownAtMs, unknownConditions } from '../../../src/controllers/nodelifecycle/health.js';
import { controllerTaints } from '../../../src/controllers/nodelifecycle/taints.js';
import { readyConditions } from '../../../src/controllers/kubelet/node-registration.js';

/**
 * The node lifecycle controller's timings as a table (v1.35: monitor period 5 s, grace 50 s,
 * startup grace 60 s), on a cluster that started at 19:00:00.
 */

const EPOCH = Date.parse('2026-10-26T19:00:00Z');
const at = (hms: string): number => Date.parse(`2026-10-26T${hms}Z`);
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

function node(conditions = readyConditions('2026-10-26T19:00:00Z'), created = '2026-10-26T19:00:00Z'): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n', creationTimestamp: created }, status: { conditions } };
}
function lease(renew: string): Lease {
  return { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'n', namespace: 'kube-node-lease' }, spec: { renewTime: renew } };
}

test('looks are on the 5 s grid from the cluster start, strictly after the instant', () => {
  assert.equal(iso(lookAfter(EPOCH, at('19:00:00'))), '2026-10-26T19:00:05Z');
  assert.equal(iso(lookAfter(EPOCH, at('19:00:04.999'))), '2026-10-26T19:00:05Z');
  assert.equal(iso(lookAfter(EPOCH, at('19:00:05'))), '2026-10-26T19:00:10Z');
});

test('a lease that stopped renewing: Unknown at the first look more than 50 s after the look that saw the last renewal', () => {
  const rows: [renewal: string, unknown: string][] = [
    // last renewal 19:01:00, seen at the look of 19:01:05; 19:01:55 is exactly 50 s after it, not more: 19:02:00
    ['19:01:00.000000', '19:02:00'],
    // a renewal between looks is seen at the next look (19:00:15), Unknown 55 s after that look
    ['19:00:13.000000', '19:01:10'],
    ['19:00:14.999000', '19:01:10'],
    ['19:00:15.000000', '19:01:15'],
  ];
  for (const [renewal, unknown] of rows) {
    const due = unknownAtMs({ node: node(), lease: lease(`2026-10-26T${renewal}Z`), firstSeenMs: EPOCH, epochMs: EPOCH });
    assert.equal(iso(due), `2026-10-26T${unknown}Z`, `renewed ${renewal}`);
  }
});

test('the Ready heartbeat counts as a renewal too (a node without a lease), and so does the first look at the node', () => {
  const hb = readyConditions('2026-10-26T19:05:00Z');
  assert.equal(iso(unknownAtMs({ node: node(hb), lease: undefined, firstSeenMs: EPOCH, epochMs: EPOCH })), '2026-10-26T19:06:00Z');
  // applied with a stale heartbeat: counted from when the controller first saw it
  assert.equal(iso(unknownAtMs({ node: node(readyConditions('2020-01-01T00:00:00Z')), lease: undefined, firstSeenMs: at('19:10:02'), epochMs: EPOCH })), '2026-10-26T19:11:00Z');
});

test('a node that never posted status: the startup grace (60 s) from its creation', () => {
  const bare: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'bare', creationTimestamp: '2026-10-26T19:01:20Z' } };
  // 19:02:20 is a look, but not strictly after creation + 60 s
  assert.equal(iso(unknownAtMs({ node: bare, lease: undefined, firstSeenMs: at('19:01:20'), epochMs: EPOCH })), '2026-10-26T19:02:25Z');
});

test('conditions go Unknown with upstream reasons; missing ones are added as never updated', () => {
  const was = readyConditions('2026-10-26T19:00:00Z');
  const now = '2026-10-26T19:01:10Z';
  const got = unknownConditions(node(was), now)!;
  assert.deepEqual(
    got.map((c) => [c.type, c.status, c.reason, c.message, c.lastHeartbeatTime, c.lastTransitionTime]),
    ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'].map((t) => [t, 'Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.', '2026-10-26T19:00:00Z', now]),
  );
  assert.equal(unknownConditions(node(got), '2026-10-26T19:09:00Z'), undefined, 'Unknown already: nothing to write');
  const bare: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'bare', creationTimestamp: '2026-10-26T19:01:20Z' } };
  assert.deepEqual(
    unknownConditions(bare, '2026-10-26T19:02:25Z')!.map((c) => [c.type, c.reason, c.message, c.lastHeartbeatTime]),
    ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'].map((t) => [t, 'NodeStatusNeverUpdated', 'Kubelet never posted node status.', '2026-10-26T19:01:20Z']),
  );
});

test('condition taints: unreachable NoSchedule and NoExecute while Unknown, gone when Ready again, other taints kept', () => {
  const now = '2026-10-26T19:01:10Z';
  const unknown = unknownConditions(node(), now)!;
  const cp = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };
  const down: Node = { ...node(unknown), spec: { taints: [cp] } };
  const taints = controllerTaints(down, now)!;
  assert.deepEqual(taints, [
    cp,
    { effect: 'NoSchedule', key: 'node.kubernetes.io/unreachable', timeAdded: now },
    { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', timeAdded: now },
  ]);
  assert.equal(controllerTaints({ ...down, spec: { taints } }, now), undefined, 'right already');
  const back: Node = { ...node(readyConditions('2026-10-26T19:03:00Z')), spec: { taints } };
  assert.deepEqual(controllerTaints(back, now), [cp]);
  // Ready False: not-ready, the unreachable ones swapped out
  const notReady = unknown.map((c) => (c.type === 'Ready' ? { ...c, status: 'False' } : c));
  assert.deepEqual(
    controllerTaints({ ...node(notReady), spec: { taints } }, now)!.map((t) => `${t.key}:${t.effect}`),
    ['node-role.kubernetes.io/control-plane:NoSchedule', 'node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute'],
  );
  // no conditions yet: admission's not-ready taint goes, nothing is added (doNoScheduleTaintingPass)
  assert.deepEqual(controllerTaints({ ...node([]), spec: { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] } }, now), []);
  // a cordoned node gets the unschedulable taint
  assert.deepEqual(controllerTaints({ ...node(), spec: { unschedulable: true } }, now), [{ effect: 'NoSchedule', key: 'node.kubernetes.io/unschedulable', timeAdded: now }]);
});
