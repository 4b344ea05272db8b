import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conflictingChanges, isTaintArg, parseTaints, TaintSpecError } from '../../../src/kubectl/cmd/taint/taint-specs.js';
import { existingTaintKeys, reorganizeTaints } from '../../../src/kubectl/cmd/taint/reorganize.js';
import type { Taint } from '../../../src/api/core/v1/taint.js';

test('taint specs: adds keep key, value and effect; removals keep key and effect only', () => {
  assert.deepEqual(parseTaints(['dedicated=gpu:NoSchedule', 'spot:PreferNoSchedule', 'a-', 'b:NoExecute-', 'c=d:NoSchedule-']), {
    add: [
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      { key: 'spot', effect: 'PreferNoSchedule' },
    ],
    remove: [
      { key: 'a', effect: '' },
      { key: 'b', effect: 'NoExecute' },
      { key: 'c', effect: 'NoSchedule' },
    ],
  });
});

test('taint specs: kubectl 1.33 wording for each bad form', () => {
  const cases: [string[], string][] = [
    [['a=b'], 'invalid taint spec: a=b, name part must consist of alphanumeric characters'],
    [['a'], 'invalid taint spec: a'],
    [['a:Sometimes'], 'invalid taint effect: Sometimes, unsupported taint effect'],
    [['a:'], 'invalid taint effect: , unsupported taint effect'],
    [['a=b=c:NoSchedule'], 'invalid taint spec: a=b=c:NoSchedule'],
    [['a:b:NoSchedule'], 'invalid taint spec: a:b:NoSchedule'],
    [['a=-b:NoSchedule'], 'invalid taint spec: a=-b:NoSchedule, a valid label must be an empty string'],
    [['a:NoSchedule', 'a=c:NoSchedule'], 'duplicated taints with the same key and effect: {a c NoSchedule <nil>}'],
    [['a:Never-'], 'invalid taint effect: Never, unsupported taint effect'],
  ];
  for (const [specs, start] of cases) {
    assert.throws(
      () => parseTaints(specs),
      (e: unknown) => e instanceof TaintSpecError && e.message.startsWith(start),
      specs.join(' '),
    );
  }
  // the same key with two effects is two taints
  assert.equal(parseTaints(['a:NoSchedule', 'a:NoExecute']).add.length, 2);
});

test('taint args: `=`, `:` or a trailing `-` make a taint change', () => {
  assert.deepEqual(['nodes', 'k8s-node-1', 'a=b', 'x:NoSchedule', 'y-', 'z'].map(isTaintArg), [false, false, true, true, true, false]);
});

test('taint changes: a removal of an added key conflicts, named key=effect', () => {
  assert.deepEqual(conflictingChanges(parseTaints(['a=b:NoSchedule', 'a-'])), ['a=']);
  assert.deepEqual(conflictingChanges(parseTaints(['a=b:NoSchedule', 'a:NoSchedule-', 'c=d:NoExecute', 'c-'])), ['a=NoSchedule', 'c=']);
  assert.deepEqual(conflictingChanges(parseTaints(['a=b:NoSchedule', 'a:NoExecute-'])), []);
});

const GPU: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
const CORDON: Taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: '2026-10-26T19:00:00Z' };

test('reorganizeTaints: new taints first, then the old ones not replaced; the word as kubectl says it', () => {
  const cases: [string, string[], boolean, Taint[], string][] = [
    ['add', ['spot:PreferNoSchedule'], false, [{ key: 'spot', effect: 'PreferNoSchedule' }, GPU, CORDON], 'tainted'],
    ['add other effect', ['dedicated=gpu:NoExecute'], false, [{ key: 'dedicated', value: 'gpu', effect: 'NoExecute' }, GPU, CORDON], 'tainted'],
    ['remove key', ['dedicated-'], false, [CORDON], 'untainted'],
    ['remove key and effect', ['dedicated:NoSchedule-'], false, [CORDON], 'untainted'],
    ['add and remove', ['spot:PreferNoSchedule', 'dedicated-'], false, [{ key: 'spot', effect: 'PreferNoSchedule' }, CORDON], 'modified'],
    ['overwrite', ['dedicated=db:NoSchedule'], true, [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }, CORDON], 'modified'],
    ['overwrite of nothing is still modified', ['x=y:NoSchedule'], true, [{ key: 'x', value: 'y', effect: 'NoSchedule' }, GPU, CORDON], 'modified'],
  ];
  for (const [name, specs, overwrite, taints, operation] of cases) {
    assert.deepEqual(reorganizeTaints([GPU, CORDON], overwrite, parseTaints(specs)), { taints, operation, errors: [] }, name);
  }
});

test('reorganizeTaints: removals that find nothing are errors, each named', () => {
  assert.deepEqual(reorganizeTaints([GPU], false, parseTaints(['dedicated:NoExecute-'])), { errors: ['taint "dedicated:NoExecute" not found'] });
  assert.deepEqual(reorganizeTaints([GPU], false, parseTaints(['x-', 'dedicated-', 'y-'])), { errors: ['taint "x" not found', 'taint "y" not found'] });
});

test('existingTaintKeys: the keys added again with the same effect', () => {
  assert.equal(existingTaintKeys([GPU, CORDON], parseTaints(['dedicated=db:NoSchedule', 'node.kubernetes.io/unschedulable:NoSchedule']).add), 'dedicated,node.kubernetes.io/unschedulable');
  assert.equal(existingTaintKeys([GPU], parseTaints(['dedicated=gpu:NoExecute']).add), '');
});
