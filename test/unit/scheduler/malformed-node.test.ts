import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { advanceTo, settle } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { asPod } from '../../../src/api/core/v1/pod.js';
import { readMachines, writeMachines } from '../../../src/controllers/kubelet/machines.js';

/**
 * Issue 12's rule: a controller that fails on one object records it and goes on. A Node the API
 * server would refuse (validation/node.ts) can still be in a file written past it (an older
 * kubemu, a raw write): `taints: [null]` made the scheduler throw for every pod at every node
 * (`Cannot read properties of null (reading 'effect')`), so no pod of the cluster was scheduled,
 * and `addresses: [null]` made the kubelet throw for each pod of that node.
 */

const PODS = findByKind('v1', 'Pod')!;
const DEPLOYMENTS = findByKind('apps/v1', 'Deployment')!;

test('a stored Node with null taints and addresses: pods are scheduled, onto it too, and run', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const t0 = c.clock.now();
  const raw = {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'odd', uid: 'odd-uid', creationTimestamp: '2026-10-26T19:00:00Z', labels: { 'kubernetes.io/hostname': 'odd' } },
    spec: { podCIDR: '10.244.9.0/24', podCIDRs: ['10.244.9.0/24'], taints: [null] },
    status: {
      addresses: [null],
      allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
      capacity: { cpu: '4', memory: '8Gi', pods: '110' },
      conditions: [{ type: 'Ready', status: 'True' }],
    },
  };
  // a machine with a kubelet behind the Node (a Node object alone has none, and its pods would stay Pending)
  writeMachines(c.store, { ...readMachines(c.store), odd: { bootMs: t0 } });
  c.store.transaction(() => c.store.put('/registry/minions/odd', JSON.stringify(raw)));
  c.api.create(DEPLOYMENTS, 'default', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas: 9,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
    },
  });
  settle(c);
  advanceTo(c, t0 + 30_000);
  const pods = c.api.list(PODS, 'default').map(asPod);
  assert.equal(pods.length, 9);
  assert.deepEqual(
    pods.filter((p) => p.status?.phase !== 'Running').map((p) => `${p.metadata.name} ${p.spec?.nodeName ?? '<none>'} ${p.status?.phase}`),
    [],
  );
  assert.ok(pods.some((p) => p.spec?.nodeName === 'odd'), 'the odd node takes pods too');
  c.close();
});
