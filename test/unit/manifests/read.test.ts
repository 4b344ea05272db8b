/**
 * Reading -f sources: directory walking, stdin, lists, YAML 1.1 scalars, JSON streams with
 * the YAML fallback, and per-document error reporting.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ManifestError,
  readManifestSources,
  readManifestSourceResults,
  readSource,
  yamlDocumentToJson,
} from '../../../src/kubectl/manifests/index.js';

const cm = (name: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n`;

function tempTree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-manifests-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

test('a directory gives its .json/.yaml/.yml files in name order; subdirectories only with -R', () => {
  const dir = tempTree({
    'm/b.yaml': cm('b'),
    'm/a.yml': cm('a'),
    'm/c.json': '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}',
    'm/notes.txt': 'not a manifest',
    'm/sub/d.yaml': cm('d'),
  });
  const names = (recursive: boolean): string[] =>
    readManifestSources(['m'], { recursive, stdin: () => '', cwd: dir }).map((s) => s.source);
  assert.deepEqual(names(false), ['m/a.yml', 'm/b.yaml', 'm/c.json']);
  assert.deepEqual(names(true), ['m/a.yml', 'm/b.yaml', 'm/c.json', 'm/sub/d.yaml']);
  // Named explicitly, any extension is read (and here fails to decode as an object).
  const [notes] = readManifestSourceResults(['m/notes.txt'], { recursive: false, stdin: () => '', cwd: dir });
  assert.equal(
    notes?.documents[0]?.error?.message,
    'unable to decode "m/notes.txt": json: cannot unmarshal string into Go value of type unstructured.detector',
  );
});

test('missing paths fail before anything is read; an empty directory names the extensions', () => {
  const dir = tempTree({ 'empty/readme.md': 'x', 'ok.yaml': cm('ok') });
  const opts = { recursive: false, stdin: () => assert.fail('stdin must not be read'), cwd: dir };
  assert.throws(() => readManifestSources(['ok.yaml', 'nope.yaml', '-'], opts), {
    message: 'the path "nope.yaml" does not exist',
  });
  assert.throws(() => readManifestSources(['a.yaml', 'b.yaml'], opts), {
    message: '[the path "a.yaml" does not exist, the path "b.yaml" does not exist]',
  });
  assert.throws(() => readManifestSources(['empty'], opts), {
    message: 'error reading [empty]: recognized file extensions are [.json .yaml .yml]',
  });
});

test('stdin is read once and named STDIN', () => {
  let reads = 0;
  const out = readManifestSources(['-'], { recursive: false, stdin: () => (reads++, cm('s')), cwd: '/' });
  assert.equal(reads, 1);
  assert.equal(out[0]?.source, 'STDIN');
  assert.equal((out[0]?.objects[0]?.['metadata'] as { name: string }).name, 's');
});

test('YAML 1.1 scalars as go-yaml v2 reads them; quoted scalars stay strings; keys become strings', () => {
  const v = yamlDocumentToJson(
    'a: yes\nb: "yes"\nc: 0123\nd: 0x1F\ne: 1.0\nf: ~\ng: 2001-12-14\non: 1\nh: 1_000\ni: .5\nj: 08\nk: Off\nl: 1e3\n',
  );
  assert.deepEqual(v, { a: true, b: 'yes', c: 83, d: 31, e: 1, f: null, g: '2001-12-14', true: 1, h: 1000, i: 0.5, j: 8, k: false, l: 1000 });
  // Merge keys and last-wins duplicates, as go-yaml v2 (non-strict) allows.
  assert.deepEqual(yamlDocumentToJson('base: &b {x: 1, z: 2}\nm:\n  <<: *b\n  z: 3\nd: 1\nd: 2\n'), {
    base: { x: 1, z: 2 },
    m: { x: 1, z: 3 },
    d: 2,
  });
  // Even a key `y` is the boolean true to go-yaml v2 (kubectl prints `"true": x` for it).
  assert.deepEqual(yamlDocumentToJson('y: x\n'), { true: 'x' });
});

test('lists are flattened; items without kind inherit it from FooList', () => {
  const s = readSource(
    'l.yaml',
    'apiVersion: v1\nkind: ConfigMapList\nitems:\n- metadata: {name: a}\n- {apiVersion: v1, kind: Secret, metadata: {name: b}}\n',
  );
  assert.deepEqual(
    s.objects.map((o) => `${String(o['apiVersion'])}/${String(o['kind'])}`),
    ['v1/ConfigMap', 'v1/Secret'],
  );
});

test('a JSON stream that fails as JSON is retried as YAML (trailing commas work)', () => {
  const s = readSource('t.json', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x",}}\n');
  assert.equal(s.error, undefined);
  assert.equal(s.objects.length, 1);
});

test('per-document results: a bad document is reported, the others are kept', () => {
  const text = `${cm('one')}---\n[1, 2]\n---\n${cm('two')}---\nmetadata: {name: x}\n`;
  const [src] = readManifestSourceResults(['-'], { recursive: false, stdin: () => text, cwd: '/' });
  assert.ok(src);
  assert.deepEqual(src.documents.map((d) => [d.objects.length, d.error?.message ?? '']), [
    [1, ''],
    [0, 'unable to decode "STDIN": json: cannot unmarshal array into Go value of type unstructured.detector'],
    [1, ''],
    [0, `unable to decode "STDIN": Object 'Kind' is missing in '{"metadata":{"name":"x"}}'`],
  ]);
  // The throwing variant reports the first error and still carries what was read.
  try {
    readManifestSources(['-'], { recursive: false, stdin: () => text, cwd: '/' });
    assert.fail('expected an error');
  } catch (e) {
    assert.ok(e instanceof ManifestError);
    assert.equal(e.partial?.[0]?.objects.length, 2);
  }
});

test('validation (create/apply) stops the stream at a document without apiVersion', () => {
  const s = readSource('v.yaml', `${cm('a')}---\nkind: ConfigMap\nmetadata: {name: b}\n---\n${cm('c')}`, true);
  assert.equal(s.objects.length, 1);
  assert.equal(
    s.error?.message,
    'error validating "v.yaml": error validating data: apiVersion not set; if you choose to ignore these errors, turn validation off with --validate=false',
  );
});
