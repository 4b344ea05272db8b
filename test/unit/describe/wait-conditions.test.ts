import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseForCondition, splitJsonPathInput } from '../../../src/kubectl/cmd/wait/for-condition.js';
import { conditionMet, jsonPathMet } from '../../../src/kubectl/cmd/wait/check-condition.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

test('parseForCondition: kinds and defaults', () => {
  assert.deepEqual(parseForCondition('Delete'), { kind: 'delete' });
  assert.deepEqual(parseForCondition('create'), { kind: 'create' });
  assert.deepEqual(parseForCondition('condition=Available'), { kind: 'condition', name: 'Available', value: 'true' });
  assert.deepEqual(parseForCondition('condition=Ready=False'), { kind: 'condition', name: 'Ready', value: 'False' });
  const jp = parseForCondition(`jsonpath={.status.phase}='Running'`);
  assert.equal(jp.kind === 'jsonpath' && jp.value, 'Running');
  const any = parseForCondition('jsonpath=.status.loadBalancer.ingress');
  assert.equal(any.kind === 'jsonpath' && any.value, undefined);
});

// Messages recorded from kubectl 1.33 (`kubectl wait --for=...` fails before contacting a server).
test('parseForCondition: kubectl 1.33 errors', () => {
  assert.throws(() => parseForCondition(''), { message: 'unrecognized condition: ""' });
  assert.throws(() => parseForCondition('foo'), { message: 'unrecognized condition: "foo"' });
  assert.throws(() => parseForCondition('jsonpath={.a}='), {
    message: "jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3",
  });
  assert.throws(() => parseForCondition('jsonpath={.a'), {
    message: "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'",
  });
  assert.throws(() => parseForCondition('jsonpath={.a}=1=2'), /jsonpath wait format must be/);
});

test('splitJsonPathInput keeps == inside filters', () => {
  assert.deepEqual(splitJsonPathInput('{.items[?(@.a=="x")].b}=3'), ['{.items[?(@.a=="x")].b}', '3']);
  assert.deepEqual(splitJsonPathInput('{.a}'), ['{.a}']);
});

const deploy = (generation: number, observed: number, status: string): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'hello', generation },
  status: { observedGeneration: observed, conditions: [{ type: 'Available', status }] },
});

test('conditionMet: case-folded names and values, stale generations never meet', () => {
  assert.equal(conditionMet(deploy(2, 2, 'True'), 'available', 'true'), true);
  assert.equal(conditionMet(deploy(2, 2, 'False'), 'Available', 'true'), false);
  assert.equal(conditionMet(deploy(2, 2, 'False'), 'Available', 'false'), true);
  assert.equal(conditionMet(deploy(3, 2, 'True'), 'Available', 'true'), false);
  assert.equal(conditionMet(deploy(2, 2, 'True'), 'Progressing', 'true'), false);
});

test('jsonPathMet: %v comparison, any value, errors for several values and nested results', () => {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, status: { phase: 'Running', n: 3, containerStatuses: [{ ready: true }, { ready: false }] } } as KubeObject;
  const t = (p: string) => {
    const c = parseForCondition(`jsonpath=${p}`);
    if (c.kind !== 'jsonpath') throw new Error('not jsonpath');
    return c;
  };
  assert.equal(jsonPathMet(pod, t('{.status.phase}').template, 'Running'), true);
  assert.equal(jsonPathMet(pod, t('{.status.phase}').template, 'Pending'), false);
  assert.equal(jsonPathMet(pod, t('{.status.n}').template, '3'), true);
  assert.equal(jsonPathMet(pod, t('{.status.missing}').template, undefined), false);
  assert.equal(jsonPathMet(pod, t('{.status.phase}').template, undefined), true);
  assert.throws(() => jsonPathMet(pod, t('{.status.containerStatuses[*].ready}').template, 'true'), {
    message: 'given jsonpath expression matches more than one value',
  });
  assert.throws(() => jsonPathMet(pod, t('{.status}').template, 'x'), { message: 'jsonpath leads to a nested object or list which is not supported' });
});
