/**
 * The pure pieces behind label/annotate/patch, pinned with small tables. The command-level
 * behaviour is pinned against kubectl itself in kubectl-golden.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AggregateCliError, CliError } from '../../../src/kubectl/util/errors.js';
import type { JsonObject } from '../../../src/common/json.js';
import { parseAnnotationSpecs, parseLabelSpecs, splitResourcesAndPairs } from '../../../src/kubectl/metadata-edit/pairs.js';
import { applyMapChanges, labelOverwriteError } from '../../../src/kubectl/metadata-edit/map-changes.js';
import { labelChangeMessage } from '../../../src/kubectl/metadata-edit/change-message.js';
import { aggregateMessage, throwCollected } from '../../../src/kubectl/resource/go-aggregate.js';
import { formatMapList } from '../../../src/kubectl/metadata-edit/list-output.js';
import { parsePatchBody, unmarshalJson } from '../../../src/kubectl/cmd/patch/patch-body.js';
import { missingFieldMessage, patchLocally } from '../../../src/kubectl/cmd/patch/local-patch.js';

test('splitResourcesAndPairs: what counts as a pair', () => {
  const cases: [string[], string[], string[]][] = [
    [['pods', 'x', 'a=1', 'b-'], ['pods', 'x'], ['a=1', 'b-']],
    [['pods', '=a', '-'], ['pods', '=a', '-'], []],
    [['deploy/x', 'k=v=w'], ['deploy/x'], ['k=v=w']],
  ];
  for (const [args, resources, pairs] of cases) assert.deepEqual(splitResourcesAndPairs(args, 'label'), { resources, pairs });
  assert.throws(() => splitResourcesAndPairs(['pods', 'a=1', 'x'], 'annotation'), /all resources must be specified before annotation changes: x/);
});

test('label and annotation specs differ on `=` and on bad input', () => {
  assert.throws(() => parseLabelSpecs(['a=b=c']), /invalid label spec: a=b=c/);
  assert.equal(parseAnnotationSpecs(['a=b=c']).set.get('a'), 'b=c');
  assert.throws(() => parseLabelSpecs(['nodash']), /unknown label spec: nodash/);
  assert.throws(() => parseAnnotationSpecs(['x', '=y']), /invalid annotation format: x, =y/);
  // a repeated key keeps its last value (a Go map assignment)
  assert.equal(parseLabelSpecs(['a=1', 'a=2']).set.get('a'), '2');
});

test('applyMapChanges: copies, writes an empty map, sets resourceVersion, checks overwrites', () => {
  const obj: JsonObject = { kind: 'ConfigMap', metadata: { name: 'c' } };
  const out = applyMapChanges(obj, 'labels', { set: new Map(), remove: ['x'] }, { overwrite: false });
  assert.deepEqual(out, { kind: 'ConfigMap', metadata: { name: 'c', labels: {} } });
  assert.deepEqual(obj, { kind: 'ConfigMap', metadata: { name: 'c' } }, 'input untouched');
  const rv = applyMapChanges(obj, 'annotations', { set: new Map([['a', '1']]), remove: [] }, { overwrite: false, resourceVersion: '9' });
  assert.deepEqual(rv['metadata'], { name: 'c', annotations: { a: '1' }, resourceVersion: '9' });
  const labeled: JsonObject = { metadata: { labels: { a: '1', b: '2' } } };
  assert.throws(() => applyMapChanges(labeled, 'labels', { set: new Map([['a', '9']]), remove: [] }, { overwrite: false }), (e: unknown) => {
    assert.ok(e instanceof CliError);
    assert.equal(e.message, "'a' already has a value (1), and --overwrite is false");
    return true;
  });
  const two = labelOverwriteError({ a: '1', b: '2' }, new Map([['a', 'x'], ['b', 'y'], ['c', 'z']]));
  assert.ok(two instanceof AggregateCliError);
  assert.equal(two.errors.length, 2);
  assert.equal(labelOverwriteError({ a: '1' }, new Map([['a', '1']])), undefined, 'same value is no conflict');
});

test('labelChangeMessage compares JSON bytes', () => {
  const before = { metadata: { labels: { app: 'web' } } };
  assert.equal(labelChangeMessage(before, { metadata: { labels: { app: 'web', n: '1' } } }, false), 'labeled');
  assert.equal(labelChangeMessage(before, { metadata: { labels: {} } }, false), 'unlabeled');
  assert.equal(labelChangeMessage(before, { metadata: { labels: {} } }, true), 'labeled');
  assert.equal(labelChangeMessage(before, { metadata: { labels: { app: 'web' } } }, false), 'not labeled');
  // same length, different content: labeled
  assert.equal(labelChangeMessage(before, { metadata: { labels: { app: 'wed' } } }, false), 'labeled');
});

test('collected errors print like Go aggregates', () => {
  const inner = new AggregateCliError([new CliError('a'), new CliError('b'), new CliError('a')]);
  assert.equal(aggregateMessage(inner), '[a, b]');
  assert.equal(aggregateMessage(new AggregateCliError([new CliError('a'), new CliError('a')])), 'a');
  assert.throws(() => throwCollected([inner, new CliError('c')]), (e: unknown) => {
    assert.ok(e instanceof AggregateCliError);
    assert.deepEqual(e.errors.map((x) => x.message), ['[a, b]', 'c']);
    return true;
  });
  const one = new CliError('only');
  assert.throws(() => throwCollected([one]), (e: unknown) => e === one);
  assert.doesNotThrow(() => throwCollected([]));
});

test('formatMapList sorts keys and names the group', () => {
  const obj: JsonObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', labels: { z: '1', a: '2' } } };
  assert.equal(formatMapList(obj, 'labels', false), 'a=2\nz=1\n');
  assert.equal(formatMapList(obj, 'labels', true), 'Listing labels for Deployment.apps/d:\n a=2\n z=1\n');
  assert.equal(formatMapList({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } }, 'annotations', true), 'Listing annotations for Pod./p:\n');
});

test('patch bodies: JSON is taken as is, YAML is converted', () => {
  assert.deepEqual(unmarshalJson('{"a":1} x'), { ok: false, jsonError: "invalid character 'x' after top-level value" });
  assert.deepEqual(unmarshalJson('  {"a":'), { ok: false, jsonError: 'unexpected end of JSON input' });
  assert.deepEqual(parsePatchBody(' {"a":1}', ''), { ok: true, value: { a: 1 } });
  assert.deepEqual(parsePatchBody('[{"op":"add"}]', ''), { ok: true, value: [{ op: 'add' }] });
  assert.deepEqual(parsePatchBody('a: yes', ''), { ok: true, value: { a: true } });
  assert.throws(() => parsePatchBody('a: b: c', 'a: b: c'), /: unable to parse "a: b: c": yaml: mapping values are not allowed in this context$/);
});

test('local patches: kubectl rewording and no mutation', () => {
  assert.equal(
    missingFieldMessage('replace operation does not apply: doc is missing key: /spec/x: missing value'),
    'Object to be patched is missing field (/spec/x: missing value)',
  );
  assert.equal(missingFieldMessage('test failed'), 'test failed');
  const pod: JsonObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { a: '1' } } };
  const out = patchLocally(pod, 'strategic', { ok: true, value: { metadata: { labels: { a: null, b: '2' } } } });
  assert.deepEqual(out['metadata'], { name: 'p', labels: { b: '2' } });
  assert.deepEqual(pod['metadata'], { name: 'p', labels: { a: '1' } });
  assert.throws(() => patchLocally(pod, 'strategic', { ok: true, value: 'x' }), /: invalid JSON document$/);
  assert.throws(() => patchLocally(pod, 'merge', { ok: false, jsonError: 'unexpected end of JSON input' }), /Invalid JSON Patch/);
  assert.throws(() => patchLocally(pod, 'merge', { ok: true, value: [1] }), /json: cannot unmarshal array into Go value of type unstructured.detector/);
});
