import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceTo, settle } from '../../../src/cluster/time.js';
import { findByKind, type ResourceInfo } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { asPod, type Pod } from '../../../src/api/core/v1/pod.js';
import { ControlPlane } from '../../../src/controllers/control-plane.js';
import { defaultControllers } from '../../../src/controllers/default-controllers.js';
import { podGcController, POD_GC_CONTROLLER } from '../../../src/controllers/podgc/controller.js';
import { passAtOrAfter, quarantineEndsAt } from '../../../src/controllers/podgc/passes.js';
import { terminatedPodsToDelete } from '../../../src/controllers/podgc/terminated.js';
import { withPodCondition } from '../../../src/controllers/podgc/mark-failed.js';

function must(info: ResourceInfo | undefined): ResourceInfo {
  if (!info) throw new Error('unknown resource');
  return info;
}
const PODS = must(findByKind('v1', 'Pod'));
const NODES = must(findByKind('v1', 'Node'));
const DEPLOYMENTS = must(findByKind('apps/v1', 'Deployment'));
const IMAGE_REPOSITORIES = must(findByKind('kubemu.io/v1alpha1', 'ImageRepository'));

const EPOCH = Date.parse('2026-10-26T19:00:00Z');

/** A virtual cluster (seed 1), optionally with Pod GC's terminated-pod threshold changed. */
function cluster(terminatedPodThreshold?: number): Cluster {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  if (terminatedPodThreshold === undefined) return c;
  const controllers = defaultControllers().map((k) => (k.name === POD_GC_CONTROLLER ? podGcController({ terminatedPodThreshold }) : k));
  return { ...c, controlPlane: new ControlPlane({ api: c.api, store: c.store, clock: c.clock, random: c.random, timers: c.timers }, controllers) };
}

const at = (c: Cluster, iso: string) => advanceTo(c, Date.parse(iso));
const gcSyncs = (c: Cluster) => c.controlPlane.work.syncs.get(POD_GC_CONTROLLER) ?? 0;

function pod(name: string, spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', ...meta },
    spec: { containers: [{ name: 'app', image: 'nginx' }], ...spec },
  };
}

function pods(c: Cluster): Pod[] {
  return c.api.list(PODS, 'default').map(asPod);
}

/** Every write of the pod's key in the revision log: `TYPE phase [DisruptionTarget condition]` at its cluster time. */
function history(c: Cluster, name: string): string[] {
  return c.store
    .changesSince(0, `/registry/pods/default/${name}`)
    .filter((e) => e.kv.key === `/registry/pods/default/${name}`)
    .map((e) => {
      const time = new Date(e.timeMs).toISOString().slice(11, 19);
      if (e.type === 'DELETE') return `${time} DELETE`;
      const p = asPod(JSON.parse(e.kv.value) as KubeObject);
      const dt = (p.status?.conditions ?? []).find((x) => x.type === 'DisruptionTarget');
      return `${time} PUT ${p.status?.phase ?? ''}${dt ? ` ${dt.type}=${dt.status} ${dt.reason ?? ''} "${dt.message ?? ''}" ${dt.lastTransitionTime ?? ''}` : ''}`;
    });
}

test('passes fall on the controller-manager start plus multiples of 20 s; a missing node is gone 40 s after the pass that sees it', () => {
  assert.equal(passAtOrAfter(EPOCH, EPOCH), EPOCH);
  assert.equal(passAtOrAfter(EPOCH + 1, EPOCH), EPOCH + 20_000);
  assert.equal(passAtOrAfter(Date.parse('2026-10-26T19:03:07.001Z'), EPOCH), Date.parse('2026-10-26T19:03:20Z'));
  assert.equal(passAtOrAfter(Date.parse('2026-10-26T19:03:20Z'), EPOCH), Date.parse('2026-10-26T19:03:20Z'));
  assert.equal(quarantineEndsAt(Date.parse('2026-10-26T19:03:07.001Z'), EPOCH), Date.parse('2026-10-26T19:04:00Z'));
  assert.equal(passAtOrAfter(EPOCH - 5_000, EPOCH), EPOCH, 'before the start: the first pass');
});

test('a deleted node: its pods stay until the quarantine is over, then are patched Failed with DisruptionTarget and deleted; the ReplicaSet replaces them', () => {
  const c = cluster();
  c.api.create(DEPLOYMENTS, 'default', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas: 4,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
    },
  });
  settle(c);
  at(c, '2026-10-26T19:01:07Z');
  const onNode2 = pods(c).filter((p) => p.spec?.nodeName === 'k8s-node-2').map((p) => p.metadata.name ?? '');
  assert.equal(onNode2.length, 2, 'the scheduler spread them: 2 on each worker');
  const before = gcSyncs(c);
  assert.equal(before, 0, 'no pass while nothing is to collect');

  c.api.delete(NODES, undefined, 'k8s-node-2');
  settle(c);
  // The pass at 19:01:20 sees the node missing and quarantines it until 19:02:00.
  at(c, '2026-10-26T19:01:59.999Z');
  assert.equal(gcSyncs(c), 0, 'the pass that only quarantines is no step');
  for (const name of onNode2) assert.equal(asPod(c.api.get(PODS, 'default', name)).status?.phase, 'Running', `${name} still Running at 19:01:59`);
  at(c, '2026-10-26T19:02:00Z');
  assert.equal(gcSyncs(c), 1, 'one pass, at 19:02:00');
  for (const name of onNode2) {
    assert.equal(c.api.tryGet(PODS, 'default', name), undefined, `${name} deleted`);
    const h = history(c, name);
    assert.deepEqual(h.slice(-2), ['19:02:00 PUT Failed DisruptionTarget=True DeletionByPodGC "PodGC: node no longer exists" 2026-10-26T19:02:00Z', '19:02:00 DELETE']);
  }
  // Replaced a moment later (the ReplicaSet's informer), on the worker that is left.
  at(c, '2026-10-26T19:02:00.100Z');
  const now = pods(c);
  assert.equal(now.length, 4);
  assert.ok(now.every((p) => p.spec?.nodeName === 'k8s-node-1'), now.map((p) => `${p.metadata.name} ${p.spec?.nodeName}`).join('\n'));
  at(c, '2026-10-26T19:03:00Z');
  const d = c.api.get(DEPLOYMENTS, 'default', 'web') as KubeObject & { status?: { availableReplicas?: number; readyReplicas?: number } };
  assert.equal(d.status?.availableReplicas, 4);
  // Nothing more to collect: no pass after.
  at(c, '2026-10-26T20:00:00Z');
  assert.equal(gcSyncs(c), 1);
  c.close();
});

test('a node deleted with no pod on it costs no pass; a node back before its quarantine ends keeps its pods', () => {
  const c = cluster();
  c.api.create(NODES, undefined, { apiVersion: 'v1', kind: 'Node', metadata: { name: 'empty' } });
  settle(c);
  c.api.delete(NODES, undefined, 'empty');
  settle(c);
  at(c, '2026-10-26T19:05:00Z');
  assert.equal(gcSyncs(c), 0);

  c.api.create(PODS, 'default', pod('p', { nodeName: 'k8s-node-1' }));
  settle(c);
  at(c, '2026-10-26T19:05:30Z');
  const node = c.api.get(NODES, undefined, 'k8s-node-1');
  c.api.delete(NODES, undefined, 'k8s-node-1');
  settle(c);
  at(c, '2026-10-26T19:05:50Z');
  const { metadata, ...rest } = structuredClone(node) as KubeObject;
  c.api.create(NODES, undefined, { ...rest, metadata: { name: metadata.name ?? '', labels: metadata.labels ?? {} } });
  settle(c);
  at(c, '2026-10-26T19:07:00Z');
  assert.equal(gcSyncs(c), 1, 'the pass at 19:06:20 finds the node back');
  assert.equal(asPod(c.api.get(PODS, 'default', 'p')).status?.phase, 'Running');
  c.close();
});

test('a pod created bound to a node that never existed is deleted after the quarantine', () => {
  const c = cluster();
  at(c, '2026-10-26T19:00:05Z');
  c.api.create(PODS, 'default', pod('ghostly', { nodeName: 'ghost' }));
  settle(c);
  at(c, '2026-10-26T19:00:59Z');
  assert.equal(asPod(c.api.get(PODS, 'default', 'ghostly')).status?.phase, 'Pending');
  at(c, '2026-10-26T19:01:00Z');
  assert.equal(c.api.tryGet(PODS, 'default', 'ghostly'), undefined);
  assert.deepEqual(history(c, 'ghostly').slice(-2), ['19:01:00 PUT Failed DisruptionTarget=True DeletionByPodGC "PodGC: node no longer exists" 2026-10-26T19:01:00Z', '19:01:00 DELETE']);
  c.close();
});

test('an unscheduled pod being deleted (a finalizer holds it) is marked Failed at the next pass, once', () => {
  const c = cluster();
  c.api.create(PODS, 'default', pod('held', { nodeSelector: { nowhere: 'true' } }, { finalizers: ['example.com/hold'] }));
  settle(c);
  at(c, '2026-10-26T19:00:30Z');
  c.api.delete(PODS, 'default', 'held');
  settle(c);
  assert.equal(asPod(c.api.get(PODS, 'default', 'held')).status?.phase, 'Pending');
  at(c, '2026-10-26T19:00:40Z');
  const p = asPod(c.api.get(PODS, 'default', 'held'));
  assert.equal(p.status?.phase, 'Failed');
  assert.equal((p.status?.conditions ?? []).some((x) => x.type === 'DisruptionTarget'), false, 'no condition for this one');
  at(c, '2026-10-26T19:10:00Z');
  assert.equal(gcSyncs(c), 1, 'a pod already Failed and deleting with grace 0: no more passes');
  c.close();
});

test('a pod being deleted on a NotReady node tainted out-of-service is force-deleted at the next pass', () => {
  const c = cluster();
  c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'slow' },
    spec: { repository: 'example.com/slow', tags: { '1': {} }, behavior: { pullSeconds: 0, startSeconds: 1, stopSeconds: 60 } },
  });
  c.api.create(PODS, 'default', pod('stuck', { nodeName: 'k8s-node-1', terminationGracePeriodSeconds: 120, containers: [{ name: 'app', image: 'example.com/slow:1' }] }));
  settle(c);
  at(c, '2026-10-26T19:00:05Z');
  c.api.delete(PODS, 'default', 'stuck');
  settle(c);
  at(c, '2026-10-26T19:00:30Z');
  assert.ok(c.api.tryGet(PODS, 'default', 'stuck')?.metadata.deletionTimestamp, 'still stopping (60 s to exit)');
  assert.equal(gcSyncs(c), 0, 'the node is Ready: nothing for Pod GC');
  // The machine is shut down for good: NotReady, and the administrator's taint.
  const node = c.api.get(NODES, undefined, 'k8s-node-1') as KubeObject & { status: { conditions: { type: string; status: string }[] } };
  c.api.updateStatus(NODES, { ...node, status: { ...node.status, conditions: node.status.conditions.map((x) => (x.type === 'Ready' ? { ...x, status: 'Unknown' } : x)) } });
  c.api.modify(NODES, undefined, 'k8s-node-1', (o) => ({ ...o, spec: { ...(o['spec'] as object), taints: [{ key: 'node.kubernetes.io/out-of-service', value: 'nodeshutdown', effect: 'NoExecute' }] } }));
  settle(c);
  at(c, '2026-10-26T19:00:39.999Z');
  assert.ok(c.api.tryGet(PODS, 'default', 'stuck'));
  at(c, '2026-10-26T19:00:40Z');
  assert.equal(c.api.tryGet(PODS, 'default', 'stuck'), undefined);
  // The taint is NoExecute, so the taint-eviction controller has marked the pod at 19:00:30 (it
  // does not skip a pod being deleted, as upstream's does not); Pod GC's Failed write keeps that
  // condition and adds none of its own for this case (gcTerminating), then force-deletes.
  assert.deepEqual(history(c, 'stuck').slice(-2), [
    '19:00:40 PUT Failed DisruptionTarget=True DeletionByTaintManager "Taint manager: deleting due to NoExecute taint" 2026-10-26T19:00:30Z',
    '19:00:40 DELETE',
  ]);
  at(c, '2026-10-26T19:10:00Z');
  assert.equal(gcSyncs(c), 1, 'its own Failed write wakes no pass');
  c.close();
});

test('terminated pods beyond the threshold: the oldest go at the next pass', () => {
  const c = cluster(3);
  c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'job' },
    spec: { repository: 'example.com/job', tags: { '1': {} }, behavior: { pullSeconds: 0, startSeconds: 1, exitCode: 1, exitAfterSeconds: 2 } },
  });
  for (let i = 1; i <= 5; i++) {
    at(c, `2026-10-26T19:00:0${i}Z`);
    c.api.create(PODS, 'default', pod(`job-${i}`, { nodeName: 'k8s-node-1', restartPolicy: 'Never', containers: [{ name: 'app', image: 'example.com/job:1' }] }));
    settle(c);
  }
  at(c, '2026-10-26T19:00:19.999Z');
  assert.deepEqual(
    pods(c).map((p) => `${p.metadata.name} ${p.status?.phase}`),
    ['job-1 Failed', 'job-2 Failed', 'job-3 Failed', 'job-4 Failed', 'job-5 Failed'],
  );
  at(c, '2026-10-26T19:00:20Z');
  assert.deepEqual(
    pods(c).map((p) => p.metadata.name),
    ['job-3', 'job-4', 'job-5'],
  );
  at(c, '2026-10-26T19:10:00Z');
  assert.equal(gcSyncs(c), 1, 'at the threshold, a terminated pod wakes nothing');
  c.close();
});

test('the default threshold: 12,500 terminated pods are kept', () => {
  const c = cluster();
  for (let i = 1; i <= 3; i++) {
    c.api.create(PODS, 'default', pod(`done-${i}`, { nodeName: 'k8s-node-1', restartPolicy: 'Never' }));
  }
  settle(c);
  for (const p of pods(c)) c.api.updateStatus(PODS, { ...p, status: { ...p.status, phase: 'Succeeded' } });
  settle(c);
  at(c, '2026-10-26T19:02:00Z');
  assert.equal(pods(c).length, 3);
  assert.equal(gcSyncs(c), 0);
  c.close();
});

test('gcTerminated order: evicted pods first, then by creation, then by name; none at or under the threshold', () => {
  const mk = (name: string, created: string, phase: string, reason?: string): Pod =>
    asPod({ apiVersion: 'v1', kind: 'Pod', metadata: { name, creationTimestamp: created }, status: { phase, ...(reason ? { reason } : {}) } });
  const all = [
    mk('b', '2026-10-26T19:00:00Z', 'Succeeded'),
    mk('a', '2026-10-26T19:00:00Z', 'Failed'),
    mk('new-evicted', '2026-10-26T19:09:00Z', 'Failed', 'Evicted'),
    mk('old', '2026-10-26T18:00:00Z', 'Succeeded'),
    mk('running', '2026-10-26T17:00:00Z', 'Running'),
  ];
  assert.deepEqual(terminatedPodsToDelete(all, 1).map((p) => p.metadata.name), ['new-evicted', 'old', 'a']);
  assert.deepEqual(terminatedPodsToDelete(all, 4), []);
  assert.deepEqual(terminatedPodsToDelete(all, 0), [], '0 turns it off');
});

test('UpdatePodCondition: appended with the time of the change; an unchanged status keeps its lastTransitionTime', () => {
  const cond = { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' };
  const t = Date.parse('2026-10-26T19:02:00Z');
  assert.deepEqual(withPodCondition([{ type: 'Ready', status: 'True' }], cond, t), [
    { type: 'Ready', status: 'True' },
    { lastProbeTime: null, lastTransitionTime: '2026-10-26T19:02:00Z', status: 'True', type: 'DisruptionTarget', message: 'PodGC: node no longer exists', reason: 'DeletionByPodGC' },
  ]);
  const kept = withPodCondition([{ type: 'DisruptionTarget', status: 'True', lastTransitionTime: '2026-10-26T18:00:00Z' }], cond, t);
  assert.equal(kept[0]?.lastTransitionTime, '2026-10-26T18:00:00Z');
});
