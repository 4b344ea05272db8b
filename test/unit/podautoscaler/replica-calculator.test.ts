/**
 * The replica calculator as tables: upstream replica_calculator_test.go's cases (the fixture
 * rebuilt: pods `test-pod-i` with two containers, each requesting the pod's CPU request; a Ready
 * condition without lastTransitionTime; a zero start time unless "hot" (now) or "cool" (3 min
 * ago); samples with a zero timestamp over a 1 min window; the testing CPU initialization period
 * of 2 min and readiness delay of 10 s; tolerance 0.1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../src/api/core/v1/pod.js';
import type { PodMetricsInfo } from '../../../src/controllers/podautoscaler/pod-groups.js';
import { perPodReplicas, plainMetricReplicas, resourceReplicas, sumValues, usageRatioReplicaCount } from '../../../src/controllers/podautoscaler/replica-calculator.js';
import type { Tolerances } from '../../../src/controllers/podautoscaler/tolerances.js';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const ZERO = '0001-01-01T00:00:00Z';
const HOT = new Date(NOW).toISOString();
const COOL = new Date(NOW - 3 * 60_000).toISOString();
const SETTINGS = { nowMs: NOW, cpuInitializationPeriodMs: 2 * 60_000, delayOfInitialReadinessStatusMs: 10_000 };
const TOL: Tolerances = { scaleDown: 0.1, scaleUp: 0.1 };

interface Fixture {
  currentReplicas: number;
  /** per-pod CPU request ("1.0") */
  requests?: string[];
  /** levels[i][j]: container j of pod i (a pod without an entry has no sample) */
  levels?: number[][];
  /** plain metric levels, one per pod */
  metric?: number[];
  readiness?: ('True' | 'False')[];
  phase?: string[];
  deleting?: boolean[];
  start?: string[];
  container?: string;
}

function pods(f: Fixture): Pod[] {
  const n = Math.max(f.currentReplicas, f.phase?.length ?? 0);
  return Array.from({ length: n }, (_, i) => {
    const req = f.requests?.[i];
    const resources = req ? { requests: { cpu: req } } : {};
    const pod: Pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `test-pod-${i}`, namespace: 'test-namespace', labels: { name: 'test-pod' } },
      spec: { containers: [{ name: 'container1', image: 'x', resources }, { name: 'container2', image: 'x', resources }] },
      status: { phase: f.phase?.[i] ?? 'Running', startTime: f.start?.[i] ?? ZERO, conditions: [{ type: 'Ready', status: f.readiness?.[i] ?? 'True' }] },
    };
    if (f.deleting?.[i]) pod.metadata.deletionTimestamp = HOT;
    return pod;
  });
}

/** The samples the fake metrics client returns: a pod's containers summed, or the one container. */
function samples(f: Fixture): PodMetricsInfo {
  const m: PodMetricsInfo = new Map();
  const zero = Date.parse(ZERO);
  (f.levels ?? []).forEach((containers, i) => {
    let value: number | undefined;
    if (f.container) {
      const j = f.container === 'container1' ? 0 : 1;
      value = containers[j];
    } else {
      value = containers.reduce((a, b) => a + b, 0);
    }
    if (value !== undefined) m.set(`test-pod-${i}`, { value, timestampMs: zero, windowMs: 60_000 });
  });
  (f.metric ?? []).forEach((v, i) => m.set(`test-pod-${i}`, { value: v, timestampMs: zero, windowMs: 60_000 }));
  return m;
}

const each = (...v: number[]) => v.map((x) => [x, x]);
const req = (n: number, v = '1.0') => Array.from({ length: n }, () => v);

interface ResourceCase {
  name: string;
  f: Fixture;
  target: number;
  replicas: number;
  utilization: number;
  raw: number;
  tolerances?: Tolerances;
}

const resourceCases: ResourceCase[] = [
  { name: 'scale up', f: { currentReplicas: 3, requests: req(3), levels: each(300, 500, 700) }, target: 30, replicas: 5, utilization: 50, raw: 2 * 500 },
  { name: 'scale up: container metric', f: { currentReplicas: 3, container: 'container2', requests: req(3), levels: [[1000, 300], [1000, 500], [1000, 700]] }, target: 30, replicas: 5, utilization: 50, raw: 500 },
  { name: 'scale up: unready pod scales less', f: { currentReplicas: 3, readiness: ['False', 'True', 'True'], requests: req(3), levels: each(300, 500, 700) }, target: 30, replicas: 4, utilization: 60, raw: 2 * 600 },
  { name: 'scale up: hot-CPU container scales less', f: { currentReplicas: 3, start: [HOT, COOL, COOL], container: 'container2', requests: req(3), levels: [[0, 300], [0, 500], [0, 700]] }, target: 30, replicas: 4, utilization: 60, raw: 600 },
  { name: 'scale up: hot-CPU pod scales less', f: { currentReplicas: 3, start: [HOT, COOL, COOL], requests: req(3), levels: each(300, 500, 700) }, target: 30, replicas: 4, utilization: 60, raw: 2 * 600 },
  { name: 'no scale: unready pods ignored', f: { currentReplicas: 3, readiness: ['True', 'False', 'False'], requests: req(3), levels: each(400, 500, 700) }, target: 30, replicas: 3, utilization: 40, raw: 2 * 400 },
  { name: 'no scale: hot-CPU pods ignored', f: { currentReplicas: 3, readiness: ['True', 'False', 'False'], start: [COOL, HOT, HOT], requests: req(3), levels: each(400, 500, 700) }, target: 30, replicas: 3, utilization: 40, raw: 2 * 400 },
  { name: 'scale up: failed pods ignored', f: { currentReplicas: 2, readiness: ['True', 'True', 'False', 'False'], phase: ['Running', 'Running', 'Failed', 'Failed'], requests: req(4), levels: each(500, 700) }, target: 30, replicas: 4, utilization: 60, raw: 2 * 600 },
  { name: 'scale up: succeeded pods ignored', f: { currentReplicas: 2, readiness: ['True', 'True', 'False', 'False'], phase: ['Running', 'Running', 'Succeeded', 'Succeeded'], requests: req(4), levels: each(500, 700) }, target: 30, replicas: 4, utilization: 60, raw: 2 * 600 },
  { name: 'scale up: pods being deleted are ignored', f: { currentReplicas: 2, readiness: ['True', 'True', 'False', 'False'], phase: ['Running', 'Running', 'Running', 'Running'], deleting: [false, false, true, true], requests: req(4), levels: each(500, 700) }, target: 30, replicas: 4, utilization: 60, raw: 2 * 600 },
  { name: 'scale down', f: { currentReplicas: 5, requests: req(5), levels: each(100, 300, 500, 250, 250) }, target: 50, replicas: 3, utilization: 28, raw: 2 * 280 },
  { name: 'scale down: container metric', f: { currentReplicas: 5, container: 'container2', requests: req(5), levels: [[1000, 100], [1000, 300], [1000, 500], [1000, 250], [1000, 250]] }, target: 50, replicas: 3, utilization: 28, raw: 280 },
  { name: 'scale down: exclude unready pods', f: { currentReplicas: 5, readiness: ['True', 'True', 'True', 'False', 'False'], requests: req(5), levels: each(100, 300, 500, 250, 250) }, target: 50, replicas: 2, utilization: 30, raw: 2 * 300 },
  { name: 'scale down: exclude unscheduled pods', f: { currentReplicas: 5, readiness: ['True', 'False', 'False', 'False', 'False'], phase: ['Running', 'Pending', 'Pending', 'Pending', 'Pending'], requests: req(5), levels: each(100) }, target: 50, replicas: 1, utilization: 10, raw: 2 * 100 },
  { name: 'scale down: ignore hot-CPU pods', f: { currentReplicas: 5, start: [COOL, COOL, COOL, HOT, HOT], requests: req(5), levels: each(100, 300, 500, 250, 250) }, target: 50, replicas: 2, utilization: 30, raw: 2 * 300 },
  { name: 'scale down: failed pods ignored', f: { currentReplicas: 5, readiness: ['True', 'True', 'True', 'True', 'True', 'False', 'False'], phase: ['Running', 'Running', 'Running', 'Running', 'Running', 'Failed', 'Failed'], requests: req(7), levels: each(100, 300, 500, 250, 250) }, target: 50, replicas: 3, utilization: 28, raw: 2 * 280 },
  { name: 'scale down: still-running pods being deleted are ignored', f: { currentReplicas: 5, readiness: ['True', 'True', 'True', 'True', 'True', 'False', 'False'], phase: req(7, 'Running'), deleting: [false, false, false, false, false, true, true], container: 'container2', requests: req(7), levels: [[1000, 100], [1000, 300], [1000, 500], [1000, 250], [1000, 250]] }, target: 50, replicas: 3, utilization: 28, raw: 280 },
  // TestReplicaCalcResourceTolerance
  { name: 'tolerance: within default tolerance', f: { currentReplicas: 3, requests: ['0.9', '1.0', '1.1'], levels: each(1010, 1030, 1020) }, target: 100, replicas: 3, utilization: 102, raw: 2 * 1020 },
  { name: 'tolerance: outside 0% tolerance', tolerances: { scaleDown: 0, scaleUp: 0 }, f: { currentReplicas: 3, requests: ['0.9', '1.0', '1.1'], levels: each(909, 1010, 1111) }, target: 100, replicas: 4, utilization: 101, raw: 2 * 1010 },
  { name: 'tolerance: within 200% scale-up tolerance', tolerances: { scaleDown: 0.1, scaleUp: 2 }, f: { currentReplicas: 3, requests: ['0.9', '1.0', '1.1'], levels: each(1890, 1910, 1900) }, target: 100, replicas: 3, utilization: 190, raw: 2 * 1900 },
  { name: 'tolerance: outside 8% scale-up tolerance', tolerances: { scaleDown: 2, scaleUp: 0.08 }, f: { currentReplicas: 3, requests: ['0.9', '1.0', '1.1'], levels: each(1100, 1080, 1090) }, target: 100, replicas: 4, utilization: 109, raw: 2 * 1090 },
  { name: 'tolerance: within 36% scale-down tolerance', tolerances: { scaleDown: 0.36, scaleUp: 0.1 }, f: { currentReplicas: 3, requests: ['0.9', '1.0', '1.1'], levels: each(660, 640, 650) }, target: 100, replicas: 3, utilization: 65, raw: 2 * 650 },
  { name: 'tolerance: outside 34% scale-down tolerance', tolerances: { scaleDown: 0.34, scaleUp: 0.1 }, f: { currentReplicas: 3, requests: ['0.9', '1.0', '1.1'], levels: each(660, 640, 650) }, target: 100, replicas: 2, utilization: 65, raw: 2 * 650 },
  // TestReplicaCalcResourceMissingMetrics
  { name: 'missing: superfluous metrics counted', f: { currentReplicas: 4, requests: req(4), levels: each(4000, 9500, 3000, 7000, 3200, 2000) }, target: 100, replicas: 24, utilization: 587, raw: 2 * 5875 },
  { name: 'missing: some pods missing metrics scales down', f: { currentReplicas: 4, requests: req(4), levels: each(400, 95) }, target: 100, replicas: 3, utilization: 24, raw: 495 },
  { name: 'missing: no change, metric equal to target', f: { currentReplicas: 2, requests: req(2), levels: each(1000) }, target: 100, replicas: 2, utilization: 100, raw: 2 * 1000 },
  { name: 'missing: no change, metric above target', f: { currentReplicas: 2, requests: req(2), levels: each(1900) }, target: 100, replicas: 2, utilization: 190, raw: 2 * 1900 },
  { name: 'missing: no change, metric below target', f: { currentReplicas: 2, requests: req(2), levels: each(600) }, target: 100, replicas: 2, utilization: 60, raw: 2 * 600 },
  { name: 'missing: no change, unready pod metric missing', f: { currentReplicas: 3, readiness: ['False', 'True', 'True'], requests: req(3), levels: each(100, 450) }, target: 50, replicas: 3, utilization: 45, raw: 2 * 450 },
  { name: 'missing: no change, hot-CPU pod metric missing', f: { currentReplicas: 3, start: [HOT, COOL, COOL], requests: req(3), levels: each(100, 450) }, target: 50, replicas: 3, utilization: 45, raw: 2 * 450 },
  { name: 'missing: scale up, unready pod metric missing', f: { currentReplicas: 3, readiness: ['False', 'True', 'True'], requests: req(3), levels: each(100, 2000) }, target: 50, replicas: 4, utilization: 200, raw: 2 * 2000 },
  { name: 'missing: scale up, hot-CPU pod metric missing', f: { currentReplicas: 3, readiness: ['False', 'True', 'True'], start: [HOT, COOL, COOL], requests: req(3), levels: each(100, 2000) }, target: 50, replicas: 4, utilization: 200, raw: 2 * 2000 },
];

for (const c of resourceCases) {
  test(`GetResourceReplicas: ${c.name}`, () => {
    const got = resourceReplicas(c.f.currentReplicas, c.target, 'cpu', c.tolerances ?? TOL, pods(c.f), samples(c.f), c.f.container ?? '', SETTINGS);
    assert.deepEqual(got, { replicas: c.replicas, utilization: c.utilization, rawUtilization: c.raw });
  });
}

test('GetResourceReplicas: errors as upstream words them', () => {
  assert.throws(() => resourceReplicas(3, 50, 'cpu', TOL, [], samples({ currentReplicas: 3, levels: each(1) }), '', SETTINGS), { message: 'no pods returned by selector while calculating replica count' });
  const f: Fixture = { currentReplicas: 2, readiness: ['False', 'False'], requests: req(2), levels: each(100, 100) };
  assert.throws(() => resourceReplicas(2, 50, 'cpu', TOL, pods(f), samples(f), '', SETTINGS), { message: 'did not receive metrics for targeted pods (pods might be unready)' });
  const noRequest: Fixture = { currentReplicas: 1, levels: each(100) };
  assert.throws(() => resourceReplicas(1, 50, 'cpu', TOL, pods(noRequest), samples(noRequest), '', SETTINGS), { message: 'missing request for cpu in container container1 of Pod test-pod-0' });
  const badContainer: Fixture = { currentReplicas: 1, requests: req(1), levels: each(100), container: 'container1' };
  assert.throws(() => resourceReplicas(1, 50, 'cpu', TOL, pods(badContainer), samples(badContainer), 'nope', SETTINGS), { message: 'container nope not found in Pod test-pod-0' });
});

interface MetricCase {
  name: string;
  f: Fixture;
  target: number;
  replicas: number;
  usage: number;
  tolerances?: Tolerances;
}

// TestReplicaCalcPodMetric (GetMetricReplicas → calcPlainMetricReplicas; not cpu, so readiness counts only for Pending)
const podCases: MetricCase[] = [
  { name: 'scale up', f: { currentReplicas: 3, metric: [20000, 10000, 30000] }, target: 15000, replicas: 4, usage: 20000 },
  { name: 'scale up: unready hot-CPU pod scales less', f: { currentReplicas: 3, readiness: ['True', 'True', 'False'], start: [COOL, COOL, HOT], metric: [50000, 10000, 30000] }, target: 15000, replicas: 6, usage: 30000 },
  { name: 'scale up: unready hot-CPU pods avoid scale-down', f: { currentReplicas: 3, readiness: ['False', 'True', 'False'], start: [HOT, COOL, HOT], metric: [50000, 15000, 30000] }, target: 15000, replicas: 7, usage: 31666 },
  { name: 'scale down', f: { currentReplicas: 5, metric: [12000, 12000, 12000, 12000, 12000] }, target: 20000, replicas: 3, usage: 12000 },
  { name: 'within default tolerance', f: { currentReplicas: 3, metric: [20000, 21000, 21000] }, target: 20000, replicas: 3, usage: 20666 },
  { name: 'outside configurable 1% tolerance', tolerances: { scaleDown: 0.1, scaleUp: 0.01 }, f: { currentReplicas: 3, metric: [20000, 21000, 21000] }, target: 20000, replicas: 4, usage: 20666 },
  { name: 'no change: missing metrics', f: { currentReplicas: 5, metric: [20000, 19000, 21000] }, target: 20000, replicas: 5, usage: 20000 },
  { name: 'rolling update with maxSurge: extra pod missing metric', f: { currentReplicas: 2, phase: ['Running', 'Running', 'Running'], metric: [10000, 10000] }, target: 17000, replicas: 2, usage: 10000 },
];

for (const c of podCases) {
  test(`GetMetricReplicas: ${c.name}`, () => {
    assert.deepEqual(plainMetricReplicas(samples(c.f), c.f.currentReplicas, c.target, c.tolerances ?? TOL, pods(c.f), '', SETTINGS), { replicas: c.replicas, usage: c.usage });
  });
}

// TestReplicaCalcObjectMetric and TestReplicaCalcExternalMetric: usage / target, × Running-and-Ready pods.
const valueCases: (MetricCase & { values: number[] })[] = [
  { name: 'object: scale up', f: { currentReplicas: 3 }, values: [20000], target: 15000, replicas: 4, usage: 20000 },
  { name: 'object: scale up ignores unready pods', f: { currentReplicas: 3, readiness: ['False', 'True', 'False'] }, values: [50000], target: 10000, replicas: 5, usage: 50000 },
  { name: 'object: scale down', f: { currentReplicas: 5 }, values: [12000], target: 20000, replicas: 3, usage: 12000 },
  { name: 'object: within default tolerance', f: { currentReplicas: 3 }, values: [20666], target: 20000, replicas: 3, usage: 20666 },
  { name: 'object: outside configurable 1% tolerance', tolerances: { scaleDown: 0.1, scaleUp: 0.01 }, f: { currentReplicas: 3 }, values: [20666], target: 20000, replicas: 4, usage: 20666 },
  { name: 'external: scale down, ignores unready pods (would otherwise scale up)', f: { currentReplicas: 3, readiness: ['False', 'True', 'False'] }, values: [8600], target: 4400, replicas: 2, usage: 8600 },
  { name: 'external: scale down', f: { currentReplicas: 5 }, values: [8600], target: 14334, replicas: 3, usage: 8600 },
  { name: 'external: within default tolerance', f: { currentReplicas: 3 }, values: [8600], target: 8888, replicas: 3, usage: 8600 },
  { name: 'external: outside configurable 1% tolerance', tolerances: { scaleDown: 0.1, scaleUp: 0.01 }, f: { currentReplicas: 3 }, values: [8900], target: 8800, replicas: 4, usage: 8900 },
];

for (const c of valueCases) {
  test(`Value target: ${c.name}`, () => {
    const usage = sumValues(c.values);
    assert.deepEqual({ replicas: usageRatioReplicaCount(c.f.currentReplicas, usage / c.target, c.tolerances ?? TOL, () => pods(c.f)), usage }, { replicas: c.replicas, usage: c.usage });
  });
}

// TestReplicaCalcObjectPerPodMetric and TestReplicaCalcExternalPerPodMetric: ⌈usage / target⌉, readiness ignored.
const perPodCases: (MetricCase & { values: number[] })[] = [
  { name: 'object: scale up', f: { currentReplicas: 3 }, values: [20000], target: 5000, replicas: 4, usage: 6667 },
  { name: 'object: scale down', f: { currentReplicas: 5 }, values: [6000], target: 2000, replicas: 3, usage: 1200 },
  { name: 'object: within default tolerance', f: { currentReplicas: 4 }, values: [20166], target: 5000, replicas: 4, usage: 5042 },
  { name: 'object: outside configurable 1% tolerance', tolerances: { scaleDown: 0.1, scaleUp: 0.01 }, f: { currentReplicas: 4 }, values: [20208], target: 5000, replicas: 5, usage: 5052 },
  { name: 'object: statusReplicas zero does not overflow usage', f: { currentReplicas: 0 }, values: [20000], target: 5000, replicas: 4, usage: 0 },
  { name: 'object: statusReplicas zero and metric zero', f: { currentReplicas: 0 }, values: [0], target: 5000, replicas: 0, usage: 0 },
  { name: 'external: scale up', f: { currentReplicas: 3 }, values: [8600], target: 2150, replicas: 4, usage: 2867 },
  { name: 'external: scale down', f: { currentReplicas: 5 }, values: [8600], target: 2867, replicas: 3, usage: 1720 },
  { name: 'external: within default tolerance', f: { currentReplicas: 3 }, values: [8600], target: 2900, replicas: 3, usage: 2867 },
  { name: 'external: outside configurable 1% tolerance', tolerances: { scaleDown: 0.1, scaleUp: 0.01 }, f: { currentReplicas: 3 }, values: [8600], target: 2800, replicas: 4, usage: 2867 },
];

for (const c of perPodCases) {
  test(`AverageValue target: ${c.name}`, () => {
    assert.deepEqual(perPodReplicas(c.f.currentReplicas, sumValues(c.values), c.target, c.tolerances ?? TOL), { replicas: c.replicas, usage: c.usage });
  });
}

test('Value target from zero replicas: ⌈ratio⌉, no tolerance, no pods read', () => {
  assert.equal(usageRatioReplicaCount(0, 2.5, TOL, () => assert.fail('pods read')), 3);
  assert.equal(usageRatioReplicaCount(0, 0, TOL, () => assert.fail('pods read')), 0);
});
