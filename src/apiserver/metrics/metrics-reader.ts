import type { ApiServer } from '../server.js';
import { findByKind } from '../resources.js';
import { rfc3339 } from '../../sim/clock.js';
import { goDuration } from '../../common/go-duration.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { asNode, NODE_CONDITION, nodeCondition } from '../../api/core/v1/node.js';
import { podNodeName } from '../../api/core/v1/pod-util.js';
import type { Selector } from '../../labels/label-selector.js';
import { METRICS_API_VERSION, type NodeMetrics, type PodMetrics } from '../../api/metrics/resource-metrics.js';
import type { ExternalMetricValue } from '../../api/metrics/external-metrics.js';
import { LoadShares, cpuQuantity, memoryQuantity, podMetricsOf, podSample } from './pod-samples.js';
import { externalMetricValues } from './metric-source-values.js';
import { METRIC_RESOLUTION_MS, lastScrapeMs } from './scrape-grid.js';

/**
 * The metrics APIs kubemu serves, as the HPA controller and `kubectl top` read them (upstream:
 * metrics-server behind metrics.k8s.io, an adapter behind external.metrics.k8s.io). Every
 * answer is computed from the stored objects and the cluster clock at the moment of the read:
 * no sample is a write, so metrics cost nothing while nobody reads them.
 *
 * CONTRACT (issue 13): the metrics work implements this module; the HPA controller and
 * `kubectl top` call only these functions.
 */
export interface MetricsReader {
  /**
   * PodMetrics of the namespace's pods matching the selector, as metrics-server lists them:
   * only pods whose containers have run long enough for a sample (a pod without one is
   * missing from the list, as upstream).
   */
  podMetrics(namespace: string, selector: Selector): PodMetrics[];
  /** PodMetrics of one pod, or undefined when metrics-server has none for it */
  podMetricsOf(namespace: string, name: string): PodMetrics | undefined;
  /** NodeMetrics of every node with a running kubelet */
  nodeMetrics(): NodeMetrics[];
  /**
   * The values of an external metric in a namespace; undefined when no source serves the
   * metric (the adapter's "not found").
   */
  externalMetric(namespace: string, metricName: string, selector: Selector): ExternalMetricValue[] | undefined;
  /** PodMetrics of the pods of every namespace matching the selector (`kubectl top pod -A`) */
  podMetricsAllNamespaces(selector: Selector): PodMetrics[];
}

const PODS = findByKind('v1', 'Pod')!;
const NODES = findByKind('v1', 'Node')!;

/**
 * What a node's system uses besides its pods (kubelet, container runtime, OS), added to the sum
 * of its pods' samples: an idle kubeadm node shows about this in `kubectl top nodes`.
 */
export const NODE_SYSTEM_USAGE = { cpuNanocores: 75_000_000, memoryBytes: 700 * 1024 * 1024 } as const;

/** Whether the node's kubelet answers metrics-server (its Ready condition is True). */
function kubeletRunning(node: KubeObject): boolean {
  return nodeCondition(asNode(node), NODE_CONDITION.Ready)?.status === 'True';
}

/** The metrics APIs over an API server. */
export function metricsReader(api: ApiServer): MetricsReader {
  /** The nodes metrics-server can scrape, by name. */
  const scrapedNodes = (): Set<string> => new Set(api.listShared(NODES, undefined).filter(kubeletRunning).map((n) => n.metadata.name ?? ''));

  const samplesOf = (pods: readonly KubeObject[]): PodMetrics[] => {
    const now = api.clock.now();
    const scrape = lastScrapeMs(now);
    const loads = new LoadShares(api, scrape);
    const nodes = scrapedNodes();
    const out: PodMetrics[] = [];
    for (const pod of pods) {
      if (!nodes.has(podNodeName(pod))) continue;
      const s = podSample(api, pod, scrape, loads);
      if (s) out.push(podMetricsOf(s, now));
    }
    return out;
  };

  return {
    podMetrics: (namespace, selector) => samplesOf(api.listSelected(PODS, namespace, selector)),
    podMetricsAllNamespaces: (selector) => samplesOf(api.listSelected(PODS, undefined, selector)),
    podMetricsOf(namespace, name) {
      const pod = api.tryGet(PODS, namespace, name);
      return pod ? samplesOf([pod])[0] : undefined;
    },
    nodeMetrics() {
      const now = api.clock.now();
      const scrape = lastScrapeMs(now);
      const loads = new LoadShares(api, scrape);
      const sums = new Map<string, { cpu: number; mem: number }>();
      const nodes = api.listShared(NODES, undefined).filter(kubeletRunning);
      for (const n of nodes) sums.set(n.metadata.name ?? '', { cpu: NODE_SYSTEM_USAGE.cpuNanocores, mem: NODE_SYSTEM_USAGE.memoryBytes });
      for (const pod of api.listShared(PODS, undefined)) {
        const sum = sums.get(podNodeName(pod));
        if (!sum) continue;
        const s = podSample(api, pod, scrape, loads);
        for (const c of s?.containers ?? []) {
          sum.cpu += c.usage.cpuNanocores;
          sum.mem += c.usage.memoryBytes;
        }
      }
      return nodes.map((n) => {
        const sum = sums.get(n.metadata.name ?? '')!;
        return {
          kind: 'NodeMetrics',
          apiVersion: METRICS_API_VERSION,
          metadata: {
            name: n.metadata.name ?? '',
            creationTimestamp: rfc3339(now),
            ...(n.metadata.labels ? { labels: { ...n.metadata.labels } } : {}),
          },
          timestamp: rfc3339(scrape),
          window: goDuration(METRIC_RESOLUTION_MS),
          usage: { cpu: cpuQuantity(sum.cpu), memory: memoryQuantity(sum.mem) },
        };
      });
    },
    externalMetric: (namespace, metricName, selector) => externalMetricValues(api, namespace, metricName, selector),
  };
}

export { metricSourceValues } from './metric-source-values.js';
