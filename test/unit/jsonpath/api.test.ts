/** The jsonpath building blocks, pinned with tables (the golden test covers whole templates). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  JsonPathError,
  executeJsonPath,
  findJsonPathResults,
  formatGoFloat,
  goJsonMarshal,
  goJsonMarshalIndent,
  goSharpV,
  goSprint,
  parseJsonPath,
} from '../../../src/kubectl/printers/jsonpath/index.js';
import { jsonPathPrinterFor, printJsonPath, printJsonPathAsJson } from '../../../src/kubectl/printers/jsonpath-printer.js';

test('formatGoFloat follows fmt %v for float64', () => {
  const table: [number, string][] = [
    [4, '4'],
    [1.5, '1.5'],
    [-2.25, '-2.25'],
    [100000, '100000'],
    [1e6, '1e+06'],
    [1234567.5, '1.2345675e+06'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1e21, '1e+21'],
    [1e-7, '1e-07'],
    [1e300, '1e+300'],
    [0, '0'],
  ];
  for (const [n, want] of table) assert.equal(formatGoFloat(n), want, String(n));
});

test('goSprint renders like fmt.Sprint of unstructured values', () => {
  assert.equal(goSprint({ b: [1, 'two', null], a: 'x' }), 'map[a:x b:[1 two <nil>]]');
  assert.equal(goSprint([{ containerPort: 8080, name: 'http' }]), '[map[containerPort:8080 name:http]]');
  assert.equal(goSprint(null), '<nil>');
  assert.equal(goSprint(1.5), '1.5');
  assert.equal(goSprint(12), '12');
  assert.equal(goSprint(1e20), '1e+20'); // beyond int64, so a float64
  assert.equal(goSprint({}), 'map[]');
});

test('goSharpV renders like %#v', () => {
  assert.equal(
    goSharpV({ s: 'a"b\n', n: null, l: [1, true], m: {} }),
    'map[string]interface {}{"l":[]interface {}{1, true}, "m":map[string]interface {}{}, "n":interface {}(nil), "s":"a\\"b\\n"}',
  );
});

test('Go JSON: sorted keys, HTML escaping, 4-space indent', () => {
  assert.equal(goJsonMarshal({ b: '<&>', a: [1, { d: null, c: 1e21 }] }), '{"a":[1,{"c":1e+21,"d":null}],"b":"\\u003c\\u0026\\u003e"}');
  assert.equal(goJsonMarshalIndent(['x', {}]), '[\n    "x",\n    {}\n]');
});

test('findJsonPathResults returns one list per top-level node', () => {
  const t = parseJsonPath('{.a[*]} and {.b}');
  assert.deepEqual(findJsonPathResults(t, { a: [1, 2], b: 'x' }), [[1, 2], [' and '], ['x']]);
  assert.deepEqual(findJsonPathResults(parseJsonPath('{.nope}'), { a: 1 }), [[]]);
});

test('map wildcards iterate in sorted key order (Go: random)', () => {
  assert.equal(executeJsonPath(parseJsonPath('{.*}'), { b: 2, a: 1, c: 3 }), '1 2 3');
});

test('parse errors are the bare upstream message; printers prefix them', () => {
  assert.throws(() => parseJsonPath('{.a'), new JsonPathError('unclosed action'));
  assert.throws(() => printJsonPath('{.a', {}), new JsonPathError('error parsing jsonpath {.a, unclosed action'));
});

test('missing keys: allowed by default, an error when not allowed', () => {
  assert.equal(printJsonPath('[{.x}]', { a: 1 }), '[]');
  assert.throws(
    () => printJsonPath('{.x}', { a: 1 }, { allowMissingKeys: false }),
    new JsonPathError(
      'error executing jsonpath "{.x}": Error executing template: x is not found. Printing more information for debugging the template:\n' +
        '\ttemplate was:\n\t\t{.x}\n\tobject given to jsonpath engine was:\n\t\tmap[string]interface {}{"a":1}\n\n\n',
    ),
  );
});

test('jsonpath-as-json prints each result list as an indented array', () => {
  assert.equal(printJsonPathAsJson('{.a[*]}', { a: [1, 'x'] }), '[\n    1,\n    "x"\n]\n');
});

test('jsonPathPrinterFor understands the three -o forms', () => {
  const files: Record<string, string> = { 't.txt': '{.a}\n' };
  const read = (p: string): string => {
    const f = files[p];
    if (f === undefined) throw new Error(`open ${p}: no such file or directory`);
    return f;
  };
  assert.equal(jsonPathPrinterFor('yaml', read), undefined);
  assert.equal(jsonPathPrinterFor('jsonpath={.a}', read)?.print({ a: 'x' }), 'x');
  assert.equal(jsonPathPrinterFor('jsonpath-file=t.txt', read)?.print({ a: 'x' }), 'x\n');
  assert.equal(jsonPathPrinterFor('jsonpath-as-json={.a}', read)?.print({ a: 'x' }), '[\n    "x"\n]\n');
  assert.throws(() => jsonPathPrinterFor('jsonpath=', read), new JsonPathError('template format specified but no template given'));
  assert.throws(
    () => jsonPathPrinterFor('jsonpath-file=nope.txt', read),
    new JsonPathError('error reading --template nope.txt, open nope.txt: no such file or directory'),
  );
});
