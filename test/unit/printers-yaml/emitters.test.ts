/**
 * Unit tests for the pieces of the YAML/JSON printers that the kubectl golden files do not
 * reach directly: go-yaml's key order, Go's number formats, layouts of nested collections,
 * and the typed-order rules (zero values, unknown fields).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareKeysGoYaml, formatYamlNumber, toYaml } from '../../../src/kubectl/printers/yaml.js';
import { formatJsonNumber, quoteJsonString, toCompactJson, toJsonText } from '../../../src/common/go-json.js';
import { compareGoStrings } from '../../../src/common/go-strings.js';
import { toTypedOrder } from '../../../src/kubectl/printers/typed-order.js';

test('go-yaml key order: digits compare as numbers, non-letters before letters', () => {
  const keys = ['a10', 'a9', 'ab', 'a-b', 'A', '_u', 'x02', 'x2', 'b'];
  // Equal numeric values: the shorter digit run first, so x2 < x02.
  assert.deepEqual([...keys].sort(compareKeysGoYaml), ['_u', 'A', 'a-b', 'a9', 'a10', 'ab', 'b', 'x2', 'x02']);
});

test('Go map key order for JSON is plain byte order', () => {
  assert.deepEqual(['a9', 'a10', '_u', 'A', 'é', 'z'].sort(compareGoStrings), ['A', '_u', 'a10', 'a9', 'z', 'é']);
});

test("YAML numbers: integers plain, floats as FormatFloat(f, 'g', -1, 64)", () => {
  const cases: [number, string][] = [
    [0, '0'],
    [-5, '-5'],
    [1.5, '1.5'],
    [123456.5, '123456.5'],
    [1234567.5, '1.2345675e+06'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1e21, '1e+21'],
    [-2.25, '-2.25'],
  ];
  for (const [n, s] of cases) assert.equal(formatYamlNumber(n), s, String(n));
});

test('JSON numbers: integers in full, floats exponent only below 1e-6 and from 1e21', () => {
  assert.equal(formatJsonNumber(1234567.5), '1234567.5');
  assert.equal(formatJsonNumber(1.5e-7), '1.5e-7');
  assert.equal(formatJsonNumber(1e21), '1e+21');
  assert.equal(formatJsonNumber(9007199254740991), '9007199254740991');
});

test('JSON strings are HTML-escaped like Go', () => {
  assert.equal(quoteJsonString('a&b<c>\u2028\b\f\u0001"\\'), '"a\\u0026b\\u003cc\\u003e\\u2028\\b\\f\\u0001\\"\\\\"');
  assert.equal(toCompactJson({ b: 1, a: [true, null, {}] }), '{"a":[true,null,{}],"b":1}');
});

test('JSON layout: 4 spaces, empty collections inline, trailing newline; sortKeys:false keeps order', () => {
  assert.equal(toJsonText({ b: [], a: {} }), '{\n    "a": {},\n    "b": []\n}\n');
  assert.equal(toJsonText({ b: 1, a: 2 }, { sortKeys: false }), '{\n    "b": 1,\n    "a": 2\n}\n');
});

test('YAML layout of nested collections', () => {
  assert.equal(toYaml({ a: [[1, 2], [], { x: [3] }] }), 'a:\n- - 1\n  - 2\n- []\n- x:\n  - 3\n');
  assert.equal(toYaml(['x', { k: 'v' }]), '- x\n- k: v\n');
  assert.equal(toYaml({}), '{}\n');
  assert.equal(toYaml('plain'), 'plain\n');
  assert.equal(toYaml({ b: 1, a: 2 }, { sortKeys: false }), 'b: 1\na: 2\n');
});

test('YAML: long keys use the explicit "? key" form, quoted strings fold past column 80', () => {
  const long = 'k'.repeat(130);
  assert.equal(toYaml({ [long]: 1 }), `? ${long}\n: 1\n`);
  const words = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
  // Single-quoted because of the leading "a: "; the fold happens at the first space past
  // column 80 and the continuation is indented under the key. Expected text is kubectl
  // 1.33's output for this value at spec.k.
  assert.equal(
    toYaml({ spec: { k: `a: ${words} ${words}` } }),
    "spec:\n  k: 'a: w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17 w18 w19 w0\n" +
      "    w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17 w18 w19'\n",
  );
});

test('YAML: NEL folds the way the JSON→YAML round trip folds it', () => {
  assert.equal(toYaml({ k: 'a\u0085b' }), 'k: a b\n');
  assert.equal(toYaml({ k: 'a \u0085\u0085 b' }), 'k: |-\n  a\n  b\n');
});

test('typed order: struct order, Go zero values, omitempty zeros dropped, maps sorted', () => {
  const out = toTypedOrder({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { labels: { z: '1', a: '2' }, name: 'd', creationTimestamp: '2026-01-02T03:04:05.678+02:00' },
    spec: { paused: false, minReadySeconds: 0, replicas: 0, template: { spec: { containers: [{ image: 'i', name: 'c' }] } } },
  });
  assert.equal(
    JSON.stringify(out),
    JSON.stringify({
      kind: 'Deployment',
      apiVersion: 'apps/v1',
      metadata: { name: 'd', creationTimestamp: '2026-01-02T01:04:05Z', labels: { a: '2', z: '1' } },
      spec: {
        replicas: 0,
        selector: null,
        template: {
          metadata: { creationTimestamp: null },
          spec: { containers: [{ name: 'c', image: 'i', resources: {} }] },
        },
        strategy: {},
      },
      status: {},
    }),
  );
});

test('typed order: unknown fields kept sorted after known ones, or dropped like kubectl', () => {
  const input = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'x' }, zeta: 1, alpha: { b: 1, a: 2 } };
  assert.deepEqual(Object.keys(toTypedOrder(input)), ['kind', 'apiVersion', 'metadata', 'alpha', 'zeta']);
  assert.deepEqual(Object.keys(toTypedOrder(input)['alpha'] as object), ['a', 'b']);
  assert.deepEqual(Object.keys(toTypedOrder(input, { unknownFields: 'drop' })), ['kind', 'apiVersion', 'metadata']);
});

test('typed order: unknown kinds print like unstructured objects (sorted)', () => {
  const out = toTypedOrder({ kind: 'Widget', apiVersion: 'example.com/v1', spec: { b: 1, a: 2 }, metadata: { name: 'w' } });
  assert.equal(JSON.stringify(out), '{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"a":2,"b":1}}');
});
