import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind, resolveResource, RESOURCES, type ResourceInfo } from '../../../src/apiserver/resources.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import { objectJson, unverifiedKubeObject } from '../../../src/api/meta/v1.js';
import { asHorizontalPodAutoscaler } from '../../../src/api/autoscaling/v2/horizontal-pod-autoscaler.js';

function must(info: ResourceInfo | undefined): ResourceInfo {
  if (!info) throw new Error('unknown resource');
  return info;
}

const V1 = must(findByKind('autoscaling/v1', 'HorizontalPodAutoscaler'));
const V2 = must(findByKind('autoscaling/v2', 'HorizontalPodAutoscaler'));

const v1Hpa = (max: number) =>
  unverifiedKubeObject({
    apiVersion: 'autoscaling/v1',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web', namespace: 'default' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: max, targetCPUUtilizationPercentage: 60 },
  });

test('discovery and the RESTMapper: v2 preferred, v1 only when named', () => {
  assert.equal(RESOURCES.filter((r) => r.resource === 'horizontalpodautoscalers').length, 1);
  assert.equal(resolveResource('hpa'), V2);
  assert.equal(resolveResource('hpa.autoscaling'), V2);
  assert.equal(resolveResource('hpa.v1.autoscaling'), V1);
  assert.equal(resolveResource('horizontalpodautoscalers.v2.autoscaling'), V2);
});

test('a v1 write is stored as v2 and read back in either version; patches and watches through v1 convert', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  try {
    const rev = c.api.revision();
    const created = c.api.create(V1, 'default', v1Hpa(5));
    assert.equal(created.apiVersion, 'autoscaling/v1');
    assert.deepEqual(objectJson(created)['status'], { currentReplicas: 0, desiredReplicas: 0 });
    const stored = asHorizontalPodAutoscaler(c.api.get(V2, 'default', 'web'));
    assert.deepEqual(stored.spec.metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } }]);
    assert.equal(stored.spec.minReplicas, 1);

    const patched = c.api.patch(V1, 'default', 'web', 'merge', { spec: { targetCPUUtilizationPercentage: 40 } });
    assert.equal((objectJson(patched)['spec'] as Record<string, unknown>)['targetCPUUtilizationPercentage'], 40);
    assert.equal(asHorizontalPodAutoscaler(c.api.get(V2, 'default', 'web')).spec.metrics?.[0]?.resource?.target.averageUtilization, 40);

    const events = c.api.changesSince(rev, V1, 'default');
    assert.deepEqual(events.map((e) => `${e.type} ${e.object.apiVersion}`), ['ADDED autoscaling/v1', 'MODIFIED autoscaling/v1']);
    assert.deepEqual(c.api.list(V1, 'default').map((o) => o.apiVersion), ['autoscaling/v1']);

    // validation runs on the v2 form, as kube-apiserver validates the internal object
    assert.throws(
      () => c.api.update(V1, { ...v1Hpa(0), metadata: { name: 'web', namespace: 'default' } }),
      (e: unknown) => e instanceof StatusError && e.message ===
          'HorizontalPodAutoscaler.autoscaling "web" is invalid: [spec.maxReplicas: Invalid value: 0: must be greater than 0, spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas`]',
    );
    const deleted = c.api.delete(V1, 'default', 'web');
    assert.equal(deleted.apiVersion, 'autoscaling/v1');
    assert.equal(c.api.tryGet(V2, 'default', 'web'), undefined);
  } finally {
    c.close();
  }
});
