/**
 * The HPA controller in a cluster, reading a fake MetricsReader: rescales through the scale
 * subresource (the Deployment's generation moves, its revision does not), upstream's events,
 * conditions and status, the range checks, failures, and syncs that write nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceTo } from '../../../src/cluster/time.js';
import { ControlPlane } from '../../../src/controllers/control-plane.js';
import { defaultControllers } from '../../../src/controllers/default-controllers.js';
import { HPA_CONTROLLER, horizontalPodAutoscalerController } from '../../../src/controllers/podautoscaler/controller.js';
import type { HpaMetricsSource } from '../../../src/controllers/podautoscaler/metrics-client.js';
import { findByKind, type ResourceInfo } from '../../../src/apiserver/resources.js';
import { asHorizontalPodAutoscaler, type HorizontalPodAutoscaler, type MetricSpec } from '../../../src/api/autoscaling/v2/horizontal-pod-autoscaler.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { rfc3339 } from '../../../src/sim/clock.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function must(info: ResourceInfo | undefined): ResourceInfo {
  if (!info) throw new Error('unknown resource');
  return info;
}
const PODS = must(findByKind('v1', 'Pod'));
const DEPLOYMENTS = must(findByKind('apps/v1', 'Deployment'));
const HPAS = must(findByKind('autoscaling/v2', 'HorizontalPodAutoscaler'));
const EVENTS = must(findByKind('v1', 'Event'));

interface World {
  c: Cluster;
  /** per-container CPU usage of every Running pod, or undefined: no samples */
  cpu: string | undefined;
  /** the external metric's values, or undefined: no source serves it */
  external: string[] | undefined;
  after(seconds: number): void;
  hpa(): HorizontalPodAutoscaler;
  deployment(): KubeObject;
  /** `Reason: message` of the HPA's events, oldest first */
  events(): string[];
  syncs(): number;
}

function world(path = ':memory:'): World {
  const c0 = openCluster(path, { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const w = { cpu: undefined, external: undefined } as unknown as World;
  const reader: HpaMetricsSource = {
    podMetrics(namespace, selector) {
      if (w.cpu === undefined) return [];
      const now = c0.clock.now();
      return c0.api
        .listSelected(PODS, namespace, selector)
        .filter((p) => (p as { status?: { phase?: string } }).status?.phase === 'Running')
        .map((p) => ({
          apiVersion: 'metrics.k8s.io/v1beta1',
          kind: 'PodMetrics',
          metadata: { name: p.metadata.name ?? '', namespace },
          timestamp: rfc3339(now),
          window: '15s',
          containers: [{ name: 'app', usage: { cpu: w.cpu!, memory: '10Mi' } }],
        }));
    },
    podMetricsAllNamespaces: () => [],
    podMetricsOf: () => undefined,
    nodeMetrics: () => [],
    externalMetric(_ns, name) {
      if (w.external === undefined) return undefined;
      return w.external.map((value) => ({ metricName: name, metricLabels: {}, timestamp: rfc3339(c0.clock.now()), value }));
    },
  };
  const controllers = defaultControllers().map((k) => (k.name === HPA_CONTROLLER ? horizontalPodAutoscalerController({ reader: () => reader }) : k));
  const c: Cluster = { ...c0, controlPlane: new ControlPlane({ api: c0.api, store: c0.store, clock: c0.clock, random: c0.random, timers: c0.timers }, controllers) };
  w.c = c;
  w.after = (seconds) => {
    advanceTo(c, c.clock.now() + seconds * 1000);
  };
  w.hpa = () => asHorizontalPodAutoscaler(c.api.get(HPAS, 'default', 'web'));
  w.deployment = () => c.api.get(DEPLOYMENTS, 'default', 'web');
  w.events = () =>
    c.api
      .list(EVENTS, 'default')
      .filter((e) => (e as unknown as { involvedObject: { kind: string } }).involvedObject.kind === 'HorizontalPodAutoscaler')
      .map((e) => e as unknown as { reason: string; message: string; firstTimestamp: string })
      .sort((a, b) => (a.firstTimestamp < b.firstTimestamp ? -1 : a.firstTimestamp > b.firstTimestamp ? 1 : 0))
      .map((e) => `${e.reason}: ${e.message}`);
  w.syncs = () => c.controlPlane.work.syncs.get(HPA_CONTROLLER) ?? 0;
  return w;
}

function deploy(w: World, replicas: number, target = 'web'): void {
  w.c.api.create(DEPLOYMENTS, 'default', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: target },
    spec: {
      replicas,
      selector: { matchLabels: { app: target } },
      template: { metadata: { labels: { app: target } }, spec: { containers: [{ name: 'app', image: 'nginx:1', resources: { requests: { cpu: '100m' } } }] } },
    },
  });
}

const CPU_75: MetricSpec = { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 75 } } };

function autoscale(w: World, metrics: MetricSpec[], min = 3, max = 32, target = 'web', behavior?: object): void {
  w.c.api.create(HPAS, 'default', {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: target }, minReplicas: min, maxReplicas: max, metrics, ...(behavior ? { behavior } : {}) },
  } as unknown as KubeObject);
}

const conditions = (h: HorizontalPodAutoscaler) => (h.status?.conditions ?? []).map((c) => `${c.type} ${c.status} ${c.reason}: ${c.message}`);

test('scale-up on CPU through the scale subresource: generation moves, revision does not; upstream events and conditions', () => {
  const w = world();
  deploy(w, 3);
  w.cpu = '50m';
  autoscale(w, [CPU_75]);
  w.after(60);
  assert.deepEqual(w.hpa().status?.currentMetrics, [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 50, averageValue: '50m' } } }]);
  assert.equal(w.hpa().status?.desiredReplicas, 3);
  const generation = w.deployment().metadata.generation;
  w.cpu = '200m';
  w.after(15);
  const d = w.deployment();
  assert.equal((d as unknown as { spec: { replicas: number } }).spec.replicas, 6, '200% of 75%: ⌈2.67 × 3⌉ = 8, at most ×2 per sync without behavior');
  assert.equal(d.metadata.generation, (generation ?? 0) + 1);
  assert.equal(d.metadata.annotations?.['deployment.kubernetes.io/revision'], '1');
  const h = w.hpa();
  assert.equal(h.status?.desiredReplicas, 6);
  assert.equal(h.status?.currentReplicas, 3);
  assert.equal(h.status?.lastScaleTime, rfc3339(w.c.clock.now()).replace(/\.\d+Z$/, 'Z'));
  assert.deepEqual(conditions(h), [
    'AbleToScale True SucceededRescale: the HPA controller was able to update the target scale to 6',
    'ScalingActive True ValidMetricFound: the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)',
    'ScalingLimited True ScaleUpLimit: the desired replica count is increasing faster than the maximum scale rate',
  ]);
  assert.deepEqual(w.events().slice(-1), ['SuccessfulRescale: New size: 6; reason: cpu resource utilization (percentage of request) above target']);
});

test('a steady HPA syncs every 15 s and writes nothing', () => {
  const w = world();
  deploy(w, 3);
  w.cpu = '70m';
  autoscale(w, [CPU_75]);
  // (the first minutes' Events expire within the first hour and 10 minutes: deletions)
  w.after(70 * 60);
  const rev = w.c.store.revision();
  const before = w.syncs();
  w.after(3600);
  assert.equal(w.syncs() - before, 240);
  assert.equal(w.c.store.revision(), rev, 'no write in an hour of syncs');
  assert.deepEqual(conditions(w.hpa()).slice(0, 1), ['AbleToScale True ReadyForNewScale: recommended size matches current size']);
});

test('scale-down waits for the 5 min stabilization window: All metrics below target', () => {
  const w = world();
  deploy(w, 6);
  w.cpu = '25m';
  autoscale(w, [CPU_75], 1, 10);
  w.after(60);
  assert.equal((w.deployment() as unknown as { spec: { replicas: number } }).spec.replicas, 6);
  assert.equal(conditions(w.hpa())[0], 'AbleToScale True ScaleDownStabilized: recent recommendations were higher than current one, applying the highest recent recommendation');
  w.after(5 * 60);
  assert.equal((w.deployment() as unknown as { spec: { replicas: number } }).spec.replicas, 2, '25% of 75%: ⌈0.33 × 6⌉ = 2');
  assert.deepEqual(w.events().slice(-1), ['SuccessfulRescale: New size: 2; reason: All metrics below target']);
});

test('no metrics: FailedGetResourceMetric and FailedComputeMetricsReplicas in upstream wording, ScalingActive False', () => {
  const w = world();
  deploy(w, 3);
  autoscale(w, [CPU_75]);
  w.after(60);
  const msg = 'failed to get cpu utilization: unable to get metrics for resource cpu: no metrics returned from resource metrics API';
  assert.deepEqual(w.events().slice(0, 2), [
    `FailedGetResourceMetric: ${msg}`,
    `FailedComputeMetricsReplicas: invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: ${msg}`,
  ]);
  const h = w.hpa();
  assert.deepEqual(conditions(h), [
    "AbleToScale True SucceededGetScale: the HPA controller was able to get the target's current scale",
    `ScalingActive False FailedGetResourceMetric: the HPA was unable to compute the replica count: ${msg}`,
  ]);
  assert.deepEqual(h.status?.currentMetrics, [{ type: '' }]);
  assert.equal(h.status?.desiredReplicas, 0);
  assert.equal(h.status?.currentReplicas, 3);
});

test('external metric AverageValue: ⌈sum / target⌉, readiness ignored; reason names the metric and its selector', () => {
  const w = world();
  deploy(w, 3);
  w.external = ['1500'];
  autoscale(w, [{ type: 'External', external: { metric: { name: 'queue_lag', selector: { matchLabels: { queue: 'jobs' } } }, target: { type: 'AverageValue', averageValue: '100' } } }]);
  w.after(15);
  assert.deepEqual(w.events(), [
    'SuccessfulRescale: New size: 6; reason: external metric queue_lag(&LabelSelector{MatchLabels:map[string]string{queue: jobs,},MatchExpressions:[]LabelSelectorRequirement{},}) above target',
  ]);
  assert.deepEqual(w.hpa().status?.currentMetrics, [{ type: 'External', external: { metric: { name: 'queue_lag', selector: { matchLabels: { queue: 'jobs' } } }, current: { averageValue: '500' } } }]);
  w.after(15);
  assert.equal((w.deployment() as unknown as { spec: { replicas: number } }).spec.replicas, 12, '⌈1500/100⌉ = 15, at most ×2');
  w.after(15);
  assert.equal((w.deployment() as unknown as { spec: { replicas: number } }).spec.replicas, 15);
  w.external = undefined;
  w.after(15);
  assert.match(w.events().at(-1) ?? '', /^FailedComputeMetricsReplicas: invalid metrics \(1 invalid out of 1\), first error is: failed to get queue_lag external metric value: failed to get queue_lag external metric: unable to get external metric default\/queue_lag\/&LabelSelector\{/);
});

test('range checks: above max, scaled to zero, a target that does not exist', () => {
  const w = world();
  deploy(w, 8);
  w.cpu = '75m';
  autoscale(w, [CPU_75], 2, 5);
  w.after(15);
  assert.equal((w.deployment() as unknown as { spec: { replicas: number } }).spec.replicas, 5);
  assert.deepEqual(w.events(), ['SuccessfulRescale: New size: 5; reason: Current number of replicas above Spec.MaxReplicas']);
  const d = w.deployment();
  w.c.api.update(DEPLOYMENTS, { ...d, spec: { ...(d as unknown as { spec: object }).spec, replicas: 0 } } as KubeObject);
  w.after(15);
  assert.ok(conditions(w.hpa()).includes('ScalingActive False ScalingDisabled: scaling is disabled since the replica count of the target is zero'));
  assert.equal((w.deployment() as unknown as { spec: { replicas: number } }).spec.replicas, 0);

  const w2 = world();
  autoscale(w2, [CPU_75], 1, 5, 'nope');
  w2.after(15);
  assert.deepEqual(w2.events(), ['FailedGetScale: deployments.apps "nope" not found']);
  assert.deepEqual(conditions(w2.hpa()), ['AbleToScale False FailedGetScale: the HPA controller was unable to get the target\'s current scale: deployments.apps "nope" not found']);
});

test('behavior: scale-up defaults (4 pods or 100 % per 15 s), a scale-down policy over its period, remembered between syncs', () => {
  const w = world();
  deploy(w, 3);
  w.cpu = '75m';
  autoscale(w, [CPU_75], 1, 10, 'web', { scaleDown: { stabilizationWindowSeconds: 0, policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] } });
  w.after(60);
  w.cpu = '300m';
  w.after(15);
  const replicas = () => (w.deployment() as unknown as { spec: { replicas: number } }).spec.replicas;
  assert.equal(replicas(), 7, '400 % of 75 %: ⌈5.33 × 3⌉ = 16, at most max(3 + 4, 3 × 2) = 7 per 15 s');
  assert.ok(conditions(w.hpa()).includes('ScalingLimited True ScaleUpLimit: the desired replica count is increasing faster than the maximum scale rate'));
  w.cpu = '10m';
  // 10 % of the request: the metrics propose 1. The period's start counts the scale-up of 4 in it: 7 − 4 = 3, less 1 pod = 2.
  w.after(15);
  assert.equal(replicas(), 2);
  // Within 60 s of the scale-down of 5 its period starts at 2 − 4 + 5 = 3 (while the scale-up counts), then at 7: no lower.
  w.after(45);
  assert.equal(replicas(), 2);
  // 60 s after the scale-down, neither event is in the period: 2 − 1 = 1.
  w.after(15);
  assert.equal(replicas(), 1);
  assert.deepEqual(
    w.events().filter((e) => e.startsWith('SuccessfulRescale')).map((e) => e.replace(/^.*New size: (\d+);.*$/, '$1')),
    ['7', '2', '1'],
  );
});

test('the recommendations outlive a command: a reopened cluster file keeps the stabilization window', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-hpa-'));
  try {
    const file = join(dir, 'c.db');
    const w = world(file);
    deploy(w, 6);
    w.cpu = '25m';
    autoscale(w, [CPU_75], 1, 10);
    w.after(60);
    w.c.close();
    // The next command: a new process's controller, the same file.
    const w2 = world(file);
    w2.cpu = '25m';
    w2.after(240);
    const replicas = () => (w2.deployment() as unknown as { spec: { replicas: number } }).spec.replicas;
    assert.equal(replicas(), 6, 'the first sync (15 s) recorded 6: held for 5 min');
    w2.after(30);
    assert.equal(replicas(), 2, 'at 330 s the 6 of 15 s is out of the window (a forgotten memory would hold it until 375 s)');
    w2.c.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('Pods and Object metrics without a custom metrics API: upstream\'s error; Object Value through a reader that serves it', () => {
  const w = world();
  deploy(w, 3);
  w.cpu = '75m';
  autoscale(w, [{ type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } } }, CPU_75]);
  w.after(60);
  assert.ok(
    w.events().includes('FailedGetPodsMetric: unable to get metric qps: unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered'),
    w.events().join('\n'),
  );
  // One of two metrics failing with no scale-down proposed: the other one counts.
  assert.ok(conditions(w.hpa()).includes('ScalingActive True ValidMetricFound: the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)'));
  assert.deepEqual(w.hpa().status?.currentMetrics?.[0], { type: '' });
});
