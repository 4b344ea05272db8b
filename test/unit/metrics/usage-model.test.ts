/**
 * The usage model as tables: idle, the start spike decaying to nothing, the load part, the
 * jitter (bounded, the same for the same key), metrics-server's units and the scrape grid.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { containerUsage, cpuMillicores, effectiveUsage, hashFraction, memoryMiB } from '../../../src/apiserver/metrics/usage-model.js';
import { cpuQuantity, memoryQuantity } from '../../../src/apiserver/metrics/pod-samples.js';
import { lastScrapeMs, runningSinceAt, sampleWindowMs } from '../../../src/apiserver/metrics/scrape-grid.js';
import { DEFAULT_IMAGE_USAGE } from '../../../src/apiserver/defaults/imagerepository.js';

const U = effectiveUsage({
  cpu: { idleMillicores: 5, startSpikeMillicores: 400, startSpikeSeconds: 20, perLoadMillicores: 20 },
  memory: { idleMiB: 64, perLoadMiB: 2 },
  jitterPercent: 0,
});

test('cpu: idle + the spike decaying linearly over startSpikeSeconds + perLoad × load', () => {
  const rows: [number, number, number][] = [
    // age s, load, millicores
    [0, 0, 405],
    [10, 0, 205],
    [15, 0, 105],
    [20, 0, 5],
    [60, 0, 5],
    [60, 10, 205],
    [5, 2.5, 5 + 300 + 50],
  ];
  for (const [age, load, want] of rows) assert.equal(cpuMillicores(U, age * 1000, load), want, `age ${age}s load ${load}`);
});

test('memory: idle + perLoad × load', () => {
  assert.equal(memoryMiB(U, 0), 64);
  assert.equal(memoryMiB(U, 10), 84);
});

test('an image without usage: the defaults (2m, 8Mi), and a partial usage keeps the other defaults', () => {
  const d = effectiveUsage(undefined);
  assert.deepEqual(d, DEFAULT_IMAGE_USAGE);
  assert.deepEqual(containerUsage(d, 60_000, 0, 'k'), { cpuNanocores: 2_000_000, memoryBytes: 8 * 1024 * 1024 });
  const partial = effectiveUsage({ cpu: { idleMillicores: 50 } } as never);
  assert.equal(partial.cpu.idleMillicores, 50);
  assert.equal(partial.cpu.perLoadMillicores, 0);
  assert.equal(partial.memory.idleMiB, 8);
});

test('metrics-server units: nanocores and KiB, in canonical quantity form', () => {
  const u = containerUsage(U, 60_000, 16.6667, 'k');
  assert.equal(u.cpuNanocores, Math.round((5 + 20 * 16.6667) * 1e6));
  assert.equal(u.memoryBytes % 1024, 0);
  assert.equal(cpuQuantity(2_000_000), '2m');
  assert.equal(cpuQuantity(1_234_567), '1234567n');
  assert.equal(cpuQuantity(2_000_000_000), '2');
  assert.equal(memoryQuantity(8 * 1024 * 1024), '8Mi');
  assert.equal(memoryQuantity(10244 * 1024), '10244Ki');
});

test('jitter: within ±jitterPercent, a function of the key only', () => {
  const j = { ...U, jitterPercent: 10 };
  const a = containerUsage(j, 60_000, 0, 'uid/app/1000');
  assert.deepEqual(containerUsage(j, 60_000, 0, 'uid/app/1000'), a);
  let differs = false;
  for (let i = 0; i < 50; i++) {
    const u = containerUsage(j, 60_000, 0, `uid/app/${i}`);
    assert.ok(u.cpuNanocores >= 4.5e6 && u.cpuNanocores <= 5.5e6, String(u.cpuNanocores));
    assert.ok(u.memoryBytes >= 57.6 * 1048576 - 1024 && u.memoryBytes <= 70.4 * 1048576 + 1024, String(u.memoryBytes));
    if (u.cpuNanocores !== a.cpuNanocores) differs = true;
  }
  assert.ok(differs);
  for (const k of ['a', 'b', 'c']) assert.ok(hashFraction(k) >= 0 && hashFraction(k) < 1);
});

test('scrape grid: the last multiple of 15 s; a container samples once it ran before the scrape', () => {
  const t0 = Date.UTC(2026, 9, 26, 19, 0, 0);
  assert.equal(lastScrapeMs(t0 + 37_000), t0 + 30_000);
  assert.equal(lastScrapeMs(t0 + 30_000), t0 + 30_000);
  const running = { name: 'c', state: { running: { startedAt: '2026-10-26T19:00:03Z' } } };
  assert.equal(runningSinceAt(running, t0), undefined);
  assert.equal(runningSinceAt(running, t0 + 15_000), t0 + 3_000);
  assert.equal(sampleWindowMs(t0 + 3_000, t0 + 15_000), 12_000);
  assert.equal(sampleWindowMs(t0 + 3_000, t0 + 30_000), 15_000);
  // exited at 19:00:20, now waiting in CrashLoopBackOff: sampled at :15, not at :30
  const crashed = { name: 'c', state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { startedAt: '2026-10-26T19:00:03Z', finishedAt: '2026-10-26T19:00:20Z' } } };
  assert.equal(runningSinceAt(crashed, t0 + 15_000), t0 + 3_000);
  assert.equal(runningSinceAt(crashed, t0 + 30_000), undefined);
  assert.equal(runningSinceAt(undefined, t0 + 30_000), undefined);
});
