/**
 * The article's apply story, end to end on the client + server patch functions: apply
 * hello-deploy.yaml, let other tools change the live object, re-apply, and check what the
 * object looks like after the server applies the patch.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject } from '../../../src/common/json.js';
import { computeApply, type ApplyAction } from '../../../src/kubectl/apply/compute-apply.js';
import { lastAppliedAnnotationValue } from '../../../src/kubectl/apply/last-applied.js';
import { LAST_APPLIED_ANNOTATION } from '../../../src/api/kubectl-annotations.js';
import { applyStrategicMergePatch } from '../../../src/apiserver/patch/strategic-merge.js';
import { strategicSchemaFor } from '../../../src/apiserver/patch/patch-meta.js';

const schema = strategicSchemaFor('apps/v1', 'Deployment');
if (!schema) throw new Error('Deployment has a strategic schema');

function helloDeploy(image = 'ghcr.io/example/hello:1.0', replicas = 4): JsonObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'hello', labels: { app: 'hello' }, annotations: { 'kubernetes.io/change-cause': 'hello 1.0' } },
    spec: {
      replicas,
      minReadySeconds: 5,
      selector: { matchLabels: { app: 'hello' } },
      template: {
        metadata: { labels: { app: 'hello' } },
        spec: { containers: [{ name: 'hello', image, ports: [{ name: 'http', containerPort: 8080 }] }] },
      },
    },
  };
}

/** What the server does with the action (create → store; patch → strategic merge). */
function serverApplies(live: JsonObject | undefined, action: ApplyAction): JsonObject {
  if (action.action === 'create') return { ...action.object, status: { replicas: 4 } };
  assert.ok(live);
  if (action.action === 'unchanged') return live;
  return applyStrategicMergePatch(live, action.patch, schema!);
}

function container(o: JsonObject): JsonObject {
  return (((o['spec'] as JsonObject)['template'] as JsonObject)['spec'] as JsonObject)['containers'] as unknown as JsonObject;
}

test('first apply creates the object with the last-applied annotation', () => {
  const action = computeApply(undefined, helloDeploy(), 'default');
  assert.equal(action.action, 'create');
  const obj = action.action === 'create' ? action.object : {};
  const meta = obj['metadata'] as JsonObject;
  assert.equal(meta['namespace'], 'default');
  const ann = meta['annotations'] as JsonObject;
  assert.equal(ann[LAST_APPLIED_ANNOTATION], lastAppliedAnnotationValue(helloDeploy(), 'default'));
  assert.ok(String(ann[LAST_APPLIED_ANNOTATION]).startsWith(
    '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{"kubernetes.io/change-cause":"hello 1.0"},',
  ));
});

test('set env, re-apply the same file: unchanged, the variable survives', () => {
  let live = serverApplies(undefined, computeApply(undefined, helloDeploy(), 'default'));
  // kubectl set env deployment/hello GOMAXPROCS=2
  live = structuredClone(live);
  const c0 = (container(live) as unknown as JsonObject[])[0] as JsonObject;
  c0['env'] = [{ name: 'GOMAXPROCS', value: '2' }];
  const action = computeApply(live, helloDeploy(), 'default');
  assert.deepEqual(action, { action: 'unchanged', missingLastApplied: false });
  assert.deepEqual(c0['env'], [{ name: 'GOMAXPROCS', value: '2' }]);
});

test('new image: the patch touches only the image and the annotation', () => {
  const live = serverApplies(undefined, computeApply(undefined, helloDeploy(), 'default'));
  const action = computeApply(live, helloDeploy('ghcr.io/example/hello:1.1'), 'default');
  assert.equal(action.action, 'patch');
  if (action.action !== 'patch') return;
  assert.equal(action.patchType, 'strategic');
  assert.deepEqual(Object.keys(action.patch).sort(), ['metadata', 'spec']);
  assert.deepEqual(Object.keys((action.patch['metadata'] as JsonObject)['annotations'] as JsonObject), [LAST_APPLIED_ANNOTATION]);
  assert.deepEqual(action.patch['spec'], {
    template: {
      spec: {
        '$setElementOrder/containers': [{ name: 'hello' }],
        containers: [{ name: 'hello', image: 'ghcr.io/example/hello:1.1' }],
      },
    },
  });
  const after = serverApplies(live, action);
  assert.equal(((container(after) as unknown as JsonObject[])[0] as JsonObject)['image'], 'ghcr.io/example/hello:1.1');
});

test('scaled to 6, file says 4: apply puts replicas back to 4; status is kept', () => {
  let live = serverApplies(undefined, computeApply(undefined, helloDeploy(), 'default'));
  live = structuredClone(live);
  (live['spec'] as JsonObject)['replicas'] = 6;
  const action = computeApply(live, helloDeploy(), 'default');
  assert.deepEqual(action, { action: 'patch', patchType: 'strategic', patch: { spec: { replicas: 4 } }, missingLastApplied: false });
  const after = serverApplies(live, action);
  assert.equal((after['spec'] as JsonObject)['replicas'], 4);
  assert.deepEqual(after['status'], { replicas: 4 });
});

test('a field dropped from the file that was last applied is deleted', () => {
  const live = serverApplies(undefined, computeApply(undefined, helloDeploy(), 'default'));
  const file = helloDeploy();
  delete (file['spec'] as JsonObject)['minReadySeconds'];
  const action = computeApply(live, file, 'default');
  assert.equal(action.action, 'patch');
  if (action.action !== 'patch') return;
  assert.deepEqual(action.patch['spec'], { minReadySeconds: null });
  const after = serverApplies(live, action);
  assert.equal('minReadySeconds' in (after['spec'] as JsonObject), false);
  // re-applying the new file is now a no-op
  assert.equal(computeApply(after, file, 'default').action, 'unchanged');
});

test('a field never in the file is not deleted even when absent from it', () => {
  const live = structuredClone(serverApplies(undefined, computeApply(undefined, helloDeploy(), 'default')));
  (live['spec'] as JsonObject)['paused'] = true;
  assert.equal(computeApply(live, helloDeploy(), 'default').action, 'unchanged');
});
