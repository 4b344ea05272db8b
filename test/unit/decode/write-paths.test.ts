/**
 * Every write path of the API server decodes before it defaults, validates or stores:
 * create and update (400 BadRequest), JSON / merge patch and the scale subresource's blind
 * write (422 with a `patch` cause quoting the patched JSON), strategic merge patch (422
 * quoting the patch as Go prints a map), scale with a resourceVersion (400 for the Scale).
 * Nothing is written: the revision does not move.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { statusErrorText } from '../../../src/kubectl/cmd/util/check-err.js';

function must<T>(v: T | undefined): T {
  assert.ok(v);
  return v;
}

function refusal(f: () => unknown): StatusError {
  try {
    f();
  } catch (e) {
    if (e instanceof StatusError) return e;
    throw e;
  }
  assert.fail('the write was not refused');
}

const deployment = (replicas: unknown): KubeObject =>
  ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'big' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'big' } },
      template: { metadata: { labels: { app: 'big' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    },
  }) as unknown as KubeObject;

test('create, update, patch and scale refuse what does not decode, and store nothing', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  const deploy = must(findByKind('apps/v1', 'Deployment'));
  const cm = must(findByKind('v1', 'ConfigMap'));
  try {
    let rev = c.api.revision();
    const unchanged = (): void => assert.equal(c.api.revision(), rev, 'nothing was written');

    const create = refusal(() => c.api.create(deploy, 'default', deployment('four')));
    assert.equal(create.reason, 'BadRequest');
    assert.equal(create.code, 400);
    assert.equal(
      create.message,
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    );
    const cmCreate = refusal(() => c.api.create(cm, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { k: 5 } } as unknown as KubeObject));
    assert.equal(cmCreate.message, 'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string');
    // Dry run refuses the same way.
    assert.equal(refusal(() => c.api.create(deploy, 'default', deployment(1.5), { dryRun: true })).reason, 'BadRequest');
    unchanged();

    c.api.create(deploy, 'default', deployment(1));
    rev = c.api.revision();

    const update = refusal(() => c.api.update(deploy, { ...c.api.get(deploy, 'default', 'big'), metadata: { name: 'big', namespace: 'default', labels: ['a'] } } as unknown as KubeObject));
    assert.equal(
      update.message,
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string',
    );

    const merge = refusal(() => c.api.patch(deploy, 'default', 'big', 'merge', { spec: { replicas: 3000000000 } }));
    assert.equal(merge.reason, 'Invalid');
    assert.equal(merge.code, 422);
    assert.equal(merge.details?.causes?.length, 1);
    assert.equal(merge.details?.causes?.[0]?.field, 'patch');
    const mergeText = statusErrorText(merge);
    assert.match(mergeText, /^The request is invalid: patch: Invalid value: "\{\\"apiVersion\\":\\"apps\/v1\\",\\"kind\\":\\"Deployment\\",/);
    assert.match(mergeText, /\\"replicas\\":3000000000,/);
    assert.ok(mergeText.endsWith('": json: cannot unmarshal number 3000000000 into Go struct field DeploymentSpec.spec.replicas of type int32'), mergeText);

    const json = refusal(() => c.api.patch(deploy, 'default', 'big', 'json', [{ op: 'replace', path: '/spec/replicas', value: 1.5 }]));
    assert.ok(statusErrorText(json).endsWith(': json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32'));

    const smp = refusal(() => c.api.patch(deploy, 'default', 'big', 'strategic', { spec: { replicas: 'four' } }));
    assert.equal(statusErrorText(smp), 'The request is invalid: patch: Invalid value: "map[spec:map[replicas:four]]": unrecognized type: int32');
    // The converter turns 3000000000 into int32 as Go does; validation refuses the result.
    const smpBig = refusal(() => c.api.patch(deploy, 'default', 'big', 'strategic', { spec: { replicas: 3000000000 } }));
    assert.equal(statusErrorText(smpBig), 'The Deployment "big" is invalid: spec.replicas: Invalid value: -1294967296: must be greater than or equal to 0');

    const blind = refusal(() => c.api.updateScale(deploy, 'default', 'big', { replicas: 3000000000 }));
    assert.equal(blind.reason, 'Invalid');
    assert.match(statusErrorText(blind), /^The request is invalid: patch: Invalid value: "\{\\"apiVersion\\":\\"autoscaling\/v1\\",\\"kind\\":\\"Scale\\",\\"metadata\\":\{\\"name\\":\\"big\\",/);
    assert.ok(statusErrorText(blind).endsWith('": json: cannot unmarshal number 3000000000 into Go struct field ScaleSpec.spec.replicas of type int32'));
    const put = refusal(() => c.api.updateScale(deploy, 'default', 'big', { replicas: 3000000000, resourceVersion: String(rev) }));
    assert.equal(put.message, 'Scale in version "v1" cannot be handled as a Scale: json: cannot unmarshal number 3000000000 into Go struct field ScaleSpec.spec.replicas of type int32');
    // A Scale that decodes is validated as a Scale (what kubectl's int32(3000000000) sends).
    assert.equal(
      statusErrorText(refusal(() => c.api.updateScale(deploy, 'default', 'big', { replicas: -1294967296, resourceVersion: String(rev) }))),
      'The Scale "big" is invalid: spec.replicas: Invalid value: -1294967296: must be greater than or equal to 0',
    );
    unchanged();
    assert.equal((c.api.get(deploy, 'default', 'big')['spec'] as { replicas: number }).replicas, 1);

    // What does decode still goes through.
    c.api.patch(deploy, 'default', 'big', 'merge', { spec: { replicas: 2147483647 - 2147483645 } });
    assert.equal((c.api.get(deploy, 'default', 'big')['spec'] as { replicas: number }).replicas, 2);
  } finally {
    c.close();
  }
});

test('a patch may not rename, move or strip the object; a custom resource drops malformed metadata fields', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  const deploy = must(findByKind('apps/v1', 'Deployment'));
  const repo = must(findByKind('kubemu.io/v1alpha1', 'ImageRepository'));
  try {
    c.api.create(deploy, 'default', deployment(1));
    const rev = c.api.revision();
    // Before: a NotFound for "other", and a TypeError for a patch without metadata.
    assert.equal(
      refusal(() => c.api.patch(deploy, 'default', 'big', 'merge', { metadata: { name: 'other' } })).message,
      'the name of the object (other) does not match the name on the URL (big)',
    );
    assert.equal(
      refusal(() => c.api.patch(deploy, 'default', 'big', 'merge', { metadata: { namespace: 'kube-system' } })).message,
      'the namespace of the object (kube-system) does not match the namespace on the URL (default)',
    );
    assert.equal(refusal(() => c.api.patch(deploy, 'default', 'big', 'merge', { metadata: null })).message, 'the name of the object () does not match the name on the URL (big)');
    assert.equal(c.api.revision(), rev);

    const created = c.api.create(repo, undefined, {
      apiVersion: 'kubemu.io/v1alpha1',
      kind: 'ImageRepository',
      metadata: { name: 'r', labels: ['a'], annotations: { ok: 'yes' } },
      spec: { repository: 'example.com/r', tags: { '1.0': {} } },
    } as unknown as KubeObject);
    assert.equal(created.metadata.labels, undefined);
    assert.deepEqual(created.metadata.annotations, { ok: 'yes' });
    const bad = refusal(() => c.api.create(repo, undefined, { apiVersion: 'kubemu.io/v1alpha1', kind: 'ImageRepository', metadata: [1] } as unknown as KubeObject));
    assert.equal(bad.message, 'ImageRepository in version "v1alpha1" cannot be handled as a ImageRepository: invalid metadata: expected object, got []interface {}');
  } finally {
    c.close();
  }
});
