import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstProbeMs, foldResult, runProbe, tickAtOrAfter, ticksBefore, type ProbeMemory } from '../../../src/controllers/kubelet/probes.js';
import { appHealth, nextHealthChangeMs } from '../../../src/images/app-health.js';
import { eventfulTickMs, lastQuietTickMs, nextEventfulProbeMs, skipQuietTicks } from '../../../src/controllers/kubelet/quiet-ticks.js';
import { newContainerMemory, type ContainerMemory } from '../../../src/controllers/kubelet/memory.js';
import { DEFAULT_IMAGE_BEHAVIOR } from '../../../src/apiserver/defaults/imagerepository.js';

test('first probe: the first tick on the period grid at or after initialDelaySeconds', () => {
  const cases: [delay: number, period: number, first: number][] = [
    [0, 2, 0],
    [0, 10, 0],
    [5, 10, 10],
    [10, 10, 10],
    [20, 10, 20],
    [3, 2, 4],
  ];
  for (const [delay, period, first] of cases) {
    assert.equal(firstProbeMs(1000, { initialDelaySeconds: delay, periodSeconds: period }), 1000 + first * 1000, `${delay}/${period}`);
  }
});

test('thresholds: a result is reported after failureThreshold failures or successThreshold successes in a row', () => {
  const spec = { failureThreshold: 3, successThreshold: 2 };
  let mem: ProbeMemory = { nextMs: 0, run: 0 };
  const reports: (string | undefined)[] = [];
  for (const raw of ['failure', 'failure', 'success', 'failure', 'failure', 'failure', 'failure', 'success', 'success'] as const) {
    const r = foldResult(mem, raw, spec);
    mem = r.mem;
    reports.push(r.report);
  }
  assert.deepEqual(reports, [undefined, undefined, undefined, undefined, undefined, 'failure', 'failure', undefined, 'success']);
});

test('the app: refused until startSeconds, then healthy; neverReady and unhealthyAfterSeconds', () => {
  const b = { ...DEFAULT_IMAGE_BEHAVIOR };
  assert.deepEqual(appHealth(b, 2999), { listening: false, healthy: false, ready: false });
  assert.deepEqual(appHealth(b, 3000), { listening: true, healthy: true, ready: true });
  assert.deepEqual(appHealth({ ...b, neverReady: true }, 60_000), { listening: true, healthy: true, ready: false });
  assert.deepEqual(appHealth({ ...b, unhealthyAfterSeconds: 30 }, 30_000), { listening: true, healthy: false, ready: false });
});

test('probe failure messages as the prober words them', () => {
  const ports = { http: 8080 };
  const refused = appHealth(DEFAULT_IMAGE_BEHAVIOR, 0);
  assert.deepEqual(runProbe('startup', { httpGet: { path: '/healthz', port: 'http' } }, refused, '10.244.1.2', ports), {
    result: 'failure',
    message: 'Get "http://10.244.1.2:8080/healthz": dial tcp 10.244.1.2:8080: connect: connection refused',
  });
  const notReady = appHealth({ ...DEFAULT_IMAGE_BEHAVIOR, neverReady: true }, 10_000);
  assert.deepEqual(runProbe('readiness', { httpGet: { path: '/readyz', port: 8080 } }, notReady, '10.244.1.2', ports), {
    result: 'failure',
    message: 'HTTP probe failed with statuscode: 503',
  });
  assert.equal(runProbe('liveness', { httpGet: { path: '/healthz', port: 'http' } }, notReady, '10.244.1.2', ports).result, 'success');
  const sick = appHealth({ ...DEFAULT_IMAGE_BEHAVIOR, unhealthyAfterSeconds: 5 }, 10_000);
  assert.equal(runProbe('liveness', { httpGet: { path: '/healthz', port: 'http' } }, sick, '10.244.1.2', ports).message, 'HTTP probe failed with statuscode: 500');
  assert.equal(runProbe('liveness', { tcpSocket: { port: 'http' } }, refused, '10.244.1.2', ports).message, 'dial tcp 10.244.1.2:8080: connect: connection refused');
});

test('the probe grid: ticks before an instant, the first tick at or after one', () => {
  const p = { periodSeconds: 5 };
  assert.equal(ticksBefore(4000, 20_000, p), 4, '4, 9, 14, 19');
  assert.equal(ticksBefore(4000, 19_000, p), 3);
  assert.equal(ticksBefore(4000, 4000, p), 0);
  assert.equal(tickAtOrAfter(4000, 20_000, p), 24_000);
  assert.equal(tickAtOrAfter(4000, 19_000, p), 19_000);
  assert.equal(tickAtOrAfter(4000, 1000, p), 4000);
});

test('the app health timeline: its next change after a moment of its life', () => {
  const b = { ...DEFAULT_IMAGE_BEHAVIOR, unhealthyAfterSeconds: 60 };
  assert.equal(nextHealthChangeMs(b, 0), 3000);
  assert.equal(nextHealthChangeMs(b, 3000), 60_000);
  assert.equal(nextHealthChangeMs(b, 60_000), undefined);
  assert.equal(nextHealthChangeMs(DEFAULT_IMAGE_BEHAVIOR, 3000), undefined, 'healthy for good');
});

test('quiet ticks: a settled success is folded up to the health change; a failure or an unsettled probe is not', () => {
  const spec = {
    name: 'app',
    image: 'x',
    readinessProbe: { httpGet: { path: '/readyz', port: 8080 }, periodSeconds: 5 },
    livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10 },
  };
  const settled: ProbeMemory = { nextMs: 0, run: 1, lastRaw: 'success', reported: 'success' };
  const c: ContainerMemory = {
    ...newContainerMemory('app', 0),
    phase: 'Running',
    started: true,
    ready: true,
    instance: { containerId: 'c', image: 'x', imageId: 'x', startedMs: 0, behavior: { ...DEFAULT_IMAGE_BEHAVIOR, unhealthyAfterSeconds: 60 }, exitCode: 0 },
    probes: { readiness: { ...settled, nextMs: 14_000 }, liveness: { ...settled, nextMs: 10_000 } },
  };
  assert.equal(eventfulTickMs(c, 'readiness', spec.readinessProbe), 64_000, 'the first readiness tick after +60 s');
  assert.equal(eventfulTickMs(c, 'liveness', spec.livenessProbe), 60_000);
  assert.equal(nextEventfulProbeMs(c, spec), 60_000);
  const folded = skipQuietTicks(c, spec, 30_000);
  assert.deepEqual(folded.probes, {
    readiness: { ...settled, nextMs: 34_000, run: 5 },
    liveness: { ...settled, nextMs: 40_000, run: 4 },
  });
  assert.equal(lastQuietTickMs(c, spec, 0, 100_000), 59_000, 'readiness at +59 s is the last quiet tick');
  assert.equal(lastQuietTickMs(c, spec, 59_000, 100_000), undefined);
  const unsettled = { ...c, probes: { readiness: { ...settled, nextMs: 14_000, lastRaw: 'failure' as const } } };
  assert.equal(eventfulTickMs(unsettled, 'readiness', spec.readinessProbe), 14_000);
  assert.equal(skipQuietTicks(unsettled, spec, 30_000), unsettled);
  const sick = { ...c, probes: { liveness: { ...settled, nextMs: 70_000 } } };
  assert.equal(eventfulTickMs(sick, 'liveness', spec.livenessProbe), 70_000, 'a failing tick is a step');
  const healthy = { ...c, instance: { ...c.instance!, behavior: { ...DEFAULT_IMAGE_BEHAVIOR } } };
  assert.equal(nextEventfulProbeMs(healthy, spec), undefined, 'a healthy app: no tick changes anything');
});
