import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { catchUp } from '../../../src/cluster/time.js';
import { ControlPlane } from '../../../src/controllers/control-plane.js';
import { replicaSetController } from '../../../src/controllers/replicaset/controller.js';
import { schedulerController } from '../../../src/controllers/scheduler/controller.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { rfc3339 } from '../../../src/sim/clock.js';

const RS = findByKind('apps/v1', 'ReplicaSet')!;
const POD = findByKind('v1', 'Pod')!;
const EVENT = findByKind('v1', 'Event')!;
const NAME = /^hello-rs-[bcdfghjklmnpqrstvwxz2456789]{5}$/;

function cluster(): Cluster {
  return openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
}

/**
 * Runs only the ReplicaSet controller and the scheduler: pod statuses are the test's to set
 * (no kubelet), so what happens is what these two controllers do.
 */
const planes = new WeakMap<Cluster, ControlPlane>();
function advance(c: Cluster, ms: number): void {
  let plane = planes.get(c);
  if (!plane) {
    plane = new ControlPlane(c, [replicaSetController(), schedulerController()]);
    planes.set(c, plane);
  }
  catchUp(c.clock, plane, (fn) => c.store.transaction(fn), c.clock.now() + ms);
}

function helloRs(replicas = 3): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'hello-rs' },
    spec: {
      replicas,
      selector: { matchLabels: { 'app.kubernetes.io/name': 'hello-rs' } },
      template: {
        metadata: { labels: { 'app.kubernetes.io/name': 'hello-rs' } },
        spec: { containers: [{ name: 'hello', image: 'ghcr.io/example/hello:1.0' }] },
      },
    },
  };
}

const pods = (c: Cluster) => c.api.list(POD, 'default');
const events = (c: Cluster, reason: string) => c.api.list(EVENT, 'default').filter((e) => e['reason'] === reason).map((e) => e['message']);
const status = (c: Cluster) => c.api.get(RS, 'default', 'hello-rs')['status'];

/** What the kubelet would report; the kubelet is not part of these tests. */
function setRunning(c: Cluster, name: string, readySinceMs?: number): void {
  const p = c.api.get(POD, 'default', name);
  const conditions = readySinceMs === undefined ? [] : [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(readySinceMs) }];
  c.api.updateStatus(POD, { ...p, status: { ...(p['status'] as object), phase: 'Running', conditions } });
}

test('a ReplicaSet of 3 creates 3 pods <rs>-xxxxx owned by it, status follows on the next sync', () => {
  const c = cluster();
  c.api.create(RS, 'default', helloRs());
  advance(c, 1);
  const created = pods(c);
  assert.equal(created.length, 3);
  for (const p of created) {
    assert.match(p.metadata.name ?? '', NAME);
    assert.deepEqual(p.metadata.labels, { 'app.kubernetes.io/name': 'hello-rs' });
    const [ref] = p.metadata.ownerReferences ?? [];
    assert.deepEqual(
      { ...ref, uid: undefined },
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'hello-rs', uid: undefined, controller: true, blockOwnerDeletion: true },
    );
  }
  assert.deepEqual(events(c, 'SuccessfulCreate').sort(), created.map((p) => `Created pod: ${p.metadata.name}`).sort());
  // the sync that created them counted the pods it had listed: none
  assert.deepEqual(status(c), { replicas: 0, terminatingReplicas: 0, observedGeneration: 1 });
  advance(c, 1);
  assert.deepEqual(status(c), { replicas: 3, fullyLabeledReplicas: 3, terminatingReplicas: 0, observedGeneration: 1 });
  advance(c, 10_000);
  assert.equal(pods(c).length, 3, 'no more pods later');
  c.close();
});

test("the article's stray: adopted, then deleted as the youngest — gracefully, since it got bound meanwhile", () => {
  const c = cluster();
  c.api.create(RS, 'default', helloRs());
  advance(c, 8000);
  const mine = pods(c).map((p) => p.metadata.name);
  c.api.create(POD, 'default', {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'stray', labels: { 'app.kubernetes.io/name': 'hello-rs' } },
    spec: { containers: [{ name: 'stray', image: 'ghcr.io/example/hello:1.0' }] },
  });
  advance(c, 3000);
  const stray = c.api.get(POD, 'default', 'stray');
  assert.equal(stray.metadata.ownerReferences?.[0]?.kind, 'ReplicaSet');
  assert.equal(stray.metadata.ownerReferences?.[0]?.name, 'hello-rs');
  assert.ok(stray.metadata.deletionTimestamp, 'stray is Terminating');
  assert.ok((stray['spec'] as { nodeName?: string }).nodeName, 'stray was bound before the delete');
  assert.deepEqual(events(c, 'SuccessfulDelete'), ['Deleted pod: stray']);
  assert.deepEqual(
    pods(c).filter((p) => !p.metadata.deletionTimestamp).map((p) => p.metadata.name),
    mine,
  );
  assert.deepEqual(status(c), { replicas: 3, fullyLabeledReplicas: 3, terminatingReplicas: 1, observedGeneration: 1 });
  c.close();
});

test('scale down removes not-ready pods before ready ones, then the ones ready for less time', () => {
  const c = cluster();
  c.api.create(RS, 'default', helloRs(4));
  advance(c, 1000);
  const [a, b, d, e] = pods(c).map((p) => p.metadata.name ?? '');
  const t = c.clock.now();
  setRunning(c, a!, t - 100_000);
  setRunning(c, b!, t - 1000); // ready for the shortest time
  setRunning(c, d!); // running, not ready
  setRunning(c, e!, t - 200_000);
  advance(c, 10);
  c.api.modify(RS, 'default', 'hello-rs', (o) => ({ ...o, spec: { ...(o['spec'] as object), replicas: 2 } }));
  advance(c, 10);
  assert.deepEqual(events(c, 'SuccessfulDelete').sort(), [`Deleted pod: ${b}`, `Deleted pod: ${d}`].sort());
  const left = pods(c).filter((p) => !p.metadata.deletionTimestamp).map((p) => p.metadata.name);
  assert.deepEqual(left.sort(), [a, e].sort());
  c.close();
});

test('a deleted pod is replaced at once, while it still terminates', () => {
  const c = cluster();
  c.api.create(RS, 'default', helloRs());
  advance(c, 1000);
  const victim = pods(c)[0]!.metadata.name ?? '';
  c.api.delete(POD, 'default', victim);
  assert.ok(c.api.get(POD, 'default', victim).metadata.deletionTimestamp, 'bound pod terminates gracefully');
  advance(c, 1);
  const live = pods(c).filter((p) => !p.metadata.deletionTimestamp);
  assert.equal(live.length, 3);
  assert.ok(!live.some((p) => p.metadata.name === victim));
  advance(c, 1);
  assert.deepEqual(status(c), { replicas: 3, fullyLabeledReplicas: 3, terminatingReplicas: 1, observedGeneration: 1 });
  c.close();
});

test('a pod relabelled out of the selector is released and replaced', () => {
  const c = cluster();
  c.api.create(RS, 'default', helloRs(2));
  advance(c, 1000);
  const name = pods(c)[0]!.metadata.name ?? '';
  c.api.modify(POD, 'default', name, (o) => ({ ...o, metadata: { ...o.metadata, labels: { 'app.kubernetes.io/name': 'debug' } } }));
  advance(c, 5);
  assert.equal(c.api.get(POD, 'default', name).metadata.ownerReferences, undefined);
  assert.equal(pods(c).filter((p) => p.metadata.labels?.['app.kubernetes.io/name'] === 'hello-rs').length, 2);
  c.close();
});

test('a ReplicaSet under a Deployment reads its siblings\' pods only to rank a scale-down', () => {
  const c = cluster();
  const rs = helloRs(3);
  rs.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'hello', uid: 'deployment-uid', controller: true }];
  c.api.create(RS, 'default', rs);
  let siblingLists = 0;
  const listControlledBy = c.api.listControlledBy.bind(c.api);
  c.api.listControlledBy = (info, namespace, uid) => {
    if (info === RS) siblingLists++;
    return listControlledBy(info, namespace, uid);
  };
  advance(c, 10);
  assert.equal(pods(c).length, 3);
  assert.equal(siblingLists, 0, 'creating and syncing status rank nothing');
  c.api.modify(RS, 'default', 'hello-rs', (o) => ({ ...o, spec: { ...(o['spec'] as object), replicas: 1 } }));
  advance(c, 1);
  assert.equal(pods(c).filter((p) => !p.metadata.deletionTimestamp).length, 1);
  assert.equal(siblingLists, 1, 'the scale-down ranked the pods by the pods of the same Deployment per node');
  c.close();
});
