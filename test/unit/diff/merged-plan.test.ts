/**
 * The MERGED side's plan (diff.go Merged): creates send the file object without the
 * last-applied annotation; patches are apply's three-way patch without the annotation, so the
 * live annotation is never touched; an empty patch means "the live object".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject } from '../../../src/common/json.js';
import { InvalidOriginalError, modifiedWithoutAnnotation, planMerged } from '../../../src/kubectl/cmd/diff/merged-object.js';
import { computeApply } from '../../../src/kubectl/apply/compute-apply.js';
import { LAST_APPLIED_ANNOTATION } from '../../../src/api/kubectl-annotations.js';

function deployment(image: string, cause: string): JsonObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'hello', annotations: { 'kubernetes.io/change-cause': cause } },
    spec: {
      replicas: 4,
      selector: { matchLabels: { app: 'hello' } },
      template: { metadata: { labels: { app: 'hello' } }, spec: { containers: [{ name: 'hello', image }] } },
    },
  };
}

/** The live object apply would have created from `file`: the file plus annotation and server fields. */
function liveFrom(file: JsonObject): JsonObject {
  const created = computeApply(undefined, file, 'default');
  assert.equal(created.action, 'create');
  const obj = (created as { object: JsonObject }).object;
  (obj['metadata'] as JsonObject)['generation'] = 1;
  (obj['metadata'] as JsonObject)['uid'] = 'u';
  return obj;
}

test('a new object is created as read from the file: namespace filled in, no annotation, nulls dropped', () => {
  const file = deployment('hello:1.0', 'c');
  (file['spec'] as JsonObject)['paused'] = null;
  const plan = planMerged(undefined, file, 'default');
  assert.equal(plan.action, 'create');
  const obj = (plan as { object: JsonObject }).object;
  assert.deepEqual(obj['metadata'], { name: 'hello', namespace: 'default', annotations: { 'kubernetes.io/change-cause': 'c' } });
  assert.equal('paused' in (obj['spec'] as JsonObject), false);
});

test('the article: the patch changes change-cause and image but not the last-applied annotation', () => {
  const live = liveFrom(deployment('hello:1.0', 'hello 1.0'));
  const plan = planMerged(live, deployment('hello:1.1', 'hello 1.1'), 'default');
  assert.equal(plan.action, 'patch');
  const patch = (plan as { patch: JsonObject }).patch;
  assert.deepEqual((patch['metadata'] as JsonObject)['annotations'], { 'kubernetes.io/change-cause': 'hello 1.1' });
  assert.equal(JSON.stringify(patch).includes(LAST_APPLIED_ANNOTATION), false);
  assert.match(JSON.stringify(patch['spec']), /hello:1\.1/);
  // apply itself would also rewrite the annotation.
  const applied = computeApply(live, deployment('hello:1.1', 'hello 1.1'), 'default');
  assert.equal(JSON.stringify(applied).includes(LAST_APPLIED_ANNOTATION), true);
});

test('re-applying the same file plans nothing', () => {
  const file = deployment('hello:1.0', 'hello 1.0');
  assert.deepEqual(planMerged(liveFrom(file), file, 'default'), { action: 'unchanged' });
});

test('a live object without the annotation: fields only in the file are added, nothing is removed', () => {
  const live = liveFrom(deployment('hello:1.0', 'c'));
  delete ((live['metadata'] as JsonObject)['annotations'] as JsonObject)[LAST_APPLIED_ANNOTATION];
  (live['metadata'] as JsonObject)['labels'] = { extra: 'yes' };
  assert.deepEqual(planMerged(live, deployment('hello:1.0', 'c'), 'default'), { action: 'unchanged' });
});

test('the modified configuration keeps an empty annotations map and drops a stale annotation', () => {
  const file: JsonObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', annotations: { [LAST_APPLIED_ANNOTATION]: '{}' } } };
  assert.deepEqual(modifiedWithoutAnnotation(file, 'ns')['metadata'], { name: 'c', namespace: 'ns', annotations: {} });
  assert.deepEqual(modifiedWithoutAnnotation({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'n' } }, undefined)['metadata'], {
    name: 'n',
    annotations: {},
  });
});

test('a broken last-applied annotation fails like apply', () => {
  const live = liveFrom(deployment('hello:1.0', 'c'));
  ((live['metadata'] as JsonObject)['annotations'] as JsonObject)[LAST_APPLIED_ANNOTATION] = '{not json';
  assert.throws(() => planMerged(live, deployment('hello:1.1', 'c'), 'default'), InvalidOriginalError);
});
