/**
 * A Secret's stringData is write-only, as in kube-apiserver (Convert_v1_Secret_To_core_Secret):
 * merged into data, winning over a data entry of the same key, and never stored.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { StatusError } from '../../../src/apiserver/errors.js';

test('stringData lands in data (base64 of its UTF-8) on create and update, and is dropped', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '7' } });
  const secrets = findByKind('v1', 'Secret');
  assert.ok(secrets);
  const created = c.api.create(secrets, 'default', {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 's' },
    data: { foo: 'b2xk', keep: 'a2VlcA==' },
    stringData: { foo: 'bar', hello: 'wörld' },
  });
  const expected = { foo: 'YmFy', hello: 'd8O2cmxk', keep: 'a2VlcA==' };
  assert.deepEqual(created['data'], expected);
  assert.equal('stringData' in created, false);
  const stored = c.api.get(secrets, 'default', 's');
  assert.deepEqual(stored['data'], expected);
  assert.equal('stringData' in stored, false);

  const updated = c.api.update(secrets, { ...stored, stringData: { keep: 'new' } });
  assert.deepEqual(updated['data'], { ...expected, keep: 'bmV3' });
  assert.equal('stringData' in c.api.get(secrets, 'default', 's'), false);

  // Validation sees the merged data: a bad stringData key is reported as data[key].
  assert.throws(
    () => c.api.create(secrets, 'default', { metadata: { name: 'bad' }, stringData: { 'a b': 'x' } } as never),
    (e: unknown) => e instanceof StatusError && e.details?.causes?.[0]?.field === 'data[a b]',
  );
  c.close();
});
