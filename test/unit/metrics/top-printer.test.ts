/**
 * kubectl top's printer beyond the recorded goldens: quantities (MilliValue rounded up, Mi
 * truncated), percentages (truncated; 0 of a zero allocatable), a node without allocatable (no
 * percentage cells), the stable order of ties, nothing printed for no metrics.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { milliValue, percentText, printNodeMetrics, printPodMetrics, usageText, wholeValue } from '../../../src/kubectl/cmd/top/top-printer.js';
import { parseQuantity } from '../../../src/apiserver/validation/quantity.js';
import type { NodeMetrics, PodMetrics } from '../../../src/api/metrics/resource-metrics.js';

const n = (q: string) => parseQuantity(q)!.nanos;

test('quantities as top prints them', () => {
  const rows: [string, string, string][] = [
    ['cpu', '1234567n', '2m'],
    ['cpu', '1m', '1m'],
    ['cpu', '0', '0m'],
    ['cpu', '1500m', '1500m'],
    ['cpu', '2', '2000m'],
    ['memory', '10244Ki', '10Mi'],
    ['memory', '1048575', '0Mi'],
    ['memory', '1Gi', '1024Mi'],
  ];
  for (const [res, q, want] of rows) assert.equal(usageText(res as 'cpu' | 'memory', n(q)), want, `${res} ${q}`);
  assert.equal(milliValue(1n), 1n);
  assert.equal(wholeValue(1n), 1n);
  assert.equal(percentText(n('1414m'), n('1900m')), '74%');
  assert.equal(percentText(n('1m'), n('0')), '0%');
  assert.equal(percentText(n('3'), n('2')), '150%');
});

const pod = (name: string, cpu: string, memory: string): PodMetrics => ({
  kind: 'PodMetrics',
  apiVersion: 'metrics.k8s.io/v1beta1',
  metadata: { name, namespace: 'default' },
  timestamp: '2026-10-26T19:00:15Z',
  window: '15s',
  containers: [{ name: 'app', usage: { cpu, memory } }],
});

test('ties keep the order they came in; no metrics print nothing', () => {
  const text = printPodMetrics([pod('b', '5m', '1Mi'), pod('a', '5m', '2Mi'), pod('c', '9m', '1Mi')], { printContainers: false, withNamespace: false, noHeaders: true, sortBy: 'cpu', sum: false });
  assert.deepEqual(text.split('\n').map((l) => l.split(/ +/)[0]), ['c', 'b', 'a', '']);
  assert.equal(printPodMetrics([], { printContainers: false, withNamespace: false, noHeaders: false, sortBy: '', sum: true }), '');
  assert.equal(printNodeMetrics([], new Map(), false, ''), '');
});

test('a node without allocatable: usage cells only', () => {
  const m: NodeMetrics = { kind: 'NodeMetrics', apiVersion: 'metrics.k8s.io/v1beta1', metadata: { name: 'n1' }, timestamp: '', window: '15s', usage: { cpu: '75m', memory: '700Mi' } };
  assert.equal(printNodeMetrics([m], new Map([['n1', undefined]]), true, ''), 'n1    75m   700Mi   \n');
});
