import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { parseImageReference, pullDecision, resolveImage, tagDigest } from '../../../src/images/registry.js';

const registry: KubeObject[] = [
  {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'hello' },
    spec: {
      repository: 'ghcr.io/example/hello',
      behavior: { pullSeconds: 2, startSeconds: 3, stopSeconds: 2 },
      tags: { '1.0': {}, '1.1': { imageSizeBytes: 1234 }, '1.3': { requiredEnv: ['FEATURE_X_ENABLED'], startSeconds: 6 } },
    },
  },
  { apiVersion: 'kubemu.io/v1alpha1', kind: 'ImageRepository', metadata: { name: 'nginx' }, spec: { repository: 'nginx', tags: { '1.27': {} } } },
];

test('image references are normalised as the runtime does', () => {
  assert.deepEqual(parseImageReference('nginx'), { repository: 'docker.io/library/nginx', tag: 'latest', digest: '' });
  assert.deepEqual(parseImageReference('bitnami/redis:7'), { repository: 'docker.io/bitnami/redis', tag: '7', digest: '' });
  assert.deepEqual(parseImageReference('localhost:5000/app'), { repository: 'localhost:5000/app', tag: 'latest', digest: '' });
  assert.deepEqual(parseImageReference('ghcr.io/example/hello:1.0'), { repository: 'ghcr.io/example/hello', tag: '1.0', digest: '' });
  assert.deepEqual(parseImageReference('ghcr.io/x/y@sha256:ab'), { repository: 'ghcr.io/x/y', tag: '', digest: 'sha256:ab' });
});

test('listed tags exist with their overrides; others are not found; unknown repositories pull anything', () => {
  const v10 = resolveImage('ghcr.io/example/hello:1.0', registry);
  assert.equal(v10.exists, true);
  assert.equal(v10.behavior.pullSeconds, 2);
  assert.equal(v10.name, 'ghcr.io/example/hello:1.0');
  assert.equal(v10.imageId, `ghcr.io/example/hello@${tagDigest('ghcr.io/example/hello', '1.0')}`);
  assert.equal(resolveImage('ghcr.io/example/hello:1.1', registry).sizeBytes, 1234);
  assert.equal(resolveImage('ghcr.io/example/hello:1.2', registry).exists, false);
  const v13 = resolveImage('ghcr.io/example/hello:1.3', registry);
  assert.deepEqual([v13.behavior.requiredEnv, v13.behavior.startSeconds, v13.behavior.stopSeconds], [['FEATURE_X_ENABLED'], 6, 2]);
  // `nginx` in the object and `docker.io/library/nginx:1.27` in the pod are one repository.
  assert.equal(resolveImage('docker.io/library/nginx:1.27', registry).exists, true);
  assert.equal(resolveImage('nginx', registry).exists, false, 'latest is not listed');
  const other = resolveImage('quay.io/any/thing:9', registry);
  assert.equal(other.exists, true);
  assert.deepEqual([other.behavior.pullSeconds, other.behavior.startSeconds, other.behavior.stopSeconds], [1, 3, 2]);
  // A digest exists when a listed tag hashes to it.
  assert.equal(resolveImage(`ghcr.io/example/hello@${tagDigest('ghcr.io/example/hello', '1.1')}`, registry).exists, true);
  assert.equal(resolveImage('ghcr.io/example/hello@sha256:00', registry).exists, false);
});

test('pull decisions by imagePullPolicy', () => {
  assert.equal(pullDecision('IfNotPresent', true), 'present');
  assert.equal(pullDecision('IfNotPresent', false), 'pull');
  assert.equal(pullDecision('Always', true), 'pull');
  assert.equal(pullDecision('Never', true), 'present');
  assert.equal(pullDecision('Never', false), 'never-missing');
});

test('an image is resolved once per list of repositories; a changed list is resolved again', () => {
  const first = resolveImage('ghcr.io/example/hello:1.1', registry);
  assert.equal(resolveImage('ghcr.io/example/hello:1.1', registry), first, 'the same answer, not computed again');
  assert.ok(Object.isFrozen(first) && Object.isFrozen(first.behavior), 'shared, so frozen');
  const hello = registry[0]!;
  const changed: KubeObject[] = [
    { ...hello, spec: { ...(hello['spec'] as object), tags: { '1.1': { imageSizeBytes: 99 } } } } as KubeObject,
    registry[1]!,
  ];
  assert.equal(resolveImage('ghcr.io/example/hello:1.1', changed).sizeBytes, 99);
  assert.equal(resolveImage('ghcr.io/example/hello:1.1', registry).sizeBytes, 1234);
});
