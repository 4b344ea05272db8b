import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEPLOY, Harness, POD, helloDeployment, setImage } from './cluster-harness.js';

test('a new Deployment: RS named by hash, revision annotation via status, two writes before observedGeneration', () => {
  const h = new Harness();
  h.c.api.create(DEPLOY, 'default', helloDeployment());
  const t0 = h.c.clock.now();
  h.advance(20);
  const [rs, ...rest] = h.replicaSets();
  assert.equal(rest.length, 0);
  assert.ok(rs);
  const hash = rs.metadata.labels?.['pod-template-hash'] ?? '';
  assert.match(hash, /^[456789bcdf]{1,10}$/);
  assert.equal(rs.metadata.name, `hello-${hash}`);
  assert.deepEqual(rs.metadata.labels, { 'app.kubernetes.io/name': 'hello', 'pod-template-hash': hash });
  assert.deepEqual(rs.spec.selector, { matchLabels: { 'app.kubernetes.io/name': 'hello', 'pod-template-hash': hash } });
  assert.deepEqual(rs.spec.template?.metadata?.labels, rs.metadata.labels);
  assert.equal(rs.spec.replicas, 4);
  assert.equal(rs.spec.minReadySeconds, 5);
  const d = h.deployment();
  assert.deepEqual(rs.metadata.ownerReferences, [
    { apiVersion: 'apps/v1', kind: 'Deployment', name: 'hello', uid: d.metadata.uid, controller: true, blockOwnerDeletion: true },
  ]);
  assert.deepEqual(rs.metadata.annotations, {
    'kubernetes.io/change-cause': 'hello 1.0',
    'deployment.kubernetes.io/revision': '1',
    'deployment.kubernetes.io/desired-replicas': '4',
    'deployment.kubernetes.io/max-replicas': '5',
  });
  assert.equal(d.metadata.annotations?.['deployment.kubernetes.io/revision'], '1');
  assert.equal(d.metadata.generation, 1); // the revision annotation came through /status
  assert.deepEqual(h.events(), [`Normal ScalingReplicaSet Scaled up replica set hello-${hash} from 0 to 4`]);

  // What `rollout status` sees: ADDED and the revision write (observedGeneration 0: "Waiting for
  // deployment spec update to be observed..." twice), then observedGeneration 1 with 0 updated.
  const writes = h.c.api.changesSince(0, DEPLOY).map((e) => ({
    dt: e.timeMs - t0,
    observed: (e.object['status'] as { observedGeneration?: number }).observedGeneration ?? 0,
    updated: (e.object['status'] as { updatedReplicas?: number }).updatedReplicas ?? 0,
    revision: e.object.metadata.annotations?.['deployment.kubernetes.io/revision'],
  }));
  assert.deepEqual(writes, [
    { dt: 0, observed: 0, updated: 0, revision: undefined },
    { dt: 1, observed: 0, updated: 0, revision: '1' },
    { dt: 2, observed: 1, updated: 0, revision: '1' },
  ]);
  const conds = (h.deployment().status?.conditions ?? []).map((c) => `${c.type}=${c.status} ${c.reason}: ${c.message}`);
  assert.deepEqual(conds, [
    `Progressing=True NewReplicaSetCreated: Created new replica set "hello-${hash}"`,
    'Available=False MinimumReplicasUnavailable: Deployment does not have minimum availability.',
  ]);

  // the RS controller reports the pods: the Deployment completes
  h.settleReady();
  const done = h.deployment().status;
  assert.deepEqual({ ...done, conditions: undefined }, {
    observedGeneration: 1,
    replicas: 4,
    updatedReplicas: 4,
    readyReplicas: 4,
    availableReplicas: 4,
    terminatingReplicas: 0,
    conditions: undefined,
  });
  assert.deepEqual(done?.conditions?.map((c) => `${c.type}=${c.status} ${c.reason}: ${c.message}`), [
    'Available=True MinimumReplicasAvailable: Deployment has minimum availability.',
    `Progressing=True NewReplicaSetAvailable: ReplicaSet "hello-${hash}" has successfully progressed.`,
  ]);
});

test('article rollout 1.0 → 1.1 with maxSurge 1 / maxUnavailable 0: the nine ScalingReplicaSet events', () => {
  const h = new Harness();
  h.c.api.create(DEPLOY, 'default', helloDeployment());
  h.settleReady();
  const v1 = h.replicaSets()[0]!.metadata.name ?? '';
  h.editDeployment((d) => {
    setImage(d, 'ghcr.io/example/hello:1.1');
    d.metadata.annotations = { ...d.metadata.annotations, 'kubernetes.io/change-cause': 'hello 1.1' };
  });
  h.settleReady();
  const v2 = h.rsByImage('ghcr.io/example/hello:1.1')?.metadata.name ?? '';
  assert.notEqual(v1, v2);
  assert.deepEqual(h.events().map((e) => e.replace('Normal ScalingReplicaSet ', '')), [
    `Scaled up replica set ${v1} from 0 to 4`,
    `Scaled up replica set ${v2} from 0 to 1`,
    `Scaled down replica set ${v1} from 4 to 3`,
    `Scaled up replica set ${v2} from 1 to 2`,
    `Scaled down replica set ${v1} from 3 to 2`,
    `Scaled up replica set ${v2} from 2 to 3`,
    `Scaled down replica set ${v1} from 2 to 1`,
    `Scaled up replica set ${v2} from 3 to 4`,
    `Scaled down replica set ${v1} from 1 to 0`,
  ]);
  assert.equal(h.rs(v2).metadata.annotations?.['deployment.kubernetes.io/revision'], '2');
  assert.equal(h.rs(v2).metadata.annotations?.['kubernetes.io/change-cause'], 'hello 1.1');
  assert.equal(h.rs(v1).metadata.annotations?.['kubernetes.io/change-cause'], 'hello 1.0');
  assert.equal(h.deployment().metadata.annotations?.['deployment.kubernetes.io/revision'], '2');
  assert.equal(h.deployment().metadata.generation, 2);
  assert.equal(h.deployment().status?.observedGeneration, 2);

  // undo: the 1.0 template again revives the first RS as revision 3 (revision 1 disappears)
  h.editDeployment((d) => {
    setImage(d, 'ghcr.io/example/hello:1.0');
    d.metadata.annotations = { ...d.metadata.annotations, 'kubernetes.io/change-cause': 'hello 1.0' };
  });
  h.settleReady();
  assert.equal(h.replicaSets().length, 2);
  const revived = h.rs(v1);
  assert.equal(revived.spec.replicas, 4);
  assert.equal(h.rs(v2).spec.replicas, 0);
  assert.equal(revived.metadata.annotations?.['deployment.kubernetes.io/revision'], '3');
  assert.equal(revived.metadata.annotations?.['deployment.kubernetes.io/revision-history'], '1');
  assert.equal(h.deployment().metadata.annotations?.['deployment.kubernetes.io/revision'], '3');
});

test('a rollout that never becomes available times out after progressDeadlineSeconds (timers only)', () => {
  const h = new Harness();
  h.c.api.create(DEPLOY, 'default', helloDeployment());
  h.settleReady();
  h.editDeployment((d) => setImage(d, 'ghcr.io/example/hello:1.2'));
  h.advance(10);
  const next = h.rsByImage('ghcr.io/example/hello:1.2')!;
  h.setRsStatus(next.metadata.name ?? '', { replicas: 1, available: 0 });
  h.advance(10);
  const progressing = () => h.deployment().status?.conditions?.find((c) => c.type === 'Progressing');
  assert.equal(progressing()?.reason, 'ReplicaSetUpdated');
  h.advance(118_000);
  assert.equal(progressing()?.reason, 'ReplicaSetUpdated');
  h.advance(4_000);
  assert.deepEqual(
    h.deployment().status?.conditions?.map((c) => `${c.type}=${c.status} ${c.reason}`),
    ['Available=True MinimumReplicasAvailable', 'Progressing=False ProgressDeadlineExceeded'],
  );
  assert.equal(progressing()?.message, `ReplicaSet "${next.metadata.name ?? ''}" has timed out progressing.`);
  assert.equal(h.rs(next.metadata.name ?? '').spec.replicas, 1); // with maxUnavailable 0 no old pod was touched
});

test('scaling a stuck rollout 6 + 1 to 10 gives 9 + 2 (proportional scaling)', () => {
  const h = new Harness();
  const d0 = helloDeployment();
  d0.spec.replicas = 6;
  h.c.api.create(DEPLOY, 'default', d0);
  h.settleReady();
  h.editDeployment((d) => setImage(d, 'ghcr.io/example/hello:1.2'));
  h.advance(10);
  const old = h.rsByImage('ghcr.io/example/hello:1.0');
  const next = h.rsByImage('ghcr.io/example/hello:1.2');
  h.setRsStatus(next!.metadata.name ?? '', { replicas: 1, available: 0 });
  h.advance(10);
  assert.deepEqual([h.rs(old!.metadata.name ?? '').spec.replicas, h.rs(next!.metadata.name ?? '').spec.replicas], [6, 1]);
  h.editDeployment((d) => {
    d.spec.replicas = 10;
  });
  h.advance(10);
  const o = h.rs(old!.metadata.name ?? '');
  const n = h.rs(next!.metadata.name ?? '');
  assert.deepEqual([o.spec.replicas, n.spec.replicas], [9, 2]);
  assert.equal(o.metadata.annotations?.['deployment.kubernetes.io/max-replicas'], '11');
  assert.equal(n.metadata.annotations?.['deployment.kubernetes.io/desired-replicas'], '10');
});

test('paused: a template change creates no ReplicaSet; resume rolls both changes out as one', () => {
  const h = new Harness();
  h.c.api.create(DEPLOY, 'default', helloDeployment());
  h.settleReady();
  h.editDeployment((d) => {
    d.spec.paused = true;
  });
  h.advance(10);
  h.editDeployment((d) => setImage(d, 'ghcr.io/example/hello:1.1'));
  h.advance(10);
  h.editDeployment((d) => {
    (d.spec.template!.spec!['containers'] as { env?: unknown[] }[])[0]!.env = [{ name: 'GOMAXPROCS', value: '2' }];
  });
  h.settleReady();
  assert.equal(h.replicaSets().length, 1);
  const p = h.deployment().status?.conditions?.find((c) => c.type === 'Progressing');
  assert.deepEqual([p?.status, p?.reason, p?.message], ['Unknown', 'DeploymentPaused', 'Deployment is paused']);
  h.editDeployment((d) => {
    d.spec.paused = false;
  });
  h.advance(1);
  h.advance(1);
  assert.equal(h.deployment().status?.conditions?.find((c) => c.type === 'Progressing')?.reason, 'DeploymentResumed');
  h.settleReady();
  assert.equal(h.replicaSets().length, 2);
  assert.equal(h.rsByImage('ghcr.io/example/hello:1.0')?.spec.replicas, 0);
  const rolled = h.rsByImage('ghcr.io/example/hello:1.1');
  assert.equal(rolled?.spec.replicas, 4);
  assert.deepEqual((rolled?.spec.template?.spec?.['containers'] as { env?: unknown[] }[])[0]?.env, [{ name: 'GOMAXPROCS', value: '2' }]);
});

test('Recreate: old scaled to 0, the new ReplicaSet waits until every old pod is gone', () => {
  const h = new Harness();
  const d0 = helloDeployment();
  d0.spec.replicas = 2;
  d0.spec.strategy = { type: 'Recreate' };
  h.c.api.create(DEPLOY, 'default', d0);
  h.advance(10);
  const old = h.replicaSets()[0]!;
  assert.equal(old.spec.replicas, 2);
  // the RS controller's pods (unscheduled, so deleting them removes them at once)
  for (const n of ['a', 'b']) {
    h.c.api.create(POD, 'default', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: `${old.metadata.name ?? ''}-${n}`,
        labels: old.spec.template?.metadata?.labels ?? {},
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: old.metadata.name ?? '', uid: old.metadata.uid ?? '', controller: true, blockOwnerDeletion: true }],
      },
      spec: { containers: [{ name: 'hello', image: 'ghcr.io/example/hello:1.0' }] },
    });
  }
  h.setRsStatus(old.metadata.name ?? '', { replicas: 2, available: 2 });
  h.advance(10);
  h.editDeployment((d) => setImage(d, 'ghcr.io/example/hello:1.1'));
  h.advance(10);
  assert.equal(h.rs(old.metadata.name ?? '').spec.replicas, 0);
  h.setRsStatus(old.metadata.name ?? '', { replicas: 0, available: 0, terminating: 2 });
  h.advance(10);
  h.c.api.delete(POD, 'default', `${old.metadata.name ?? ''}-a`);
  h.advance(10);
  assert.equal(h.replicaSets().length, 1); // one old pod still exists
  h.c.api.delete(POD, 'default', `${old.metadata.name ?? ''}-b`);
  h.advance(10);
  assert.equal(h.replicaSets().length, 2);
  const created = h.rsByImage('ghcr.io/example/hello:1.1');
  assert.equal(created?.spec.replicas, 2); // created at full size
  assert.ok(h.events().includes(`Normal ScalingReplicaSet Scaled up replica set ${created?.metadata.name ?? ''} from 0 to 2`));
});

test('revisionHistoryLimit 0: the old ReplicaSet is deleted one sync after the rollout completes', () => {
  const h = new Harness();
  const d0 = helloDeployment();
  d0.spec.revisionHistoryLimit = 0;
  h.c.api.create(DEPLOY, 'default', d0);
  h.settleReady();
  h.editDeployment((d) => setImage(d, 'ghcr.io/example/hello:1.1'));
  h.settleReady();
  h.advance(10);
  assert.equal(h.replicaSets().length, 1);
  assert.ok(h.rsByImage('ghcr.io/example/hello:1.1'));
});
