import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonValue } from '../../../src/common/json.js';
import { JsonPathError } from '../../../src/kubectl/printers/jsonpath/errors.js';
import {
  CustomColumnsError,
  customColumnRows,
  parseCustomColumns,
  parseCustomColumnsFile,
  relaxedJsonPathExpression,
} from '../../../src/kubectl/printers/custom-columns.js';

test('relaxed expressions are normalised to {.a.b}', () => {
  for (const e of ['a.b', '.a.b', '{a.b}', '{.a.b}']) assert.equal(relaxedJsonPathExpression(e), '{.a.b}', e);
  assert.equal(relaxedJsonPathExpression(''), '');
  assert.throws(() => relaxedJsonPathExpression('{a'), JsonPathError);
});

test('spec parsing splits on commas, then on the first colon', () => {
  assert.deepEqual(parseCustomColumns('NAME:.metadata.name,IMG:spec.containers[0].image,X:a:b'), [
    { header: 'NAME', fieldSpec: '{.metadata.name}' },
    { header: 'IMG', fieldSpec: '{.spec.containers[0].image}' },
    { header: 'X', fieldSpec: '{.a:b}' },
  ]);
});

test('file parsing: two lines of white-space separated words, CRLF tolerated', () => {
  assert.deepEqual(parseCustomColumnsFile('NAME  IMAGE\r\n.metadata.name\t{.spec.image}\r\n'), [
    { header: 'NAME', fieldSpec: '{.metadata.name}' },
    { header: 'IMAGE', fieldSpec: '{.spec.image}' },
  ]);
});

test('rows: header, then cells per object; a List object is printed item by item', () => {
  const cols = parseCustomColumns('NAME:.metadata.name,PORTS:.spec.ports[*].port');
  const list: JsonValue = {
    kind: 'List',
    items: [{ metadata: { name: 'a' }, spec: { ports: [{ port: 80 }, { port: 443 }] } }, { metadata: { name: 'b' } }],
  };
  assert.deepEqual(customColumnRows(cols, [list], false), [
    ['NAME', 'PORTS'],
    ['a', '80,443'],
    ['b', '<none>'],
  ]);
  assert.deepEqual(customColumnRows(cols, [{ metadata: { name: 'c' } }], true), [['c', '<none>']]);
});

test('a failing column carries the rows printed before it', () => {
  const cols = parseCustomColumns('NAME:.metadata.name,X:.spec.l[3]');
  assert.throws(
    () => customColumnRows(cols, [{ metadata: { name: 'a' }, spec: { l: [1, 2, 3, 4] } }, { metadata: { name: 'b' }, spec: { l: [1] } }], false),
    (e: unknown) =>
      e instanceof CustomColumnsError &&
      e.message === 'array index out of bounds: index 3, length 1' &&
      JSON.stringify(e.rowsBeforeError) === JSON.stringify([['NAME', 'X'], ['a', '4']]),
  );
});
