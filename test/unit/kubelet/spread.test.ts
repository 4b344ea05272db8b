import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gridOffsetMs, pulledMs, spreadDraw, startSpread, SPREAD_STEP_MS } from '../../../src/controllers/kubelet/spread.js';
import { harness, plainPod, EVENTS, IMAGE_REPOSITORIES, NO_SPREAD, PODS } from './harness.js';

test('grid offsets: each of 0, 100, …, max as likely, nothing off the grid', () => {
  const rows: [number, number, number][] = [
    // [maxMs, draw, offset]
    [0, 0.9, 0],
    [200, 0, 0],
    [200, 0.33, 0],
    [200, 0.34, 100],
    [200, 0.67, 200],
    [200, 0.999999, 200],
    [250, 0.999999, 200],
    [50, 0.999999, 0],
  ];
  for (const [max, u, want] of rows) assert.equal(gridOffsetMs(max, u), want, `${max} ms, draw ${u}`);
});

test('pull durations: the jitter moves the base on the grid, within its reach', () => {
  const rows: [number, number, number, number][] = [
    // [baseMs, percent, draw, pullMs]
    [1000, 0, 0, 1000],
    [1250, 0, 0.9, 1250],
    [1000, 10, 0, 900],
    [1000, 10, 0.5, 1000],
    [1000, 10, 0.999999, 1100],
    [1000, 15, 0, 900],
    [30_000, 10, 0, 27_000],
    [30_000, 10, 0.75, 31_500],
    [1000, 100, 0, 0],
    [1000, 5, 0, 1000],
  ];
  for (const [base, pct, u, want] of rows) assert.equal(pulledMs(base, pct, u), want, `${base} ms ±${pct} %, draw ${u}`);
});

test('start spread: a function of the uid, on the grid, within the jitter, and spread over pods', () => {
  assert.deepEqual(startSpread('u-1', 0), { workerDelayMs: 0, sandboxExtraMs: 0 });
  assert.deepEqual(startSpread('u-1', 200), startSpread('u-1', 200), 'the same pod, the same spread');
  const seen = new Set<number>();
  for (let i = 0; i < 200; i++) {
    const s = startSpread(`uid-${i}`, 200);
    for (const v of [s.workerDelayMs, s.sandboxExtraMs]) {
      assert.ok(v >= 0 && v <= 200 && v % SPREAD_STEP_MS === 0, `uid-${i}: ${v}`);
      seen.add(v);
    }
  }
  assert.deepEqual([...seen].sort((a, b) => a - b), [0, 100, 200]);
  assert.notEqual(spreadDraw('a/worker'), spreadDraw('a/sandbox'));
});

test('pods created together with a start spread come up at distinct instants, within the spread', () => {
  const h = harness();
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'spread' },
    spec: { repository: 'example/spread', behavior: { startJitterMilliseconds: 200 }, tags: { '1': {} } },
  });
  const names = Array.from({ length: 12 }, (_, i) => `p${i}`);
  // imagePullPolicy Never and the image not on the node: the start ends at the sandbox, 1 s to 1.4 s after creation.
  for (const n of names) h.c.api.create(PODS, 'default', plainPod(n, 'example/spread:1', {}, { imagePullPolicy: 'Never' }));
  const up = (): number => names.filter((n) => h.row(n) === '0/1 ErrImageNeverPull 0').length;
  h.at(0.99);
  assert.equal(up(), 0);
  h.at(1.25);
  const early = up();
  assert.ok(early > 0 && early < names.length, `${early} of ${names.length} up at 1.25 s`);
  h.at(1.41);
  assert.equal(up(), names.length);
  assert.equal(h.c.api.list(EVENTS, 'default').filter((x) => x['reason'] === 'ErrImageNeverPull').length, names.length);
  h.c.close();
});

test('by default pods created together come apart by up to 600 ms: the image declares no spread, the default one holds', () => {
  const h = harness();
  const names = Array.from({ length: 12 }, (_, i) => `d${i}`);
  // No ImageRepository for example/plain: the default behavior, startJitterMilliseconds 300 (worker
  // and sandbox each 0 to 300 ms later). imagePullPolicy Never, image absent: up at the sandbox.
  for (const n of names) h.c.api.create(PODS, 'default', plainPod(n, 'example/plain:1', {}, { imagePullPolicy: 'Never' }));
  const up = (): number => names.filter((n) => h.row(n) === '0/1 ErrImageNeverPull 0').length;
  const counts: number[] = [];
  for (const t of [0.99, 1.05, 1.15, 1.25, 1.35, 1.45, 1.55, 1.61]) {
    h.at(t);
    counts.push(up());
  }
  assert.equal(counts[0], 0, 'none before the sandbox');
  assert.equal(counts[counts.length - 1], names.length, 'all by 1.6 s');
  assert.ok(new Set(counts).size >= 4, `up over time: ${counts.join(', ')}`);
  h.c.close();
});

test('without a start spread, pods created together come up at the same instant', () => {
  const h = harness();
  h.c.api.create(IMAGE_REPOSITORIES, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'none' },
    spec: { repository: 'example/none', behavior: NO_SPREAD, tags: { '1': {} } },
  });
  const names = Array.from({ length: 6 }, (_, i) => `q${i}`);
  for (const n of names) h.c.api.create(PODS, 'default', plainPod(n, 'example/none:1', {}, { imagePullPolicy: 'Never' }));
  h.at(0.99);
  assert.equal(names.filter((n) => h.row(n) === '0/1 ErrImageNeverPull 0').length, 0);
  h.at(1.01);
  assert.equal(names.filter((n) => h.row(n) === '0/1 ErrImageNeverPull 0').length, names.length);
  h.c.close();
});
