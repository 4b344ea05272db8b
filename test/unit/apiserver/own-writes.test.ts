import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { countReads } from './count-reads.js';

const CM = findByKind('v1', 'ConfigMap')!;

test('an object this API server just wrote is read back without asking the store, as it was stored', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  try {
    const created = c.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v', u: undefined as unknown as string } });
    const reads = countReads(c.store);
    const got = c.api.get(CM, 'default', 'a');
    assert.equal(reads(), 0);
    assert.equal(got.metadata.resourceVersion, created.metadata.resourceVersion);
    // what was stored: JSON's reading of it (no undefined member), frozen like any read
    assert.deepEqual(got['data'], { k: 'v' });
    assert.ok(!('u' in (got['data'] as object)));
    assert.ok(Object.isFrozen(got));
    c.api.modify(CM, 'default', 'a', (o) => ({ ...o, data: { k: 'w' } }));
    assert.deepEqual(c.api.get(CM, 'default', 'a')['data'], { k: 'w' });
    assert.equal(c.api.get(CM, 'default', 'a').metadata.resourceVersion, String(c.store.revision()));
    assert.equal(reads(), 0);
    // deleted: known absent
    c.api.delete(CM, 'default', 'a');
    assert.equal(c.api.tryGet(CM, 'default', 'a'), undefined);
  } finally {
    c.close();
  }
});

test('after a rolled-back transaction an object written in it is read from the store again', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  try {
    c.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: '1' } });
    assert.throws(() =>
      c.store.transaction(() => {
        c.api.modify(CM, 'default', 'a', (o) => ({ ...o, data: { k: 'lost' } }));
        throw new Error('boom');
      }),
    );
    assert.deepEqual(c.api.get(CM, 'default', 'a')['data'], { k: '1' });
  } finally {
    c.close();
  }
});

test('own writes past the number kept are read back from the store, unchanged', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '3' } });
  try {
    c.store.transaction(() => {
      for (let i = 0; i < 5000; i++) c.api.create(CM, 'default', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}` }, data: { i: String(i) } });
    });
    assert.deepEqual(c.api.get(CM, 'default', 'cm-0')['data'], { i: '0' });
    assert.deepEqual(c.api.get(CM, 'default', 'cm-4999')['data'], { i: '4999' });
    assert.equal(c.api.list(CM, 'default').length, 5001);
  } finally {
    c.close();
  }
});
