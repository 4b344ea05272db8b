/**
 * Templates far longer or deeper than anyone writes still run, as in kubectl (Go's stack grows;
 * a JS one does not, so neither the parser nor the range evaluator may recurse per action).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { executeJsonPath, parseJsonPath } from '../../../src/kubectl/printers/jsonpath/index.js';

test('thousands of actions in a row parse and print', () => {
  const t = parseJsonPath('{.metadata.name},'.repeat(20000));
  assert.equal(t.root.nodes.length, 40000);
  assert.equal(executeJsonPath(t, { metadata: { name: 'p' } }), 'p,'.repeat(20000));
});

test('ranges nested 20000 deep run, over values and over nothing (kubectl prints the same)', () => {
  const n = 20000;
  const empty = parseJsonPath('{range .items[*]}'.repeat(n) + '{end}'.repeat(n));
  assert.equal(executeJsonPath(empty, { kind: 'ConfigMap' }), '');
  // Each level ranges over the one-element list `.l`: the innermost body runs once.
  let data: unknown = { l: [{ name: 'in' }] };
  for (let i = 1; i < n; i++) data = { l: [data] };
  const nested = parseJsonPath('{range .l[*]}'.repeat(n) + '{.name}' + '{end}x'.repeat(n));
  assert.equal(executeJsonPath(nested, data as never), 'in' + 'x'.repeat(n));
});
