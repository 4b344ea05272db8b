import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject } from '../../../src/common/json.js';
import { applyJsonPatch } from '../../../src/apiserver/patch/json-patch.js';
import { applyJsonMergePatch } from '../../../src/apiserver/patch/json-merge-patch.js';
import { applyStrategicMergePatch } from '../../../src/apiserver/patch/strategic-merge.js';
import { diffMaps, TWO_WAY } from '../../../src/apiserver/patch/strategic-diff.js';
import { lookupField, strategicSchemaFor, supportsStrategicMerge } from '../../../src/apiserver/patch/patch-meta.js';
import { PatchError, toStatusError, GENERIC_UNPROCESSABLE } from '../../../src/apiserver/patch/patch-errors.js';
import { toCompactJson } from '../../../src/common/go-json.js';
import { lastAppliedAnnotationValue } from '../../../src/kubectl/apply/last-applied.js';

function caught(fn: () => unknown): PatchError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof PatchError);
    return e;
  }
  assert.fail('expected a PatchError');
}

test('kinds: built-ins are strategic, custom resources are not', () => {
  assert.equal(supportsStrategicMerge('apps/v1', 'Deployment'), true);
  assert.equal(supportsStrategicMerge('v1', 'ConfigMap'), true);
  assert.equal(supportsStrategicMerge('kubemu.io/v1alpha1', 'ImageRepository'), false);
  assert.equal(supportsStrategicMerge('example.com/v1', 'Deployment'), false);
});

test('struct tags: merge keys and atomic lists', () => {
  const pod = strategicSchemaFor('v1', 'Pod');
  assert.ok(pod);
  const spec = lookupField(pod, 'spec').schema;
  assert.deepEqual(lookupField(spec, 'containers').meta, { strategies: ['merge'], mergeKey: 'name' });
  assert.deepEqual(lookupField(spec, 'volumes').meta, { strategies: ['merge', 'retainKeys'], mergeKey: 'name' });
  assert.deepEqual(lookupField(spec, 'tolerations').meta, { strategies: [], mergeKey: '' });
  const container = lookupField(spec, 'containers').schema;
  assert.equal(lookupField(container, 'ports').meta.mergeKey, 'containerPort');
  const svc = strategicSchemaFor('v1', 'Service');
  assert.ok(svc);
  assert.equal(lookupField(lookupField(svc, 'spec').schema, 'ports').meta.mergeKey, 'port');
  const node = strategicSchemaFor('v1', 'Node');
  assert.ok(node);
  assert.deepEqual(lookupField(lookupField(node, 'spec').schema, 'taints').meta.strategies, []);
});

test('server status: JSON patch failures are a generic 422, kubectl shows "The request is invalid: ..."', () => {
  const e = caught(() => applyJsonPatch({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }]));
  assert.equal(e.message, 'testing value /a failed: test failed');
  const s = toStatusError(e);
  assert.equal(s.reason, 'Invalid');
  assert.equal(s.code, 422);
  assert.equal(s.message, GENERIC_UNPROCESSABLE);
  assert.deepEqual(s.details, { name: '', group: '', kind: '' });
});

test('server status: a JSON patch that is not a list is a 400 with the decode error', () => {
  const s = toStatusError(caught(() => applyJsonPatch({}, { op: 'add' })));
  assert.equal(s.code, 400);
  assert.equal(s.message, 'json: cannot unmarshal object into Go value of type jsonpatch.Patch');
});

test('server status: strategic format errors are 400, a missing merge key is a 500 with no reason', () => {
  const deploy = strategicSchemaFor('apps/v1', 'Deployment');
  assert.ok(deploy);
  const bad = toStatusError(caught(() => applyStrategicMergePatch({ metadata: { name: 'd' } }, { metadata: { $deleteFromPrimitiveList: [] } }, deploy)));
  assert.deepEqual([bad.reason, bad.code, bad.message], ['BadRequest', 400, 'invalid patch format of primitive list']);
  const live: JsonObject = { spec: { template: { spec: { containers: [{ name: 'a' }] } } } };
  const noKey = toStatusError(caught(() => applyStrategicMergePatch(live, { spec: { template: { spec: { containers: [{ image: 'x' }] } } } }, deploy)));
  assert.deepEqual([noKey.reason, noKey.code, noKey.message], ['', 500, 'map: map[image:x] does not contain declared merge key: name']);
});

test('merge patch: a null or scalar patch is "Invalid JSON Patch"; RFC 7386 otherwise', () => {
  assert.equal(caught(() => applyJsonMergePatch({ a: 1 }, null)).message, 'Invalid JSON Patch');
  assert.equal(caught(() => applyJsonMergePatch({ a: 1 }, 5)).message, 'Invalid JSON Patch');
  assert.deepEqual(applyJsonMergePatch({ a: { b: 1, c: 2 }, d: [1] }, { a: { b: null, e: 3 }, d: [2] }), { a: { c: 2, e: 3 }, d: [2] });
});

test('Go JSON: sorted keys, compact, HTML characters escaped', () => {
  assert.equal(toCompactJson({ b: '<a&b>', a: [1, 2.5, true, null], 'u\u2028': 'x' }), '{"a":[1,2.5,true,null],"b":"\\u003ca\\u0026b\\u003e","u\\u2028":"x"}');
});

test('last-applied: namespace filled in, annotations {} added, own annotation dropped, newline', () => {
  const file: JsonObject = {
    kind: 'ConfigMap',
    apiVersion: 'v1',
    metadata: { name: 'c' },
    data: { k: 'v' },
  };
  assert.equal(
    lastAppliedAnnotationValue(file, 'default'),
    '{"apiVersion":"v1","data":{"k":"v"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"c","namespace":"default"}}\n',
  );
  const withOld: JsonObject = { kind: 'Namespace', apiVersion: 'v1', metadata: { name: 'n', annotations: { 'kubectl.kubernetes.io/last-applied-configuration': 'old', x: 'y' } } };
  assert.equal(lastAppliedAnnotationValue(withOld), '{"apiVersion":"v1","kind":"Namespace","metadata":{"annotations":{"x":"y"},"name":"n"}}\n');
});

test('two-way diff then apply gives the modified object back', () => {
  const deploy = strategicSchemaFor('apps/v1', 'Deployment');
  assert.ok(deploy);
  const before: JsonObject = {
    metadata: { labels: { a: '1', b: '2' }, finalizers: ['x', 'y'] },
    spec: {
      paused: true,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } },
      template: { spec: { containers: [{ name: 'c1', image: 'i1', env: [{ name: 'A', value: '1' }] }, { name: 'c2', image: 'i2' }] } },
    },
  };
  const after: JsonObject = {
    metadata: { labels: { a: '1', c: '3' }, finalizers: ['y', 'z'] },
    spec: {
      strategy: { type: 'Recreate' },
      template: { spec: { containers: [{ name: 'c2', image: 'i2b' }, { name: 'c3', image: 'i3' }] } },
    },
  };
  const patch = diffMaps(structuredClone(before), structuredClone(after), deploy, TWO_WAY);
  assert.deepStrictEqual(applyStrategicMergePatch(before, patch, deploy), after);
  assert.deepEqual((patch['spec'] as JsonObject)['strategy'], { $retainKeys: ['type'], rollingUpdate: null, type: 'Recreate' });
  assert.deepEqual(diffMaps(structuredClone(after), structuredClone(after), deploy, TWO_WAY), {});
});
