import { test } from 'node:test';
import assert from 'node:assert/strict';
import { preconditionFailure, preconditionFrom, scaleSynced } from '../../../src/kubectl/cmd/scale/precondition.js';
import { validateScale } from '../../../src/kubectl/cmd/scale/run-scale.js';

test('no precondition unless --current-replicas or --resource-version is given', () => {
  assert.equal(preconditionFrom(-1, ''), undefined);
  assert.deepEqual(preconditionFrom(2, ''), { size: 2, resourceVersion: '' });
  assert.deepEqual(preconditionFrom(-1, '7'), { size: -1, resourceVersion: '7' });
});

test('precondition failures read like kubectl PreconditionError', () => {
  assert.equal(preconditionFailure({ size: 2, resourceVersion: '' }, 4, '9'), 'Expected replicas to be 2, was 4');
  assert.equal(preconditionFailure({ size: 4, resourceVersion: '' }, 4, '9'), undefined);
  assert.equal(preconditionFailure({ size: -1, resourceVersion: '7' }, 4, '9'), 'Expected resource version to be 7, was 9');
  // size is checked first
  assert.equal(preconditionFailure({ size: 1, resourceVersion: '7' }, 4, '9'), 'Expected replicas to be 1, was 4');
  assert.equal(preconditionFailure({ size: 0, resourceVersion: '9' }, 0, '9'), undefined);
});

test('--timeout waits for spec = status = desired, or stops when someone else changed spec', () => {
  assert.equal(scaleSynced(6, 6, 4), false);
  assert.equal(scaleSynced(6, 6, 6), true);
  assert.equal(scaleSynced(6, 3, 4), true);
  assert.equal(scaleSynced(0, 0, 1), false);
});

test('Validate: replicas and current-replicas bounds', () => {
  assert.throws(() => validateScale({ replicas: -1, currentReplicas: -1 }), /The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0$/);
  assert.throws(() => validateScale({ replicas: 1, currentReplicas: -2 }), /The --current-replicas must specify an integer of -1 or greater$/);
  validateScale({ replicas: 0, currentReplicas: -1 });
});
