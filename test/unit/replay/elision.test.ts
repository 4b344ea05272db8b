import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareOutput } from '../../../src/tools/replay/compare.js';
import { isElision, lineMatches, matchWithElisions } from '../../../src/tools/replay/elision.js';
import { NameMapping } from '../../../src/tools/replay/name-mapping.js';

test('an elision is a line of only … or ... (blanks around allowed)', () => {
  for (const l of ['…', '...', '  …  ', '\t...']) assert.equal(isElision(l), true, l);
  for (const l of ['', '....', '… more', 'a...', '..']) assert.equal(isElision(l), false, l);
});

const TABLE: [string, string[], string[], boolean][] = [
  ['many lines', ['A', '…', 'D'], ['A', 'B', 'C', 'D'], true],
  ['zero lines', ['A', '…', 'D'], ['A', 'D'], true],
  ['at the start', ['...', 'D'], ['A', 'B', 'D'], true],
  ['at the end', ['A', '...'], ['A', 'B', 'C'], true],
  ['only an elision', ['…'], [], true],
  ['two elisions', ['A', '…', 'C', '...', 'E'], ['A', 'B', 'C', 'D1', 'D2', 'E'], true],
  ['a repeated line after the elision', ['A', '…', 'B'], ['A', 'B', 'B', 'B'], true],
  ['the literal line after it missing', ['A', '…', 'D'], ['A', 'B', 'C'], false],
  ['a differing line before it', ['A', '…', 'D'], ['X', 'B', 'D'], false],
  ['two elisions, middle line missing', ['A', '…', 'C', '…', 'E'], ['A', 'B', 'D', 'E'], false],
  ['no elision: lines must be equal', ['A', 'B'], ['A', 'B', 'C'], false],
];

for (const [name, want, got, pass] of TABLE) {
  test(`elision table: ${name}`, () => {
    assert.equal(matchWithElisions(want, got).pass, pass);
  });
}

test('on a match the expansion is the actual output', () => {
  assert.deepEqual(matchWithElisions(['A', '…', 'C', '...', 'E'], ['A', 'B', 'C', 'D1', 'D2', 'E']).expanded, ['A', 'B', 'C', 'D1', 'D2', 'E']);
});

test('the diff of a failure shows the elided span as matched, only the real difference as -/+', () => {
  const expected = ['Waiting 0 of 4', '…', 'Waiting 3 of 4', 'deployment "hello" successfully rolled out'];
  const actual = 'Waiting 0 of 4\nWaiting 1 of 4\nWaiting 2 of 4\nWaiting 3 of 4\nerror: timed out\n';
  const c = compareOutput(expected, actual, new NameMapping());
  assert.equal(c.pass, false);
  assert.equal(
    c.diff,
    [
      '--- expected',
      '+++ actual',
      '@@ -2,4 +2,4 @@',
      ' Waiting 1 of 4',
      ' Waiting 2 of 4',
      ' Waiting 3 of 4',
      '-deployment "hello" successfully rolled out',
      '+error: timed out',
      '',
    ].join('\n'),
  );
});

test('compareOutput: an elided rollout status passes (the article: … then the last line)', () => {
  const actual = 'Waiting for deployment "hello" rollout to finish: 1 out of 4 new replicas have been updated...\n'.repeat(3) + 'deployment "hello" successfully rolled out\n';
  assert.equal(compareOutput(['…', 'deployment "hello" successfully rolled out'], actual, new NameMapping()).pass, true);
  assert.equal(compareOutput(['…', 'deployment "hello" successfully rolled out'], 'error: x\n', new NameMapping()).pass, false);
});

test('compareOutput: an elision inside a table still matches when rows are compared sorted', () => {
  const expected = ['NAME   READY', 'b-x    1/1', '...', 'd-x    1/1'];
  assert.equal(compareOutput(expected, 'NAME   READY\nb-x    1/1\nc-x    1/1\nd-x    1/1\n', new NameMapping()).pass, true);
});

// `…` inside a line: the parts around and between the `…`s in order; `...` inside a line is text
const INLINE: [string, string, string, boolean][] = [
  ['prefix and suffix', '{"apiVersion":"apps/v1",…}', '{"apiVersion":"apps/v1","kind":"Deployment"}}}', true],
  ['the article line 296', '  {"a":{"b":"hello 1.0"},…}', '  {"a":{"b":"hello 1.0"},"labels":{"x":"y"},"spec":{}}}', true],
  ['another prefix', '{"apiVersion":"apps/v1",…}', '{"apiVersion":"v1","kind":"Pod"}', false],
  ['another suffix', 'abc…}', 'abc def]', false],
  ['middle parts in order', 'a…b…c', 'a-x-b-y-c', true],
  ['middle parts out of order', 'a…b…c…d', 'a-c-b-d', false],
  ['prefix and suffix overlapping', 'ab…bc', 'abc', false],
  ['nothing elided', 'ab…cd', 'abcd', true],
  ['three dots inside a line are literal', 'Waiting for ... to be observed...', 'Waiting for x to be observed...', false],
  ['three dots equal', 'Waiting for ... to be observed...', 'Waiting for ... to be observed...', true],
];

for (const [name, want, got, pass] of INLINE) {
  test(`inline elision table: ${name}`, () => {
    assert.equal(lineMatches(want, got), pass);
    assert.equal(matchWithElisions(['first', want, 'last'], ['first', got, 'last']).pass, pass);
  });
}

test('a line shortened with … still lets a whole-line elision stand for many lines, and shows as the actual line in a diff', () => {
  assert.equal(matchWithElisions(['x…', '…', 'end'], ['x1', 'a', 'b', 'end']).pass, true);
  const c = compareOutput(['    {"a":1,…}', '-  generation: 1'], '    {"a":1,"b":2}\n-  generation: 2\n', new NameMapping());
  assert.equal(c.pass, false);
  assert.match(c.diff, /^ {5}\{"a":1,"b":2\}$/m);
  assert.match(c.diff, /^--  generation: 1$/m);
});
