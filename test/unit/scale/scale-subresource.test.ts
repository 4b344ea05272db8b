import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import { scaleOf, selectorString, withScaleReplicas } from '../../../src/apiserver/scale-subresource.js';
import { REPO_ROOT } from '../../repo-root.js';

function must<T>(v: T | undefined): T {
  assert.ok(v);
  return v;
}

const deployInfo = must(findByKind('apps/v1', 'Deployment'));
const podInfo = must(findByKind('v1', 'Pod'));
const hello = load(readFileSync(join(REPO_ROOT, 'examples/hello-deploy.yaml'), 'utf8')) as KubeObject;

test('selectorString sorts requirements by key like labels.Selector.String()', () => {
  assert.equal(selectorString({ matchLabels: { tier: 'web', app: 'hello' } }), 'app=hello,tier=web');
  assert.equal(
    selectorString({
      matchLabels: { app: 'a' },
      matchExpressions: [
        { key: 'env', operator: 'NotIn', values: ['b', 'a'] },
        { key: 'zone', operator: 'In', values: ['z1'] },
        { key: 'canary', operator: 'DoesNotExist' },
        { key: 'b', operator: 'Exists' },
      ],
    }),
    'app=a,b,!canary,env notin (a,b),zone in (z1)',
  );
  assert.equal(selectorString(undefined), '');
});

test('scaleOf: an autoscaling/v1 Scale from the object metadata, spec and status', () => {
  const obj: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'hello', namespace: 'default', uid: 'u1', resourceVersion: '42', creationTimestamp: 't', labels: { a: 'b' }, generation: 3 },
    spec: { replicas: 4, selector: { matchLabels: { app: 'hello' } } },
    status: { replicas: 5, readyReplicas: 4 },
  };
  assert.deepEqual(scaleOf(obj), {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name: 'hello', namespace: 'default', uid: 'u1', resourceVersion: '42', creationTimestamp: 't' },
    spec: { replicas: 4 },
    status: { replicas: 5, selector: 'app=hello' },
  });
  // a deployment the controller has not seen yet has no status: replicas 0
  assert.deepEqual(scaleOf({ ...obj, status: undefined })['status'], { replicas: 0, selector: 'app=hello' });
});

test('withScaleReplicas changes a copy: spec.replicas, and the resourceVersion to check', () => {
  const obj: KubeObject = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'x', resourceVersion: '9' }, spec: { replicas: 1, minReadySeconds: 5 } };
  const next = withScaleReplicas(obj, { replicas: 3, resourceVersion: '7' });
  assert.deepEqual(next['spec'], { replicas: 3, minReadySeconds: 5 });
  assert.equal(next.metadata.resourceVersion, '7');
  assert.deepEqual(obj['spec'], { replicas: 1, minReadySeconds: 5 });
  assert.equal(withScaleReplicas(obj, { replicas: 2 }).metadata.resourceVersion, '9');
});

test('ApiServer.updateScale: spec.replicas only, generation + 1, stale resourceVersion conflicts, dry run writes nothing', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  c.api.create(deployInfo, 'default', structuredClone(hello));
  const before = c.api.get(deployInfo, 'default', 'hello');
  const scale = c.api.getScale(deployInfo, 'default', 'hello');
  assert.equal((scale['spec'] as { replicas: number }).replicas, 4);
  assert.equal(scale.metadata.resourceVersion, before.metadata.resourceVersion);

  const dry = c.api.updateScale(deployInfo, 'default', 'hello', { replicas: 9 }, { dryRun: true });
  assert.equal((dry['spec'] as { replicas: number }).replicas, 9);
  assert.equal(c.api.get(deployInfo, 'default', 'hello').metadata.resourceVersion, before.metadata.resourceVersion);

  const after = c.api.updateScale(deployInfo, 'default', 'hello', { replicas: 6, resourceVersion: scale.metadata.resourceVersion ?? '' });
  assert.equal((after['spec'] as { replicas: number }).replicas, 6);
  const live = c.api.get(deployInfo, 'default', 'hello');
  assert.equal(live.metadata.generation, (before.metadata.generation ?? 0) + 1);
  assert.deepEqual(live['spec'], { ...(before['spec'] as object), replicas: 6 });
  assert.equal(after.metadata.resourceVersion, live.metadata.resourceVersion);

  assert.throws(
    () => c.api.updateScale(deployInfo, 'default', 'hello', { replicas: 2, resourceVersion: before.metadata.resourceVersion ?? '' }),
    (e: unknown) => e instanceof StatusError && e.reason === 'Conflict' && /deployments\.apps "hello"/.test(e.message),
  );
  assert.throws(
    () => c.api.getScale(podInfo, 'default', 'x'),
    (e: unknown) => e instanceof StatusError && e.reason === 'NotFound' && e.message === 'the server could not find the requested resource',
  );
  assert.throws(() => c.api.getScale(deployInfo, 'default', 'nope'), (e: unknown) => e instanceof StatusError && e.message === 'deployments.apps "nope" not found');
  c.close();
});
