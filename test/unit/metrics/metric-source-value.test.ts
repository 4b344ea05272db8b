/**
 * MetricSource arithmetic: a series (Step and Linear, before the first and after the last
 * point), a queue piecewise linear from its anchor and clamped at 0, the consumers' share, and
 * the quantity the external metrics API prints.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  metricSourceValueAt,
  queuePerConsumerRate,
  queueValueAt,
  seriesValueAt,
  valueQuantity,
  type Anchor,
} from '../../../src/apiserver/metrics/metric-source-value.js';
import { needsAnchor, anchorTime } from '../../../src/controllers/metricsource/anchor.js';
import type { MetricSource } from '../../../src/api/kubemu/v1alpha1/metric-source.js';

const POINTS = [
  { after: '10m', value: 300 },
  { after: '0s', value: 10 },
  { after: '1h', value: 0 },
];

test('series: Step holds a point until the next; Linear draws the line; the ends hold', () => {
  const rows: [string, number, number][] = [
    ['Step', 0, 10],
    ['Step', 5 * 60_000, 10],
    ['Step', 10 * 60_000, 300],
    ['Step', 30 * 60_000, 300],
    ['Step', 2 * 3_600_000, 0],
    ['Linear', 5 * 60_000, 155],
    ['Linear', 10 * 60_000, 300],
    ['Linear', 35 * 60_000, 150],
  ];
  for (const [interp, at, want] of rows) assert.equal(seriesValueAt(POINTS, interp, at), want, `${interp} at ${at}`);
  assert.equal(seriesValueAt([{ after: '1m', value: 7 }], 'Step', 0), 7, 'before the first point: its value');
  assert.equal(seriesValueAt([], 'Step', 0), 0);
});

const anchor = (value: number, readyConsumers: number, timeMs: number): Anchor => ({ value, readyConsumers, timeMs, producerRate: 50, consumerRate: 10 });

test('queue: lag + (P − n·C)·dt, never below 0 (the worked numbers of metric-source-value.ts)', () => {
  assert.equal(queueValueAt(anchor(0, 0, 0), 60_000), 3000);
  assert.equal(queueValueAt(anchor(3000, 10, 60_000), 90_000), 1500);
  assert.equal(queueValueAt(anchor(3000, 10, 60_000), 120_000), 0);
  assert.equal(queueValueAt(anchor(3000, 10, 60_000), 300_000), 0);
  assert.equal(queueValueAt(anchor(0, 3, 300_000), 310_000), 200);
  assert.equal(queueValueAt(anchor(0, 5, 0), 99_000), 0, 'balanced: stays');
  assert.equal(queueValueAt(anchor(42, 5, 1000), 500), 42, 'a read before the anchor: the anchor');
});

test('queue: a consumer removes all it can while there is a lag, else its share of what arrives', () => {
  assert.equal(queuePerConsumerRate(100, 3, 50, 20), 20);
  assert.equal(queuePerConsumerRate(0, 3, 50, 20), 50 / 3);
  assert.equal(queuePerConsumerRate(0, 1, 50, 20), 20);
  assert.equal(queuePerConsumerRate(0, 0, 50, 20), 0);
});

function queue(status?: MetricSource['status']): MetricSource {
  return {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'MetricSource',
    metadata: { name: 'q', namespace: 'default', creationTimestamp: '2026-10-26T19:00:00Z' },
    spec: { podSelector: { matchLabels: { app: 'w' } }, queue: { initial: 100, producerRate: 50, consumerRate: 10 } },
    ...(status ? { status } : {}),
  };
}

test('a queue without an anchor counts from its creation and initial lag; with one, from the anchor and its count', () => {
  const t0 = Date.UTC(2026, 9, 26, 19, 0, 0);
  assert.equal(metricSourceValueAt(queue(), 0, t0 + 10_000), 600);
  assert.equal(metricSourceValueAt(queue(), 5, t0 + 10_000), 100, 'five consumers balance the producers');
  const anchored = queue({ anchor: { value: 1000, readyConsumers: 7, producerRate: 50, consumerRate: 10, time: '2026-10-26T19:01:00.500Z' } });
  assert.equal(metricSourceValueAt(anchored, 0, t0 + 60_500 + 10_000), 800, 'the anchor count (7), not the argument');
  assert.equal(metricSourceValueAt(anchored, 0, t0 + 60_500 + 100_000), 0);
  const fractional = queue({ anchor: { value: 10.5, readyConsumers: 0, producerRate: 50, consumerRate: 10, time: '2026-10-26T19:00:00Z' } });
  assert.equal(metricSourceValueAt(fractional, 0, t0 + 1_000), 60, 'whole messages: 10.5 + 50 × 1 = 60.5 → 60');
});

test('re-anchoring: only when the Ready count or a rate changes', () => {
  const a = { value: 5, readyConsumers: 2, producerRate: 50, consumerRate: 10, time: 'x' };
  const spec = { producerRate: 50, consumerRate: 10 };
  assert.equal(needsAnchor(undefined, 0, spec), true);
  assert.equal(needsAnchor(a, 2, spec), false);
  assert.equal(needsAnchor(a, 3, spec), true);
  assert.equal(needsAnchor(a, 2, { ...spec, producerRate: 60 }), true);
  assert.equal(anchorTime(Date.UTC(2026, 9, 26, 19, 0, 1, 500)), '2026-10-26T19:00:01.500Z');
  assert.equal(anchorTime(Date.UTC(2026, 9, 26, 19, 0, 1)), '2026-10-26T19:00:01Z');
});

test('values as quantities at milli precision, canonical', () => {
  const rows: [number, string][] = [
    [0, '0'],
    [1500, '1500'],
    [2000, '2k'],
    [2.5, '2500m'],
    [100.05, '100050m'],
    [1 / 3, '333m'],
  ];
  for (const [v, want] of rows) assert.equal(valueQuantity(v), want, String(v));
});
