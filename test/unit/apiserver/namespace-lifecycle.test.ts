import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { advanceTo } from '../../../src/controllers/control-plane.js';
import { findByKind } from '../../../src/apiserver/resources.js';

function must<T>(v: T | undefined): T {
  assert.ok(v);
  return v;
}

test('a new namespace gets the kubernetes finalizer; deleting it empties it, then removes it', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '7' } });
  const ns = must(findByKind('v1', 'Namespace'));
  const cm = must(findByKind('v1', 'ConfigMap'));
  const created = c.api.create(ns, undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } });
  assert.deepEqual(created['spec'], { finalizers: ['kubernetes'] });
  c.api.create(cm, 'team-a', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { a: 'b' } });

  const terminating = c.api.delete(ns, undefined, 'team-a', { propagationPolicy: 'Background' });
  assert.equal((terminating['status'] as { phase: string }).phase, 'Terminating');
  assert.ok(c.api.tryGet(cm, 'team-a', 'x'), 'content stays until the controller runs');
  // An update cannot drop the finalizer: only the finalize subresource can.
  c.api.modify(ns, undefined, 'team-a', (o) => ({ ...o, spec: {} }));
  assert.deepEqual(c.api.get(ns, undefined, 'team-a')['spec'], { finalizers: ['kubernetes'] });

  // The namespace controller sees the deletion a moment later (its informer's latency).
  advanceTo(c, c.clock.now() + 1000);
  assert.equal(c.api.tryGet(cm, 'team-a', 'x'), undefined);
  assert.equal(c.api.tryGet(ns, undefined, 'team-a'), undefined);
  c.close();
});
