/**
 * A patch can nest one deep value inside another: each part is within what kubemu reads, the
 * result is not. It is refused with an error rather than overflowing the stack later, in
 * validation, storage or printing (issue 9, defect 4).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { patchObject } from '../../../src/apiserver/patch-object.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { JsonValue } from '../../../src/common/json.js';

const nested = (n: number): JsonValue => {
  let v: JsonValue = [];
  for (let i = 0; i < n; i++) v = [v];
  return v;
};

const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, x: nested(900) } as unknown as KubeObject;

test('a JSON patch nesting a deep value at the bottom of a deep field is a BadRequest', () => {
  const patch = [{ op: 'add', path: `/x${'/0'.repeat(900)}`, value: nested(500) }];
  assert.throws(
    () => patchObject(cm, 'json', patch),
    (e: unknown) =>
      e instanceof StatusError &&
      e.reason === 'BadRequest' &&
      e.message === "the patched object nests deeper than 1000 levels (kubemu's limit; the API server's is 10000)",
  );
});

test('a patch within the limit still applies', () => {
  const out = patchObject(cm, 'merge', { data: { constructor: 'x' } }) as unknown as { data: object };
  assert.deepEqual(out.data, { constructor: 'x' });
});
