import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  EVERYTHING,
  NOTHING,
  SelectorError,
  formatLabelSelector,
  labelSelectorAsSelector,
  newRequirement,
  parseSelector,
  selectorIsEmpty,
  selectorMatches,
  selectorString,
} from '../../../src/labels/label-selector.js';

test('String() of parsed selectors: sorted by key, in-values sorted and de-duplicated', () => {
  const table: [string, string][] = [
    ['', ''],
    ['tier=fe,app=web', 'app=web,tier=fe'],
    ['app==web', 'app==web'],
    ['app != web', 'app!=web'],
    ['env in (prod, dev, prod)', 'env in (dev,prod)'],
    ['env notin (qa)', 'env notin (qa)'],
    // Sorting is by key; the `!` of DoesNotExist is not part of it.
    ['!canary,app', 'app,!canary'],
    ['a>1,b<5', 'a>1,b<5'],
    ['x in ()', 'x in ()'],
    ['x in (,a)', 'x in (,a)'],
    ['app.kubernetes.io/name=hello,pod-template-hash=8c9694f75', 'app.kubernetes.io/name=hello,pod-template-hash=8c9694f75'],
    ['b=1,a=2,b=3', 'a=2,b=1,b=3'],
    ['in=notin', 'in=notin'],
  ];
  for (const [input, want] of table) assert.equal(selectorString(parseSelector(input)), want, input);
});

test('matching: equality, sets, existence, numeric comparison; AND across requirements', () => {
  const labels = { app: 'web', tier: 'fe', replicas: '3' };
  const table: [string, Record<string, string> | undefined, boolean][] = [
    ['', labels, true],
    ['', undefined, true],
    ['app=web', labels, true],
    ['app=db', labels, false],
    ['app!=db', labels, true],
    ['missing!=x', labels, true],
    ['app in (db,web)', labels, true],
    ['app notin (db,web)', labels, false],
    ['missing notin (x)', labels, true],
    ['missing in (x)', labels, false],
    ['app', labels, true],
    ['!app', labels, false],
    ['!missing', labels, true],
    ['app=web,tier=be', labels, false],
    ['app=web,tier=fe', labels, true],
    ['replicas>2', labels, true],
    ['replicas<3', labels, false],
    ['app>2', labels, false],
    ['missing>2', labels, false],
    ['x in ()', { x: '' }, true],
    ['x=', { x: '' }, true],
    ['x=', {}, false],
    ['app', undefined, false],
  ];
  for (const [sel, ls, want] of table) assert.equal(selectorMatches(parseSelector(sel), ls), want, `${sel} on ${JSON.stringify(ls)}`);
});

test('parse errors carry apimachinery wording', () => {
  assert.throws(() => parseSelector('app in x'), new SelectorError("unable to parse requirement: found 'x' expected: '('"));
  assert.throws(() => parseSelector('a=b,'), new SelectorError("found '', expected: identifier after ','"));
});

test('LabelSelector → Selector: matchLabels and matchExpressions, sorted by key', () => {
  const sel = labelSelectorAsSelector({
    matchLabels: { 'pod-template-hash': '8c9694f75', 'app.kubernetes.io/name': 'hello' },
    matchExpressions: [
      { key: 'tier', operator: 'In', values: ['web', 'api'] },
      { key: 'canary', operator: 'DoesNotExist' },
      { key: 'env', operator: 'NotIn', values: ['qa'] },
      { key: 'zone', operator: 'Exists', values: [] },
    ],
  });
  assert.equal(
    selectorString(sel),
    'app.kubernetes.io/name=hello,!canary,env notin (qa),pod-template-hash=8c9694f75,tier in (api,web),zone',
  );
  assert.equal(selectorMatches(sel, { 'app.kubernetes.io/name': 'hello', 'pod-template-hash': '8c9694f75', tier: 'api', zone: 'a' }), true);
  assert.equal(selectorMatches(sel, { 'app.kubernetes.io/name': 'hello', 'pod-template-hash': '8c9694f75', tier: 'api' }), false);
});

test('an empty LabelSelector selects everything, a nil one nothing', () => {
  const everything = labelSelectorAsSelector({});
  assert.deepEqual(everything, EVERYTHING);
  assert.equal(selectorIsEmpty(everything), true);
  assert.equal(selectorMatches(everything, undefined), true);
  assert.equal(selectorMatches(everything, { a: 'b' }), true);
  const nothing = labelSelectorAsSelector(null);
  assert.deepEqual(nothing, NOTHING);
  assert.equal(selectorIsEmpty(nothing), false);
  assert.equal(selectorMatches(nothing, {}), false);
  assert.equal(selectorString(nothing), '');
  assert.deepEqual(labelSelectorAsSelector(undefined), NOTHING);
  assert.deepEqual(labelSelectorAsSelector({ matchLabels: {}, matchExpressions: [] }), EVERYTHING);
});

test('FormatLabelSelector: string form, <none> when empty, <error> when invalid', () => {
  assert.equal(formatLabelSelector({ matchLabels: { app: 'hello' } }), 'app=hello');
  assert.equal(formatLabelSelector({}), '<none>');
  assert.equal(formatLabelSelector(null), '<none>');
  assert.equal(formatLabelSelector({ matchExpressions: [{ key: 'a', operator: 'Bogus' }] }), '<error>');
});

test('LabelSelector validation errors are NewRequirement/field.Error text', () => {
  assert.throws(
    () => labelSelectorAsSelector({ matchExpressions: [{ key: 'a', operator: 'Bogus' }] }),
    new SelectorError('"Bogus" is not a valid label selector operator'),
  );
  assert.throws(
    () => labelSelectorAsSelector({ matchExpressions: [{ key: 'a', operator: 'In' }] }),
    new SelectorError("values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty"),
  );
  assert.throws(
    () => labelSelectorAsSelector({ matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x', 'y'] }] }),
    new SelectorError(
      'values: Invalid value: []string{"x", "y"}: values set must be empty for exists and does not exist',
    ),
  );
  assert.throws(
    () => labelSelectorAsSelector({ matchLabels: { '-a': 'b' } }),
    (e: unknown) => e instanceof SelectorError && e.message.startsWith('key: Invalid value: "-a": name part must consist of'),
  );
  // Several problems are aggregated as [a, b].
  assert.throws(
    () => newRequirement('-a', 'in', ['-x']),
    (e: unknown) => e instanceof SelectorError && /^\[key: Invalid value: "-a": .*, values\[0\]\[-a\]: Invalid value: "-x": .*\]$/.test(e.message),
  );
});
