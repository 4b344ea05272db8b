/**
 * Bounded input (issue 9, defect 4): alias bombs, deep nesting and JSON-builtin-named keys in
 * -f manifests, answered as kubectl 1.33 answers them (messages recorded from the real binary:
 * `kubectl create --dry-run=client -f F`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readSource, yamlDocumentToJson } from '../../../src/kubectl/manifests/index.js';
import { allowedAliasRatio } from '../../../src/kubectl/manifests/alias-budget.js';
import { computeApply, InvalidLastAppliedError } from '../../../src/kubectl/apply/compute-apply.js';

const header = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n';

function errorOf(source: string, text: string): string | undefined {
  return readSource(source, text).error?.message;
}

/** 9 levels of 9 aliases: 9^9 ≈ 387 million nodes once expanded. */
function aliasBomb(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  let prev = 'a';
  for (const n of 'bcdefghi') {
    lines.push(`${n}: &${n} [${Array(9).fill(`*${prev}`).join(',')}]`);
    prev = n;
  }
  return header + lines.join('\n') + '\n';
}

/** `x:` then n keys each one column deeper, then a scalar. */
function deepBlock(n: number): string {
  let s = header + 'x:\n';
  for (let i = 0; i < n; i++) s += ' '.repeat(i + 1) + 'a:\n';
  return s + ' '.repeat(n + 1) + 'b: 1\n';
}

const deepFlow = (n: number): string => `${header}x: ${'['.repeat(n)}${']'.repeat(n)}\n`;
const deepJson = (n: number): string =>
  `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},"x":${'['.repeat(n)}${']'.repeat(n)}}\n`;

test('an alias bomb is refused with go-yaml\'s message, without expanding it', () => {
  assert.equal(
    errorOf('bomb.yaml', aliasBomb()),
    'error parsing bomb.yaml: error converting YAML to JSON: yaml: document contains excessive aliasing',
  );
});

test('ordinary aliasing and merge keys still work', () => {
  const text =
    header +
    'base: &base {a: 1, b: [1, 2, 3]}\n' +
    Array.from({ length: 30 }, (_, i) => `k${i}: {<<: *base, c: ${i}}\n`).join('') +
    'list: [*base, *base, *base]\n';
  const v = yamlDocumentToJson(text) as Record<string, unknown>;
  assert.deepEqual(v['k7'], { a: 1, b: [1, 2, 3], c: 7 });
  assert.deepEqual((v['list'] as unknown[]).length, 3);
});

test('go-yaml v2 alias ratio: 99% up to 400k decodes, 10% from 4M, linear between', () => {
  assert.equal(allowedAliasRatio(1000), 0.99);
  assert.equal(allowedAliasRatio(400_000), 0.99);
  assert.ok(Math.abs(allowedAliasRatio(2_200_000) - 0.545) < 1e-9);
  assert.equal(allowedAliasRatio(4_000_000), 0.1);
  assert.equal(allowedAliasRatio(9_000_000), 0.1);
});

test('an alias inside its own anchor is refused as go-yaml does, not looped over', () => {
  for (const body of ['x: &a [1, *a]\n', 'x: &a\n  b: *a\n']) {
    assert.equal(
      errorOf('self.yaml', header + body),
      'error parsing self.yaml: error converting YAML to JSON: yaml: anchor \'a\' value contains itself',
    );
  }
});

test('YAML and JSON nested 150 deep are read (kubectl reads up to 10,000)', () => {
  for (const [name, text] of [
    ['block.yaml', deepBlock(150)],
    ['flow.yaml', deepFlow(150)],
    ['deep.json', deepJson(150)],
  ] as const) {
    const s = readSource(name, text);
    assert.equal(s.error, undefined, name);
    assert.equal(s.objects.length, 1);
  }
  // kubemu reads 1,000 levels: the JSON object plus 999 arrays.
  assert.equal(readSource('deep.json', deepJson(999)).error, undefined);
});

test('JSON nested past 10,000: Go\'s scanner message and offset', () => {
  for (const n of [10_000, 20_000]) {
    assert.equal(
      errorOf('deep.json', deepJson(n)),
      "error parsing deep.json: json: offset 10069: invalid character '[' exceeded max depth",
    );
  }
});

test('YAML nested past 10,000: go-yaml\'s scanner message and line', () => {
  assert.equal(
    errorOf('flow.yaml', deepFlow(10_001)),
    'error parsing flow.yaml: error converting YAML to JSON: yaml: line 5: exceeded max depth of 10000',
  );
  assert.equal(
    errorOf('block.yaml', deepBlock(9_999)),
    'error parsing block.yaml: error converting YAML to JSON: yaml: line 10005: exceeded max depth of 10000',
  );
  // 10,000 flow levels pass go-yaml but not encoding/json (the document's mapping makes 10,001).
  assert.equal(
    errorOf('flow.yaml', deepFlow(10_000)),
    "error parsing flow.yaml: error unmarshaling JSON: while decoding JSON: invalid character '[' exceeded max depth",
  );
});

test('within kubectl\'s limit but beyond kubemu\'s: an error that says so, not a stack overflow', () => {
  assert.equal(
    errorOf('deep.json', deepJson(5_000)),
    "error parsing deep.json: json: offset 1069: invalid character '[' exceeded max depth of 1000 (kubemu's limit; kubectl's is 10000)",
  );
  assert.equal(
    errorOf('block.yaml', deepBlock(5_000)),
    "error parsing block.yaml: error converting YAML to JSON: yaml: line 1005: exceeded max depth of 1000 (kubemu's limit; kubectl's is 10000)",
  );
  // Depth made by aliases is only seen once they are expanded: 3 × 400 levels.
  const nest = (n: number, inner: string): string => `${'['.repeat(n)}${inner}${']'.repeat(n)}`;
  assert.match(
    errorOf('alias.yaml', `${header}a: &a ${nest(400, '')}\nb: &b ${nest(400, '*a')}\nc: ${nest(400, '*b')}\n`) ?? '',
    /^error parsing alias\.yaml: error unmarshaling JSON: while decoding JSON: invalid character '\[' exceeded max depth of 1000/,
  );
});

test('a last-applied annotation too deep to walk is an invalid original, not a stack overflow', () => {
  const live = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'c',
      annotations: { 'kubectl.kubernetes.io/last-applied-configuration': `{"data":${'['.repeat(20_000)}${']'.repeat(20_000)}}` },
    },
  };
  const file = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } };
  assert.throws(() => computeApply(live, file, 'default'), InvalidLastAppliedError);
});

test('keys named like JavaScript builtins are read as data, from YAML and from JSON', () => {
  const before = Object.getOwnPropertyNames(Object.prototype).sort();
  const yamlText = `${header}  labels:\n    __proto__: a\n    hasOwnProperty: b\n    constructor: c\n`;
  const jsonText = JSON.stringify({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'c', labels: JSON.parse('{"__proto__":"a","hasOwnProperty":"b","constructor":"c"}') as object },
  });
  for (const [name, text] of [['c.yaml', yamlText], ['c.json', jsonText]] as const) {
    const [obj] = readSource(name, text).objects;
    const labels = (obj?.['metadata'] as { labels: object }).labels;
    assert.deepEqual(Object.keys(labels).sort(), ['__proto__', 'constructor', 'hasOwnProperty'], name);
    assert.equal(Object.getOwnPropertyDescriptor(labels, '__proto__')?.value, 'a', name);
    assert.equal(Object.getPrototypeOf(labels), Object.prototype, name);
  }
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), before);
});

test('go-yaml\'s depth error is located as kubectl 1.33 locates it, whatever the keys look like', () => {
  const cases: [string, string, string][] = [
    ['quoted keys', `${header}x:\n${Array.from({ length: 10_000 }, (_, i) => `${' '.repeat(i + 1)}"a":\n`).join('')}`, 'line 10005: '],
    ['anchored keys', `${header}x:\n${Array.from({ length: 10_000 }, (_, i) => `${' '.repeat(i + 1)}&a${i} a:\n`).join('')}`, 'line 10005: '],
    ['sequences', `${header}x:\n${Array.from({ length: 10_001 }, (_, i) => `${' '.repeat(i)}-\n`).join('')}`, 'line 10006: '],
    [
      'comments and a block scalar',
      `${header}s: |\n  [[[[[[\n  a: b:\nx:\n${Array.from({ length: 10_000 }, (_, i) => `${' '.repeat(i + 1)}a: # c: [\n`).join('')}`,
      'line 10008: ',
    ],
    ['flow mappings', `${header}x: ${'{a: '.repeat(10_001)}1${'}'.repeat(10_001)}\n`, 'line 5: '],
    ['on the first line', `x: ${'['.repeat(10_001)}${']'.repeat(10_001)}\n${header}`, ''],
  ];
  for (const [name, text, where] of cases) {
    assert.equal(
      errorOf('d.yaml', text),
      `error parsing d.yaml: error converting YAML to JSON: yaml: ${where}exceeded max depth of 10000`,
      name,
    );
  }
});
