import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { advanceTo } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import { isNamespaceTerminating } from '../../../src/controllers/framework/api-errors.js';

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

test('a create in a terminating namespace is admission.NewForbidden with the NamespaceTerminating cause', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '7' } });
  const ns = must(findByKind('v1', 'Namespace'));
  const cm = must(findByKind('v1', 'ConfigMap'));
  const deploy = must(findByKind('apps/v1', 'Deployment'));
  c.api.create(ns, undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 't' } });
  c.api.create(cm, 't', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'keep' } });
  c.api.delete(ns, undefined, 't', { propagationPolicy: 'Background' });
  const refusal = (obj: Record<string, unknown>, info = cm): StatusError => {
    try {
      c.api.create(info, 't', obj as never);
    } catch (e) {
      assert.ok(e instanceof StatusError);
      return e;
    }
    assert.fail('created');
  };
  const named = refusal({ metadata: { name: 'p' } });
  assert.equal(named.reason, 'Forbidden');
  assert.equal(named.code, 403);
  assert.equal(
    named.message,
    'configmaps "p" is forbidden: unable to create new content in namespace t because it is being terminated',
  );
  assert.deepEqual(named.details, {
    name: 'p',
    group: '',
    kind: 'configmaps',
    causes: [{ reason: 'NamespaceTerminating', message: 'namespace t is being terminated', field: 'metadata.namespace' }],
  });
  assert.ok(isNamespaceTerminating(named));
  // Before a name is generated the object goes by its generateName; the group qualifies the resource.
  const generated = refusal({ metadata: { generateName: 'web-' }, spec: {} }, deploy);
  assert.match(generated.message, /^deployments\.apps "web-" is forbidden: unable to create new content in namespace t /);
  c.close();
});
