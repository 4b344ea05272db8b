import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceBy, settle } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { VIRTUAL_EPOCH_MS } from '../../../src/sim/clock.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { Toleration } from '../../../src/api/core/v1/taint.js';
import { asPod } from '../../../src/api/core/v1/pod.js';
import { SqliteKeyspace } from '../../../src/storage/sqlite-keyspace.js';

const POD = findByKind('v1', 'Pod')!;
const NODE = findByKind('v1', 'Node')!;
const EVENT = findByKind('v1', 'Event')!;

function cluster(): Cluster {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  settle(c);
  return c;
}

function pod(c: Cluster, name: string, tolerations: Toleration[]): void {
  c.api.create(POD, 'default', {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: { nodeName: 'k8s-node-1', containers: [{ name: 'c', image: 'nginx' }], tolerations },
  } as unknown as KubeObject);
}

function setTaints(c: Cluster, taints: { key: string; value?: string; effect: string }[]): void {
  c.api.modify(NODE, undefined, 'k8s-node-1', (n) => ({ ...n, spec: { ...(n['spec'] as object), taints } }));
  settle(c);
}

const deleting = (c: Cluster, name: string) => Boolean(c.api.tryGet(POD, 'default', name)?.metadata.deletionTimestamp);
const evictionEvents = (c: Cluster) =>
  c.api
    .list(EVENT, 'default')
    .filter((e) => e['reason'] === 'TaintManagerEviction')
    .map((e) => `${e['lastTimestamp'] as string} ${e['message'] as string} (${(e['source'] as { component: string }).component})`)
    .sort();
/** The timers of the taint-eviction controller in the cluster file. */
function evictionTimers(c: Cluster): unknown[] {
  assert.ok(c.store instanceof SqliteKeyspace);
  return c.store.db.prepare("SELECT key FROM timers WHERE queue = 'taint-eviction-controller'").all();
}

const SIXTY: Toleration[] = [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }];

test('a NoExecute taint deletes the pods that do not tolerate it at once, the tolerating ones when their seconds run out', () => {
  const c = cluster();
  pod(c, 'plain', []);
  pod(c, 'patient', SIXTY);
  pod(c, 'forever', [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute' }]);
  advanceBy(c, 5_000);
  setTaints(c, [{ key: 'maintenance', value: 'true', effect: 'NoExecute' }]);
  assert.equal(deleting(c, 'plain'), true);
  assert.equal(deleting(c, 'patient'), false);
  const plain = asPod(c.api.get(POD, 'default', 'plain'));
  assert.deepEqual(
    plain.status?.conditions?.find((x) => x.type === 'DisruptionTarget'),
    { type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-10-26T19:00:05Z', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' },
  );
  // a graceful delete: the pod's own grace period (30 s by default)
  assert.equal(plain.metadata.deletionGracePeriodSeconds, 30);
  advanceBy(c, 59_999);
  assert.equal(deleting(c, 'patient'), false);
  advanceBy(c, 1);
  assert.equal(deleting(c, 'patient'), true);
  assert.equal(c.clock.now(), VIRTUAL_EPOCH_MS + 65_000);
  advanceBy(c, 600_000);
  assert.equal(deleting(c, 'forever'), false);
  assert.ok(c.api.tryGet(POD, 'default', 'forever'));
  assert.deepEqual(evictionEvents(c), [
    '2026-10-26T19:00:05Z Marking for deletion Pod default/plain (taint-eviction-controller)',
    '2026-10-26T19:01:05Z Marking for deletion Pod default/patient (taint-eviction-controller)',
  ]);
});

test('removing the taint before the toleration runs out cancels the deletion, and leaves no timer behind', () => {
  const c = cluster();
  pod(c, 'patient', SIXTY);
  advanceBy(c, 5_000);
  setTaints(c, [{ key: 'maintenance', value: 'true', effect: 'NoExecute' }]);
  advanceBy(c, 30_000);
  setTaints(c, []);
  advanceBy(c, 120_000);
  assert.equal(deleting(c, 'patient'), false);
  assert.deepEqual(evictionEvents(c), ['2026-10-26T19:00:35Z Cancelling deletion of Pod default/patient (taint-eviction-controller)']);
  assert.deepEqual(evictionTimers(c), []);
});

test('a toleration added for the taint (forever) cancels the deletion', () => {
  const c = cluster();
  pod(c, 'patient', SIXTY.map((t) => ({ ...t, key: 'other' })).concat([{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }]));
  advanceBy(c, 5_000);
  setTaints(c, [{ key: 'maintenance', value: 'true', effect: 'NoExecute' }]);
  advanceBy(c, 10_000);
  // tolerations may be added to a pod; this one is the only one for `spare` and tolerates forever
  c.api.modify(POD, 'default', 'patient', (p) => {
    const spec = asPod(p).spec!;
    return { ...p, spec: { ...spec, tolerations: [...(spec.tolerations ?? []), { key: 'spare', operator: 'Exists', effect: 'NoExecute' }] } } as KubeObject;
  });
  setTaints(c, [{ key: 'spare', effect: 'NoExecute' }]);
  advanceBy(c, 120_000);
  assert.equal(deleting(c, 'patient'), false);
  assert.deepEqual(evictionEvents(c), ['2026-10-26T19:00:15Z Cancelling deletion of Pod default/patient (taint-eviction-controller)']);
});

test('a pod that reaches a tainted node later gets its own tolerationSeconds, from when it arrived', () => {
  const c = cluster();
  setTaints(c, [{ key: 'maintenance', value: 'true', effect: 'NoExecute' }]);
  advanceBy(c, 100_000);
  pod(c, 'late', SIXTY);
  settle(c);
  advanceBy(c, 59_000);
  assert.equal(deleting(c, 'late'), false);
  advanceBy(c, 1_000);
  assert.equal(deleting(c, 'late'), true);
  assert.deepEqual(evictionEvents(c), ['2026-10-26T19:02:40Z Marking for deletion Pod default/late (taint-eviction-controller)']);
});
