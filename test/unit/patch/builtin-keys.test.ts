/**
 * The patch engines with keys named like JavaScript builtins (issue 9, defect 6): a key that
 * Object.prototype also has (`constructor`, `toString`) is absent until set, and `__proto__`
 * is stored as data, in JSON merge patch, strategic merge patch, JSON patch and apply's
 * three-way merge. Inputs are made with JSON.parse, which creates `__proto__` as an own key.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyJsonMergePatch, createJsonMergePatch } from '../../../src/apiserver/patch/json-merge-patch.js';
import { applyStrategicMergePatch } from '../../../src/apiserver/patch/strategic-merge.js';
import { applyJsonPatch } from '../../../src/apiserver/patch/json-patch.js';
import { strategicSchemaFor } from '../../../src/apiserver/patch/patch-meta.js';
import { threeWayMergePatch } from '../../../src/kubectl/apply/three-way-merge.js';
import type { JsonObject } from '../../../src/common/json.js';

const j = (s: string): JsonObject => JSON.parse(s) as JsonObject;
const cm = (data: string): JsonObject => j(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":${data}}`);
const dataOf = (o: unknown): string => JSON.stringify((o as { data: unknown }).data);
const schema = strategicSchemaFor('v1', 'ConfigMap')!;

test('JSON merge patch: builtin-named keys are added, changed and deleted like others', () => {
  const out = applyJsonMergePatch(cm('{"a":"1"}'), j('{"data":{"constructor":"x","__proto__":"y","toString":{"n":1}}}'));
  assert.equal(dataOf(out), '{"a":"1","constructor":"x","__proto__":"y","toString":{"n":1}}');
  const del = applyJsonMergePatch(out, j('{"data":{"__proto__":null,"constructor":null}}'));
  assert.equal(dataOf(del), '{"a":"1","toString":{"n":1}}');
  assert.equal(
    JSON.stringify(createJsonMergePatch(j('{"a":"1","__proto__":"p"}'), j('{"constructor":"c","toString":"t"}'))),
    '{"constructor":"c","toString":"t","a":null,"__proto__":null}',
  );
});

test('strategic merge patch: the same', () => {
  const out = applyStrategicMergePatch(cm('{"a":"1"}'), j('{"data":{"constructor":"x","__proto__":"y"}}'), schema);
  assert.equal(dataOf(out), '{"a":"1","constructor":"x","__proto__":"y"}');
  const del = applyStrategicMergePatch(out, j('{"data":{"__proto__":null}}'), schema);
  assert.equal(dataOf(del), '{"a":"1","constructor":"x"}');
});

test('JSON patch: paths through and to builtin-named keys', () => {
  const out = applyJsonPatch(
    cm('{"__proto__":"p"}'),
    j('[{"op":"add","path":"/data/constructor","value":"c"},{"op":"replace","path":"/data/__proto__","value":"q"},{"op":"copy","from":"/data/__proto__","path":"/data/toString"}]'),
  );
  assert.equal(dataOf(out), '{"__proto__":"q","constructor":"c","toString":"q"}');
  assert.equal(dataOf(applyJsonPatch(cm('{}'), j('[{"op":"add","path":"/data/__proto__","value":"n"}]'))), '{"__proto__":"n"}');
  assert.throws(() => applyJsonPatch(cm('{}'), j('[{"op":"remove","path":"/data/constructor"}]')), /nonexistent key: constructor/);
});

test('three-way merge: a builtin-named key dropped from the file is deleted, one added is set', () => {
  const original = cm('{"__proto__":"a","constructor":"b"}');
  const modified = cm('{"constructor":"b","toString":"t"}');
  const live = cm('{"__proto__":"a","constructor":"b","valueOf":"server"}');
  const { patch } = threeWayMergePatch(original, modified, live, schema);
  assert.equal(JSON.stringify(patch), '{"data":{"__proto__":null,"toString":"t"}}');
});

test('Object.prototype is untouched by all of the above', () => {
  assert.deepEqual(Object.keys(Object.prototype), []);
  assert.equal(Object.getPrototypeOf({}), Object.prototype);
  assert.equal(({} as { constructor: unknown }).constructor, Object);
});
