import { test } from 'node:test';
import assert from 'node:assert/strict';
import { member } from '../../../src/api/meta/member.js';
import { getPodConditionFromStatus, isPodActive, isPodReady, podPhase } from '../../../src/api/core/v1/pod-util.js';
import type { PodStatus } from '../../../src/api/core/v1/pod.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

test('member reads o[key], and undefined of an undefined or null object, as o?.[key] does', () => {
  const status: PodStatus = { phase: 'Running' };
  assert.equal(member(status, 'phase'), 'Running');
  assert.equal(member(status, 'conditions'), undefined);
  assert.equal(member(undefined as PodStatus | undefined, 'phase'), undefined);
  assert.equal(member(null as PodStatus | null, 'phase'), undefined);
});

test('the pod readers answer the same for pods of every hidden class: parsed, frozen, built key by key, null parts', () => {
  const text = JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'a' },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
  });
  const parsed = JSON.parse(text) as KubeObject;
  const frozen = Object.freeze(JSON.parse(text) as KubeObject);
  const built: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' } };
  built['status'] = { conditions: [{ status: 'True', type: 'Ready' }], phase: 'Running' };
  for (const p of [parsed, frozen, built]) {
    assert.equal(podPhase(p), 'Running');
    assert.equal(isPodReady(p), true);
    assert.equal(isPodActive(p), true);
  }
  const nulls = JSON.parse('{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"},"status":{"conditions":null}}') as KubeObject;
  assert.equal(podPhase(nulls), '');
  assert.equal(isPodReady(nulls), false);
  assert.equal(getPodConditionFromStatus(undefined, 'Ready'), undefined);
  assert.deepEqual(getPodConditionFromStatus({ conditions: [{ type: 'A', status: 'False' }, { type: 'Ready', status: 'True' }, { type: 'Ready', status: 'False' }] }, 'Ready'), {
    type: 'Ready',
    status: 'True',
  });
});
