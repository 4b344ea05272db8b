import { test } from 'node:test';
import assert from 'node:assert/strict';
import { metricSpecsFor } from '../../../src/controllers/scaledobject/metric-specs.js';
import { milliQuantity } from '../../../src/controllers/scaledobject/milli-quantity.js';
import { hpaForScaledObject, hpaNameLabel, isDerivative } from '../../../src/controllers/scaledobject/hpa-for-scaled-object.js';
import type { ScaledObject, ScaleTriggers } from '../../../src/api/keda/v1alpha1/scaled-object.js';

function so(triggers: ScaleTriggers[], spec: Partial<ScaledObject['spec']> = {}, meta: Partial<ScaledObject['metadata']> = {}): ScaledObject {
  return {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledObject',
    metadata: { name: 'web', namespace: 'default', uid: 'u-1', ...meta },
    spec: { scaleTargetRef: { name: 'web' }, triggers, ...spec },
  };
}

test('resource.NewMilliQuantity(v*1000, DecimalSI) text of a trigger threshold', () => {
  const cases: [number, string][] = [
    [0, '0'],
    [500, '500m'],
    [5000, '5'],
    [1_500_000, '1500'],
    [2_000_000, '2k'],
    [1_500, '1500m'],
    [3_000_000_000, '3M'],
  ];
  for (const [milli, text] of cases) assert.equal(milliQuantity(milli), text, `${milli}m`);
});

test('cpu Utilization and a metric source: External first (KEDA sorts by type), KEDA names and selector', () => {
  const m = metricSpecsFor(
    so([
      { type: 'cpu', metricType: 'Utilization', metadata: { value: '75' } },
      { type: 'kubemu-metric-source', metadata: { metricSource: 'queue.lag', value: '0.5' } },
    ]),
  );
  assert.deepEqual(m.resourceMetricNames, ['cpu']);
  assert.deepEqual(m.externalMetricNames, ['s1-metricsource-queue-lag']);
  assert.deepEqual(m.specs, [
    {
      type: 'External',
      external: { metric: { name: 's1-metricsource-queue-lag', selector: { matchLabels: { 'scaledobject.keda.sh/name': 'web' } } }, target: { type: 'AverageValue', averageValue: '500m' } },
    },
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 75 } } },
  ]);
});

test('metricType Value and AverageValue cpu; the deprecated metadata.type still read', () => {
  const m = metricSpecsFor(
    so([
      { type: 'kubemu-metric-source', metricType: 'Value', metadata: { metricSource: 'lag', value: '30' } },
      { type: 'cpu', metadata: { type: 'AverageValue', value: '500m' } },
    ]),
  );
  assert.deepEqual(m.specs[0]?.external?.target, { type: 'Value', value: '30' });
  assert.deepEqual(m.specs[1]?.resource?.target, { type: 'AverageValue', averageValue: '500m' });
});

test("triggers KEDA's scalers refuse, with their words", () => {
  const refusals: [ScaleTriggers[], RegExp][] = [
    [[{ type: 'kubemu-metric-source', metricType: 'Utilization', metadata: { metricSource: 'lag', value: '1' } }], /: 'Utilization' metric type is unsupported for external metrics, allowed values are 'Value' or 'AverageValue'$/],
    [[{ type: 'cpu', metricType: 'Bogus', metadata: { value: '1' } }], /unknown metric type: Bogus, allowed values are 'Utilization' or 'AverageValue'/],
    [[{ type: 'prometheus', metadata: {} }], /: no scaler found for type: prometheus$/],
  ];
  for (const [triggers, re] of refusals) assert.throws(() => metricSpecsFor(so(triggers)), re);
  // two triggers on the same source differ by their index: no duplicate metric name
  const twice = { type: 'kubemu-metric-source', metadata: { metricSource: 'a', value: '1' } };
  assert.deepEqual(metricSpecsFor(so([twice, twice])).externalMetricNames, ['s0-metricsource-a', 's1-metricsource-a']);
});

test('the owned HPA: name, KEDA labels, annotations copied, owner, min = max(minReplicaCount, 1)', () => {
  const o = so([{ type: 'cpu', metricType: 'Utilization', metadata: { value: '75' } }], { minReplicaCount: 0, maxReplicaCount: 32 }, {
    labels: { 'scaledobject.keda.sh/name': 'web', team: 'a' },
    annotations: { note: 'x' },
  });
  const hpa = hpaForScaledObject(o, { group: 'apps', version: 'v1', kind: 'Deployment' }, metricSpecsFor(o).specs);
  assert.equal(hpa.metadata.name, 'keda-hpa-web');
  assert.deepEqual(hpa.metadata.labels, {
    'app.kubernetes.io/name': 'keda-hpa-web',
    'app.kubernetes.io/version': '2.20.2',
    'app.kubernetes.io/part-of': 'web',
    'app.kubernetes.io/managed-by': 'keda-operator',
    'scaledobject.keda.sh/name': 'web',
    team: 'a',
  });
  assert.deepEqual(hpa.metadata.annotations, { note: 'x' });
  assert.deepEqual(hpa.metadata.ownerReferences, [{ apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', name: 'web', uid: 'u-1', controller: true, blockOwnerDeletion: true }]);
  assert.deepEqual(hpa.spec.scaleTargetRef, { kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' });
  assert.deepEqual([hpa.spec.minReplicas, hpa.spec.maxReplicas], [1, 32]);
  const named = hpaForScaledObject(so([], { advanced: { horizontalPodAutoscalerConfig: { name: 'mine' } }, minReplicaCount: 3 }), { group: 'apps', version: 'v1', kind: 'Deployment' }, []);
  assert.deepEqual([named.metadata.name, named.spec.minReplicas, named.spec.maxReplicas], ['mine', 3, 100]);
});

test('the HPA name label is cut to 63 characters, trailing non-alphanumerics dropped', () => {
  const long = `keda-hpa-${'a'.repeat(53)}-b`;
  assert.equal(long.length, 64);
  assert.equal(hpaNameLabel(long), `keda-hpa-${'a'.repeat(53)}`);
});

test('DeepDerivative: fields the apiserver added do not count, a changed one does', () => {
  assert.ok(isDerivative({ minReplicas: 1, metrics: [{ type: 'Resource' }] }, { minReplicas: 1, metrics: [{ type: 'Resource', x: 1 }], behavior: {} }));
  assert.ok(!isDerivative({ minReplicas: 2 }, { minReplicas: 1 }));
  assert.ok(!isDerivative({ metrics: [{ a: 1 }, { b: 1 }] }, { metrics: [{ a: 1 }] }));
});
