/**
 * One pod's sample in metrics-server's last scrape: the usage of each of its containers that was
 * running then (usage-model.ts over the image's `usage:`), or nothing when none was. Reads only.
 */
import type { ApiServer } from '../server.js';
import { findByKind } from '../resources.js';
import { resolveImage } from '../image-registry.js';
import { rfc3339 } from '../../sim/clock.js';
import { goDuration } from '../../common/go-duration.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { isPodReady } from '../../api/core/v1/pod-util.js';
import { asMetricSource } from '../../api/kubemu/v1alpha1/metric-source.js';
import { METRICS_API_VERSION, type PodMetrics } from '../../api/metrics/resource-metrics.js';
import { formatQuantity } from '../validation/quantity.js';
import { selectorMatches, labelSelectorAsSelector } from '../../labels/label-selector.js';
import { type ContainerUsage, containerUsage, effectiveUsage } from './usage-model.js';
import { METRIC_SOURCES, readyConsumers } from './metric-source-values.js';
import { metricSourceValueAt, queuePerConsumerRate, queueAnchorOf } from './metric-source-value.js';
import { runningSinceAt, sampleWindowMs } from './scrape-grid.js';

const IMAGE_REPOSITORIES = findByKind('kubemu.io/v1alpha1', 'ImageRepository')!;

/** A sampled container: its name and usage. */
export interface ContainerSample {
  name: string;
  usage: ContainerUsage;
}

/** A pod's sample: its containers' usage at the scrape and the window. */
export interface PodSample {
  pod: KubeObject;
  scrapeMs: number;
  windowMs: number;
  containers: ContainerSample[];
}

/**
 * The load each pod carries from a MetricSource, asked once per source and read:
 *   queue:  a Ready consumer (podSelector) removes queuePerConsumerRate messages per second
 *   series with a podSelector: the value spread over the Ready pods it selects
 *   series without one: every pod whose image names it carries the whole value
 * A pod that is not Ready, or not selected, carries none.
 */
export class LoadShares {
  private readonly perSource = new Map<string, { share: number; selects: (pod: KubeObject) => boolean } | null>();

  constructor(
    private readonly api: ApiServer,
    private readonly atMs: number,
  ) {}

  of(pod: KubeObject, source: string): number {
    const ns = pod.metadata.namespace ?? '';
    const key = `${ns}/${source}`;
    let s = this.perSource.get(key);
    if (s === undefined) {
      s = this.compute(ns, source);
      this.perSource.set(key, s);
    }
    if (!s || !isPodReady(pod) || !s.selects(pod)) return 0;
    return s.share;
  }

  private compute(ns: string, name: string): { share: number; selects: (pod: KubeObject) => boolean } | null {
    const found = this.api.tryGet(METRIC_SOURCES, ns, name);
    if (!found) return null;
    const ms = asMetricSource(found);
    const podSel = ms.spec?.podSelector;
    const selects = podSel ? ((sel) => (p: KubeObject) => selectorMatches(sel, p.metadata.labels))(labelSelectorAsSelector(podSel)) : () => true;
    const ready = podSel ? readyConsumers(this.api, ms) : 0;
    const value = metricSourceValueAt(ms, ready, this.atMs);
    if (ms.spec?.queue) {
      const anchor = queueAnchorOf(ms, ready);
      return { share: queuePerConsumerRate(value, anchor.readyConsumers, anchor.producerRate, anchor.consumerRate), selects };
    }
    if (!podSel) return { share: value, selects };
    return { share: ready > 0 ? value / ready : 0, selects };
  }
}

/** The pod's sample at scrapeMs, or undefined when none of its containers was running then. */
export function podSample(api: ApiServer, pod: KubeObject, scrapeMs: number, loads: LoadShares): PodSample | undefined {
  const p = asPod(pod);
  const statuses = p.status?.containerStatuses ?? [];
  const repos = api.listShared(IMAGE_REPOSITORIES, undefined);
  const containers: ContainerSample[] = [];
  let windowMs = Number.POSITIVE_INFINITY;
  for (const c of p.spec?.containers ?? []) {
    const since = runningSinceAt(statuses.find((s) => s.name === c.name), scrapeMs);
    if (since === undefined) continue;
    const usage = effectiveUsage(resolveImage(c.image ?? '', repos).behavior.usage);
    const load = usage.load ? loads.of(pod, usage.load.metricSource) : 0;
    containers.push({ name: c.name, usage: containerUsage(usage, scrapeMs - since, load, `${pod.metadata.uid ?? ''}/${c.name}/${scrapeMs}`) });
    windowMs = Math.min(windowMs, sampleWindowMs(since, scrapeMs));
  }
  if (!containers.length) return undefined;
  return { pod, scrapeMs, windowMs, containers };
}

/** cpu as metrics-server writes it: nanocores in canonical form (`1234567n`, `5m`). */
export function cpuQuantity(nanocores: number): string {
  return formatQuantity({ nanos: BigInt(nanocores), format: 'DecimalSI' });
}

/** memory as metrics-server writes it: bytes, BinarySI canonical (`8Mi`, `10244Ki`). */
export function memoryQuantity(bytes: number): string {
  return formatQuantity({ nanos: BigInt(bytes) * 1_000_000_000n, format: 'BinarySI' });
}

/** The PodMetrics object metrics-server serves for a sample (labels the pod's, created now). */
export function podMetricsOf(sample: PodSample, nowMs: number): PodMetrics {
  const { pod } = sample;
  return {
    kind: 'PodMetrics',
    apiVersion: METRICS_API_VERSION,
    metadata: {
      name: pod.metadata.name ?? '',
      namespace: pod.metadata.namespace ?? '',
      creationTimestamp: rfc3339(nowMs),
      ...(pod.metadata.labels ? { labels: { ...pod.metadata.labels } } : {}),
    },
    timestamp: rfc3339(sample.scrapeMs),
    window: goDuration(sample.windowMs),
    containers: sample.containers.map((c) => ({ name: c.name, usage: { cpu: cpuQuantity(c.usage.cpuNanocores), memory: memoryQuantity(c.usage.memoryBytes) } })),
  };
}
