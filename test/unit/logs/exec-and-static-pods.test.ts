import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { advanceTo } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { planExec, checkPodRunning } from '../../../src/kubectl/cmd/exec/plan-exec.js';
import { STATIC_POD_NAMES } from '../../../src/cluster/static-pods.js';
import { podRow } from '../../../src/kubectl/printers/table/pod.js';
import { runLogs } from '../../../src/kubectl/cmd/logs/run-logs.js';
import { LOG_VERBOSITY_ANNOTATION } from '../../../src/logs/klog.js';

const PODS = findByKind('v1', 'Pod')!;
const EVENTS = findByKind('v1', 'Event')!;
const DEPLOYMENTS = findByKind('apps/v1', 'Deployment')!;

/** A new virtual cluster with the static pods (added here while bootstrap makes them opt-in). */
function cluster() {
  return openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
}

test('a new cluster has the four mirror pods, Running 1/1, and the kubelet leaves them as they are', () => {
  const c = cluster();
  try {
    const names = c.api.list(PODS, 'kube-system').map((p) => p.metadata.name);
    assert.deepEqual(names, [...STATIC_POD_NAMES].sort());
    const before = c.api.list(PODS, 'kube-system').map((p) => p.metadata.resourceVersion);
    advanceTo(c, c.clock.now() + 120_000);
    const pods = c.api.list(PODS, 'kube-system');
    assert.deepEqual(pods.map((p) => p.metadata.resourceVersion), before, 'no status write by the kubelet');
    for (const p of pods) {
      assert.deepEqual(podRow(p, c.clock.now()).slice(1, 4), ['1/1', 'Running', '0']);
      assert.equal(p.metadata.annotations?.['kubernetes.io/config.source'], 'file');
      assert.equal(p.metadata.annotations?.['kubernetes.io/config.mirror'], p.metadata.annotations?.['kubernetes.io/config.hash']);
      assert.equal(p.metadata.ownerReferences?.[0]?.kind, 'Node');
    }
    assert.equal(c.api.list(EVENTS, 'kube-system').length, 0, 'no kubelet events for them');
  } finally {
    c.close();
  }
});

test('the mirror pods do not take from the seeded random sequence: their UIDs come from their names', () => {
  const a = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const b = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '2' } });
  try {
    const uids = (c: typeof a) => c.api.list(PODS, 'kube-system').map((p) => p.metadata.uid);
    assert.equal(uids(a).length, 4);
    assert.deepEqual(uids(a), uids(b), 'the same UIDs whatever the seed');
    assert.equal(new Set(uids(a)).size, 4);
    const NS = findByKind('v1', 'Namespace')!;
    assert.notEqual(a.api.get(NS, undefined, 'default').metadata.uid, b.api.get(NS, undefined, 'default').metadata.uid);
  } finally {
    a.close();
    b.close();
  }
});

test('exec runs etcdctl in the etcd pod; other commands run in the container chosen', () => {
  const c = cluster();
  try {
    const etcd = c.api.get(PODS, 'kube-system', 'etcd-k8s-master-1');
    assert.deepEqual(planExec(etcd, ['etcdctl', '--endpoints=https://127.0.0.1:2379', 'get', '/registry/']), {
      kind: 'etcdctl',
      args: ['--endpoints=https://127.0.0.1:2379', 'get', '/registry/'],
    });
    assert.throws(() => planExec(etcd, []), /you must specify at least one command for the container/);
    assert.deepEqual(planExec(etcd, ['sh']), { kind: 'container', container: 'etcd' });
    assert.throws(() => planExec(etcd, ['etcdctl'], 'nope'), /container nope not found in pod etcd-k8s-master-1/);
    const apiserver = c.api.get(PODS, 'kube-system', 'kube-apiserver-k8s-master-1');
    assert.deepEqual(planExec(apiserver, ['etcdctl']), { kind: 'container', container: 'kube-apiserver' });
    checkPodRunning(etcd);
    assert.throws(() => checkPodRunning({ ...etcd, status: { phase: 'Succeeded' } }), /completed pod; current phase is Succeeded/);
  } finally {
    c.close();
  }
});

test('controller-manager logs: nothing at verbosity 0, the replicaset and deployment lines at 4', () => {
  const c = cluster();
  try {
    const env = () => ({ api: c.api, store: c.store, nowMs: c.clock.now(), err: () => undefined });
    const req = { target: 'kube-controller-manager-k8s-master-1', namespace: 'kube-system' };
    const deploy = (name: string) => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name },
      spec: {
        replicas: 2,
        selector: { matchLabels: { app: name } },
        template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'busybox:1' }] } },
      },
    });
    c.api.create(DEPLOYMENTS, 'default', deploy('quiet'));
    advanceTo(c, c.clock.now() + 10_000);
    assert.equal(runLogs(env(), req), '');
    c.api.modify(PODS, 'kube-system', req.target, (p) => ({
      ...p,
      metadata: { ...p.metadata, annotations: { ...p.metadata.annotations, [LOG_VERBOSITY_ANNOTATION]: '4' } },
    }));
    c.api.create(DEPLOYMENTS, 'default', deploy('loud'));
    advanceTo(c, c.clock.now() + 10_000);
    const out = runLogs(env(), req);
    assert.match(out, /deployment_controller\.go:598\] "Started syncing deployment" deployment="default\/loud" startTime="2026-10-26 /);
    assert.match(out, /replica_set\.go:668\] "Too few replicas" replicaSet="default\/loud-[a-z0-9]+" need=2 creating=2\n/);
    assert.equal(out.match(/"Controller created pod" controller="loud-/g)?.length, 2);
    assert.match(out, /"Updating status for : default\/loud-[a-z0-9]+, replicas 0->2 \(need 2\)/);
    assert.doesNotMatch(out, /quiet/);
    // --since counts back from the cluster's now: the last 10 s hold nothing new after a quiet minute
    advanceTo(c, c.clock.now() + 60_000);
    assert.equal(runLogs(env(), { ...req, sinceMs: 10_000 }), '');
    // the hello-like pods' own containers log nothing
    const pod = c.api.list(PODS, 'default')[0]!;
    assert.equal(runLogs(env(), { target: pod.metadata.name ?? '', namespace: 'default' }), '');
    assert.throws(() => runLogs(env(), { target: pod.metadata.name ?? '', namespace: 'default', container: 'x' }), /container x is not valid for pod/);
  } finally {
    c.close();
  }
});
