/**
 * kubectl's own decoding of -f objects (messages checked against kubectl 1.33): metadata into
 * ObjectMeta for every command, the whole object for the typed ones (set image / set env).
 * The first error is the first in the bytes kubectl decodes: document order for JSON, Go's
 * sorted keys for YAML.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readSource, typedDecodeError } from '../../../src/kubectl/manifests/index.js';

const errorsOf = (text: string, source = 'f.yaml'): (string | undefined)[] =>
  readSource(source, text).documents.map((d) => d.error?.message);

const M = 'json: cannot unmarshal';

test('bad metadata is refused while reading, one document at a time', () => {
  const text = [
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, labels: [x]}',
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: y}',
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}',
    'apiVersion: v1\nkind: ConfigMap\nmetadata: [1]',
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b, labels: {b: 5, a: [1]}}',
  ].join('\n---\n');
  assert.deepEqual(errorsOf(text), [
    `unable to decode "f.yaml": ${M} array into Go struct field ObjectMeta.metadata.labels of type map[string]string`,
    `unable to decode "f.yaml": ${M} bool into Go struct field ObjectMeta.metadata.name of type string`,
    undefined,
    `unable to decode "f.yaml": ${M} array into Go struct field metadataOnlyObject.metadata of type v1.ObjectMeta`,
    // YAML: Go's sorted keys, so label a comes first
    `unable to decode "f.yaml": ${M} array into Go struct field ObjectMeta.metadata.labels of type string`,
  ]);
  // JSON: the document's own order, so label b comes first
  assert.deepEqual(errorsOf('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x","labels":{"b":5,"a":[1]}}}', 'f.json'), [
    `unable to decode "f.json": ${M} number into Go struct field ObjectMeta.metadata.labels of type string`,
  ]);
  // A list's own metadata is checked; its items go to the server as they are.
  assert.deepEqual(errorsOf('apiVersion: v1\nkind: List\nmetadata: {name: 5}\nitems: []'), [
    `unable to decode "f.yaml": ${M} number into Go struct field ObjectMeta.metadata.name of type string`,
  ]);
  assert.deepEqual(errorsOf('apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: 5}}'), [undefined]);
});

test('typed decoding of a whole object follows the bytes it was read from', () => {
  const yaml = readSource('d.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec: {replicas: x, paused: \"y\"}\n').objects[0]!;
  assert.equal(typedDecodeError(yaml, 'apps/v1', 'Deployment'), `${M} string into Go struct field DeploymentSpec.spec.paused of type bool`);
  const json = readSource('STDIN', '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"replicas":"x","paused":"y"}}').objects[0]!;
  assert.equal(typedDecodeError(json, 'apps/v1', 'Deployment'), `${M} string into Go struct field DeploymentSpec.spec.replicas of type int32`);
  const good = readSource('d.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec: {replicas: 2}\n').objects[0]!;
  assert.equal(typedDecodeError(good, 'apps/v1', 'Deployment'), undefined);
});
