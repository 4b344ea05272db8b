import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceTo } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { asScaledObject, type ScaledObject } from '../../../src/api/keda/v1alpha1/scaled-object.js';
import { asHorizontalPodAutoscaler } from '../../../src/api/autoscaling/v2/horizontal-pod-autoscaler.js';
import { parseSelector } from '../../../src/labels/label-selector.js';
import { kedaExternalMetric } from '../../../src/apiserver/metrics/keda-external.js';
import { scaledObjectController } from '../../../src/controllers/scaledobject/controller.js';

const SO = findByKind('keda.sh/v1alpha1', 'ScaledObject')!;
const HPA = findByKind('autoscaling/v2', 'HorizontalPodAutoscaler')!;
const DEPLOYMENTS = findByKind('apps/v1', 'Deployment')!;
const EVENTS = findByKind('v1', 'Event')!;
const METRIC_SOURCES = findByKind('kubemu.io/v1alpha1', 'MetricSource')!;

function cluster(): { c: Cluster; after(s: number): void; so(): ScaledObject; conditions(): string[]; replicas(): number | undefined } {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  c.api.create(DEPLOYMENTS, 'default', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } },
  });
  // the queue lag the second trigger reads: 0, so the operator's polls find no trigger active
  c.api.create(METRIC_SOURCES, 'default', {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'MetricSource',
    metadata: { name: 'lag' },
    spec: { series: { points: [{ after: '0s', value: 0 }] } },
  });
  c.api.create(SO, 'default', {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledObject',
    metadata: { name: 'web' },
    spec: {
      scaleTargetRef: { name: 'web' },
      minReplicaCount: 3,
      maxReplicaCount: 32,
      triggers: [
        { type: 'cpu', metricType: 'Utilization', metadata: { value: '75' } },
        { type: 'kubemu-metric-source', metadata: { metricSource: 'lag', value: '100' } },
      ],
    },
  });
  const so = () => asScaledObject(c.api.get(SO, 'default', 'web'));
  return {
    c,
    after: (s) => advanceTo(c, c.clock.now() + s * 1000),
    so,
    conditions: () => (so().status?.conditions ?? []).map((x) => `${x.type}=${x.status} ${x.reason ?? ''}: ${x.message ?? ''}`),
    replicas: () => (c.api.get(DEPLOYMENTS, 'default', 'web')['spec'] as { replicas?: number }).replicas,
  };
}

test('a ScaledObject gets its HPA, its label and KEDA status; the HPA is recreated when deleted', () => {
  const h = cluster();
  h.after(1);
  const so = h.so();
  assert.equal(so.metadata.labels?.['scaledobject.keda.sh/name'], 'web');
  assert.deepEqual(
    [so.status?.scaleTargetKind, so.status?.originalReplicaCount, so.status?.hpaName, so.status?.externalMetricNames, so.status?.resourceMetricNames, so.status?.triggersTypes],
    ['apps/v1.Deployment', 3, 'keda-hpa-web', ['s1-metricsource-lag'], ['cpu'], 'cpu,kubemu-metric-source'],
  );
  assert.deepEqual(h.conditions(), [
    'Ready=True ScaledObjectReady: ScaledObject is defined correctly and is ready for scaling',
    'Active=False ScalerNotActive: Scaling is not performed because triggers are not active',
    'Fallback=False NoFallbackFound: No fallbacks are active on this scaled object',
    'Paused=False : ',
  ]);
  const hpa = asHorizontalPodAutoscaler(h.c.api.get(HPA, 'default', 'keda-hpa-web'));
  assert.deepEqual([hpa.spec.minReplicas, hpa.spec.maxReplicas, hpa.spec.metrics?.map((m) => m.type)], [3, 32, ['External', 'Resource']]);
  const rv = so.metadata.resourceVersion;
  h.after(60);
  assert.equal(h.so().metadata.resourceVersion, rv, 'nothing is rewritten while nothing changes');
  h.c.api.delete(HPA, 'default', 'keda-hpa-web');
  h.after(1);
  assert.ok(h.c.api.tryGet(HPA, 'default', 'keda-hpa-web'), 'recreated');
  // a spec edit reaches the HPA
  const edited = h.so();
  h.c.api.update(SO, { ...edited, spec: { ...edited.spec, maxReplicaCount: 10 } });
  h.after(1);
  assert.equal(asHorizontalPodAutoscaler(h.c.api.get(HPA, 'default', 'keda-hpa-web')).spec.maxReplicas, 10);
});

test('paused-replicas: the HPA removed and the target pinned; removed again: unpaused, HPA back', () => {
  const h = cluster();
  h.after(1);
  const so = h.so();
  h.c.api.update(SO, { ...so, metadata: { ...so.metadata, annotations: { 'autoscaling.keda.sh/paused-replicas': '5' } } });
  h.after(1);
  assert.equal(h.c.api.tryGet(HPA, 'default', 'keda-hpa-web'), undefined);
  assert.equal(h.replicas(), 5);
  assert.equal(h.so().status?.pausedReplicaCount, 5);
  assert.equal(h.conditions()[3], 'Paused=True ScaledObjectPaused: ScaledObject is paused');
  assert.equal(h.conditions()[0], 'Ready=True ScaledObjectReady: ScaledObject is paused');
  // someone scales it while paused: KEDA only acts when the ScaledObject changes
  const paused = h.so();
  const { 'autoscaling.keda.sh/paused-replicas': _, ...rest } = paused.metadata.annotations ?? {};
  h.c.api.update(SO, { ...paused, metadata: { ...paused.metadata, annotations: rest } });
  h.after(1);
  assert.ok(h.c.api.tryGet(HPA, 'default', 'keda-hpa-web'));
  assert.equal(h.so().status?.pausedReplicaCount, undefined);
  assert.equal(h.conditions()[3], 'Paused=False ScaledObjectUnpaused: pause annotation removed for ScaledObject');
  const reasons = h.c.api.list(EVENTS, 'default').filter((e) => (e['involvedObject'] as { kind?: string }).kind === 'ScaledObject').map((e) => e['reason']);
  assert.deepEqual(reasons, ['KEDAScalersStarted', 'ScaledObjectReady', 'ScaledObjectPaused', 'ScaledObjectUnpaused']);
});

test('a missing target: Ready False ScaledObjectCheckFailed, Active Unknown; fixed once the target exists', () => {
  const h = cluster();
  h.c.api.delete(DEPLOYMENTS, 'default', 'web');
  h.after(1);
  assert.deepEqual(h.conditions().slice(0, 2), [
    `Ready=False ScaledObjectCheckFailed: ScaledObject doesn't have correct scaleTargetRef specification: deployments.apps "web" not found`,
    'Active=Unknown UnknownState: ScaledObject check failed',
  ]);
  h.c.api.create(DEPLOYMENTS, 'default', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } },
  });
  // the retries back off; within a minute one finds the target
  h.after(60);
  assert.equal(h.conditions()[0], 'Ready=True ScaledObjectReady: ScaledObject is defined correctly and is ready for scaling');
  assert.equal(h.so().status?.originalReplicaCount, 2);
});

test('the ScaledObject deleted: its HPA goes with it (owner reference)', () => {
  const h = cluster();
  h.after(1);
  h.c.api.delete(SO, 'default', 'web');
  h.after(5);
  assert.equal(h.c.api.tryGet(HPA, 'default', 'keda-hpa-web'), undefined);
});

test("KEDA's adapter: sN- names resolved through the ScaledObject the selector names", () => {
  const h = cluster();
  h.after(1);
  const seen: string[] = [];
  const values = (_api: unknown, ns: string, name: string) => {
    seen.push(`${ns}/${name}`);
    return [{ metricName: name, metricLabels: {}, timestamp: '2026-10-26T19:00:01Z', value: '250' }];
  };
  const sel = parseSelector('scaledobject.keda.sh/name=web');
  assert.deepEqual(kedaExternalMetric(h.c.api, 'default', 's1-metricsource-lag', sel, values), [
    { metricName: 's1-metricsource-lag', metricLabels: {}, timestamp: '2026-10-26T19:00:01Z', value: '250' },
  ]);
  assert.deepEqual(seen, ['default/lag']);
  for (const [name, selector] of [
    ['s0-metricsource-lag', 'scaledobject.keda.sh/name=web'], // trigger 0 is cpu
    ['s1-metricsource-other', 'scaledobject.keda.sh/name=web'],
    ['metricsource-lag', 'scaledobject.keda.sh/name=web'],
    ['s1-metricsource-lag', 'app=web'],
    ['s1-metricsource-lag', 'scaledobject.keda.sh/name=nope'],
  ] as const) {
    assert.equal(kedaExternalMetric(h.c.api, 'default', name, parseSelector(selector), values), undefined, `${name} ${selector}`);
  }
});

test('scale to zero: cooldownPeriod after the last active poll, and back to 1 when the metric source is active again', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  // The lag the trigger reads: 10 until 20 s, 0 until 100 s, then 25 (a Step series of a real
  // MetricSource), polled by the operator every pollingInterval (30 s) from the ScaledObject's creation.
  c.api.create(METRIC_SOURCES, 'default', {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'MetricSource',
    metadata: { name: 'lag' },
    spec: { series: { points: [{ after: '0s', value: 10 }, { after: '20s', value: 0 }, { after: '100s', value: 25 }] } },
  });
  c.api.create(DEPLOYMENTS, 'default', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'worker' },
    spec: { replicas: 3, selector: { matchLabels: { app: 'worker' } }, template: { metadata: { labels: { app: 'worker' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } },
  });
  c.api.create(SO, 'default', {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledObject',
    metadata: { name: 'worker' },
    spec: { scaleTargetRef: { name: 'worker' }, minReplicaCount: 0, cooldownPeriod: 60, triggers: [{ type: 'kubemu-metric-source', metadata: { metricSource: 'lag', value: '10' } }] },
  });
  const start = c.clock.now();
  const at = (s: number) => advanceTo(c, start + s * 1000);
  const so = () => asScaledObject(c.api.get(SO, 'default', 'worker'));
  const active = () => {
    const a = so().status?.conditions?.find((x) => x.type === 'Active');
    return `${a?.status} ${a?.reason}`;
  };
  const replicas = () => (c.api.get(DEPLOYMENTS, 'default', 'worker')['spec'] as { replicas?: number }).replicas;
  at(1);
  assert.deepEqual([active(), replicas(), so().status?.lastActiveTime], ['True ScalerActive', 3, '2026-10-26T19:00:00Z'], 'the poll at creation');
  assert.equal(asHorizontalPodAutoscaler(c.api.get(HPA, 'default', 'keda-hpa-worker')).spec.minReplicas, 1, 'the HPA never goes below 1');
  at(29);
  assert.deepEqual([active(), so().status?.lastActiveTime], ['True ScalerActive', '2026-10-26T19:00:00Z'], 'no poll between ticks, whatever else wakes the operator');
  at(31);
  assert.deepEqual([active(), replicas()], ['False ScalerCooldown', 3]);
  at(61);
  assert.deepEqual([active(), replicas()], ['False ScalerCooldown', 3], 'exactly 60 s is not yet past the cooldown');
  at(91);
  assert.deepEqual([active(), replicas()], ['False ScalerNotActive', 0]);
  at(121);
  // activated from 0 to 1 at the tick of 120 s; the HPA, at 1 again, then scales on the lag: ⌈25 / 10⌉ = 3
  assert.deepEqual([active(), replicas()], ['True ScalerActive', 3]);
  const messages = c.api
    .list(EVENTS, 'default')
    .filter((e) => String(e['reason']).startsWith('KEDAScaleTarget'))
    .map((e) => `${e['reason']}: ${e['message']}`);
  assert.deepEqual(messages, [
    'KEDAScaleTargetDeactivated: Deactivated apps/v1.Deployment default/worker from 3 to 0',
    'KEDAScaleTargetActivated: Scaled apps/v1.Deployment default/worker from 0 to 1, triggered by s0-metricsource-lag',
  ]);
});
