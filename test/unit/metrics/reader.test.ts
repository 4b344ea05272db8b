/**
 * The MetricsReader over a cluster: pods appear at the first scrape after their containers start,
 * the start spike decays, a crashing container has no usage, node usage sums its pods and the
 * system baseline, a queue MetricSource grows while its consumers are broken, and the metricsource
 * controller writes an anchor only when the Ready consumer count changes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCluster } from '../../../src/cluster/cluster.js';
import { advanceTo } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import { metricsReader, metricSourceValues, NODE_SYSTEM_USAGE } from '../../../src/apiserver/metrics/metrics-reader.js';
import { EVERYTHING, parseSelector } from '../../../src/labels/label-selector.js';
import { parseQuantity } from '../../../src/apiserver/validation/quantity.js';
import { asMetricSource } from '../../../src/api/kubemu/v1alpha1/metric-source.js';

const DEPLOYMENTS = findByKind('apps/v1', 'Deployment')!;
const REPOS = findByKind('kubemu.io/v1alpha1', 'ImageRepository')!;
const SOURCES = findByKind('kubemu.io/v1alpha1', 'MetricSource')!;

function cluster() {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  c.api.create(REPOS, undefined, {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'ImageRepository',
    metadata: { name: 'worker' },
    spec: {
      repository: 'example.com/worker',
      tags: { '1.0': {}, '2.0': { requiredEnv: ['QUEUE_URL'] } },
      behavior: {
        startSeconds: 5,
        usage: { cpu: { idleMillicores: 5, startSpikeMillicores: 300, startSpikeSeconds: 30, perLoadMillicores: 10 }, memory: { idleMiB: 64 }, load: { metricSource: 'orders' } },
      },
    },
  });
  c.api.create(SOURCES, 'default', {
    apiVersion: 'kubemu.io/v1alpha1',
    kind: 'MetricSource',
    metadata: { name: 'orders', labels: { queue: 'orders' } },
    spec: { podSelector: { matchLabels: { app: 'worker' } }, queue: { producerRate: 50, consumerRate: 20 } },
  });
  const deploy = (tag: string, replicas: number) =>
    c.api.create(DEPLOYMENTS, 'default', {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'worker' },
      spec: { replicas, selector: { matchLabels: { app: 'worker' } }, template: { metadata: { labels: { app: 'worker' } }, spec: { containers: [{ name: 'app', image: `example.com/worker:${tag}` }] } } },
    });
  const at = (s: number) => advanceTo(c, c.clock.settings.epochMs + s * 1000);
  return { c, deploy, at, reader: metricsReader(c.api) };
}

const num = (q: string | undefined) => Number(parseQuantity(q ?? '0')!.nanos) / 1e9;
const milli = (q: string | undefined) => Number((parseQuantity(q ?? '0')!.nanos + 999_999n) / 1_000_000n);

test('healthy consumers: a sample from the first scrape after the start, the spike decaying, the lag drained', () => {
  const { c, deploy, at, reader } = cluster();
  deploy('1.0', 2);
  at(10);
  assert.deepEqual(reader.podMetrics('default', EVERYTHING), [], 'no scrape since the containers started (scrape at :00)');
  at(16);
  const first = reader.podMetrics('default', parseSelector('app=worker'));
  assert.equal(first.length, 2);
  const m = first[0]!;
  assert.equal(m.timestamp, '2026-10-26T19:00:15Z');
  assert.match(m.window, /^1[0-9]s$/);
  const cpu15 = milli(m.containers[0]!.usage['cpu']);
  at(31);
  const cpu30 = milli(reader.podMetricsOf('default', m.metadata.name!)!.containers[0]!.usage['cpu']);
  assert.ok(cpu15 > cpu30, `${cpu15} > ${cpu30}: the spike decays`);
  assert.equal(reader.podMetricsOf('default', m.metadata.name!)!.window, '15s');
  at(120);
  // a lag remains (2 × 20/s < 50/s): each consumer removes all it can, 20/s → 5 + 10 × 20 = 205m
  assert.equal(milli(reader.podMetricsOf('default', m.metadata.name!)!.containers[0]!.usage['cpu']), 205);
  assert.equal(reader.podMetricsOf('default', m.metadata.name!)!.containers[0]!.usage['memory'], '64Mi');
  // 2 × 20/s against 50/s: the lag grows by 10/s (from 50/s × ~2 s before they were Ready)
  const v = num(metricSourceValues(c.api, 'default', 'orders')![0]!.value);
  assert.ok(v > 1250 && v < 1300, String(v)); // ~100 by the time they are Ready (2 s), then +10/s for 118 s
  assert.equal(reader.externalMetric('default', 'orders', parseSelector('queue=orders'))!.length, 1);
  assert.equal(reader.externalMetric('default', 'orders', parseSelector('queue=other')), undefined);
  assert.equal(reader.externalMetric('default', 'nope', EVERYTHING), undefined);
  assert.equal(metricSourceValues(c.api, 'default', 'nope'), undefined);
  c.close();
});

test('node usage: the sum of its pods plus the system baseline; nodes without pods show the baseline', () => {
  const { c, deploy, at, reader } = cluster();
  deploy('1.0', 2);
  at(120);
  const pods = reader.podMetricsAllNamespaces(EVERYTHING);
  const nodes = reader.nodeMetrics();
  assert.ok(nodes.length >= 2);
  let total = 0;
  for (const n of nodes) total += milli(n.usage['cpu']);
  const podsCpu = pods.reduce((s, p) => s + p.containers.reduce((t, x) => t + milli(x.usage['cpu']), 0), 0);
  assert.equal(total, podsCpu + (nodes.length * NODE_SYSTEM_USAGE.cpuNanocores) / 1e6);
  c.close();
});

test('broken consumers: no usage for crashing containers, the lag grows at the producers rate; anchors only at count changes', () => {
  const { c, deploy, at, reader } = cluster();
  deploy('2.0', 3);
  at(60);
  assert.deepEqual(reader.podMetrics('default', EVERYTHING), [], 'the app exits right after its start: never running at a scrape for long');
  const v60 = num(metricSourceValues(c.api, 'default', 'orders')![0]!.value);
  assert.equal(v60, 3000, '50/s × 60 s');
  const anchor = asMetricSource(c.api.get(SOURCES, 'default', 'orders')).status?.anchor;
  assert.equal(anchor?.readyConsumers, 0);
  const rv = c.api.get(SOURCES, 'default', 'orders').metadata.resourceVersion;
  at(600);
  assert.equal(num(metricSourceValues(c.api, 'default', 'orders')![0]!.value), 30000);
  assert.equal(c.api.get(SOURCES, 'default', 'orders').metadata.resourceVersion, rv, 'no write while the count stays 0');
  c.close();
});

test('validation and defaults of MetricSource', () => {
  const { c } = cluster();
  const refuse = (spec: Record<string, unknown>) => {
    try {
      c.api.create(SOURCES, 'default', { apiVersion: 'kubemu.io/v1alpha1', kind: 'MetricSource', metadata: { name: 'bad' }, spec });
    } catch (e) {
      assert.ok(e instanceof StatusError);
      return e.message;
    }
    assert.fail('created');
  };
  assert.match(refuse({}), /spec: Required value: one of series or queue must be specified/);
  assert.match(refuse({ queue: { producerRate: -1, consumerRate: 1 } }), /spec.queue.producerRate: Invalid value: -1: must be greater than or equal to 0/);
  assert.match(refuse({ queue: { producerRate: 1, consumerRate: 1 } }), /spec.podSelector: Required value: a queue counts its consumers with it/);
  assert.match(refuse({ series: { interpolation: 'Cubic', points: [{ after: '5x', value: 1 }] } }), /spec.series.interpolation: Unsupported value: "Cubic": supported values: "Linear", "Step"/);
  assert.match(refuse({ series: { points: [{ after: '5x', value: 1 }] } }), /spec.series.points\[0\].after: Invalid value: "5x": must be a duration such as 30s or 5m/);
  assert.match(refuse({ series: { points: [] } }), /spec.series.points: Required value/);
  const ok = c.api.create(SOURCES, 'default', { apiVersion: 'kubemu.io/v1alpha1', kind: 'MetricSource', metadata: { name: 'ok' }, spec: { series: { points: [{ after: '0s', value: 3 }] } } });
  assert.equal((ok['spec'] as { series: { interpolation: string } }).series.interpolation, 'Step');
  c.close();
});

test('ImageRepository usage: defaults filled in, bad values refused', () => {
  const { c } = cluster();
  const repo = c.api.get(REPOS, undefined, 'worker');
  const usage = ((repo['spec'] as Record<string, unknown>)['behavior'] as Record<string, unknown>)['usage'] as Record<string, Record<string, number>>;
  assert.deepEqual(usage['memory'], { idleMiB: 64, perLoadMiB: 0 });
  assert.equal(usage['cpu']!['perLoadMillicores'], 10);
  try {
    c.api.create(REPOS, undefined, {
      apiVersion: 'kubemu.io/v1alpha1',
      kind: 'ImageRepository',
      metadata: { name: 'bad' },
      spec: { repository: 'example.com/bad', behavior: { usage: { cpu: { idleMillicores: -1 }, disk: 1, load: {} } } },
    });
    assert.fail('created');
  } catch (e) {
    assert.ok(e instanceof StatusError);
    assert.match(e.message, /spec.behavior.usage.disk: Unsupported value: "disk"/);
    assert.match(e.message, /spec.behavior.usage.cpu.idleMillicores: Invalid value: -1: must be greater than or equal to 0/);
    assert.match(e.message, /spec.behavior.usage.load.metricSource: Required value/);
  }
  c.close();
});
