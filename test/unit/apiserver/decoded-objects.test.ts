import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DecodedObjects } from '../../../src/apiserver/decoded-objects.js';

/** Every object and array under v, v included. */
function containers(v: unknown, out: object[] = []): object[] {
  if (typeof v !== 'object' || v === null) return out;
  out.push(v);
  for (const x of Object.values(v)) containers(x, out);
  return out;
}

test('a decoded object is frozen all the way down: objects in arrays, arrays in arrays, empty ones', () => {
  const decoded = new DecodedObjects(() => 0);
  const value = JSON.stringify({
    metadata: { name: 'p', labels: { app: 'web' }, ownerReferences: [{ uid: 'u', controller: true }] },
    spec: { containers: [{ name: 'c', ports: [{ containerPort: 80 }], args: ['a', 'b'] }], matrix: [[{ x: 1 }], [], [[]]], empty: {} },
    status: { conditions: [{ type: 'Ready', status: 'True' }], n: null },
  });
  const o = decoded.decode('/registry/pods/default/p', 7, () => value);
  const all = containers(o);
  assert.equal(all.length, 21);
  for (const c of all) assert.ok(Object.isFrozen(c), JSON.stringify(c));
  assert.equal(o.metadata.resourceVersion, '7');
  assert.equal(decoded.decode('/registry/pods/default/p', 7, () => 'not read'), o);
});
