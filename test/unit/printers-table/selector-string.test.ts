import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatLabelSelector, labelSelectorString } from '../../../src/labels/label-selector.js';
import { formatLabels } from '../../../src/kubectl/printers/table/labels-string.js';

test('matchLabels render as k=v sorted by key', () => {
  assert.equal(labelSelectorString({ matchLabels: { tier: 'web', 'app.kubernetes.io/name': 'hello' } }), 'app.kubernetes.io/name=hello,tier=web');
});

test('matchExpressions: in, notin, exists, does-not-exist, values sorted', () => {
  assert.equal(
    labelSelectorString({
      matchExpressions: [
        { key: 'env', operator: 'In', values: ['prod', 'dev'] },
        { key: 'canary', operator: 'DoesNotExist' },
        { key: 'zone', operator: 'NotIn', values: ['b'] },
        { key: 'app', operator: 'Exists' },
      ],
    }),
    'app,!canary,env in (dev,prod),zone notin (b)',
  );
});

test('labels and expressions are sorted together by key', () => {
  assert.equal(
    labelSelectorString({ matchLabels: { tier: 'web' }, matchExpressions: [{ key: 'app', operator: 'In', values: ['b', 'a'] }] }),
    'app in (a,b),tier=web',
  );
});

test('empty and missing selectors print as empty; FormatLabelSelector says <none>', () => {
  assert.equal(labelSelectorString(undefined), '');
  assert.equal(labelSelectorString({}), '');
  assert.equal(formatLabelSelector({}), '<none>');
  assert.equal(formatLabelSelector(undefined), '<none>');
  assert.equal(formatLabelSelector({ matchLabels: { a: 'b' } }), 'a=b');
});

test('selectors that do not convert: undefined, and <error> from FormatLabelSelector', () => {
  assert.equal(labelSelectorString({ matchExpressions: [{ key: 'a', operator: 'Equals', values: ['x'] }] }), undefined);
  assert.equal(labelSelectorString({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] }), undefined);
  assert.equal(labelSelectorString({ matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] }), undefined);
  assert.equal(formatLabelSelector({ matchExpressions: [{ key: 'a', operator: 'In' }] }), '<error>');
});

test('formatLabels: sorted k=v, <none> when empty', () => {
  assert.equal(formatLabels({ b: '2', a: '1', 'a.b/c': '' }), 'a=1,a.b/c=,b=2');
  assert.equal(formatLabels({}), '<none>');
  assert.equal(formatLabels(undefined), '<none>');
});
