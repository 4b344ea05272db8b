import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstProbeMs, foldResult, runProbe, type ProbeMemory } from '../../../src/controllers/kubelet/probes.js';
import { appHealth } from '../../../src/images/app-health.js';
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
