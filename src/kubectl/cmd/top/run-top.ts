/**
 * `kubectl top pod` and `kubectl top node` (pkg/cmd/top/top_pod.go, top_node.go, kubectl 1.33):
 * Validate, then the metrics from metrics.k8s.io (kubemu's MetricsReader, computed at the read),
 * then the printer. The errors are kubectl's and metrics-server's:
 *   --sort-by=x                      error: --sort-by accepts only cpu or memory
 *   NAME and -l                      error: only one of NAME or selector can be provided (node: or --selector)
 *   top pod NAME, no such pod        Error from server (NotFound): pods "default/NAME" not found
 *   top pod NAME, no sample yet      Error from server (NotFound): podmetrics.metrics.k8s.io "default/NAME" not found
 *   pods, none sampled yet           error: metrics not available yet (when every pod is younger than 2m)
 *   pods, one older without sample   error: Metrics not available for pod default/NAME, age: 2m30s
 *   no pods at all                   No resources found in default namespace. (stderr, exit 0)
 *   nodes, none sampled              error: metrics not available yet
 * kubemu always serves metrics.k8s.io (its metrics-server is built in), so kubectl's
 * `error: Metrics API not available` does not arise.
 */
import type { ApiServer } from '../../../apiserver/server.js';
import { findByKind } from '../../../apiserver/resources.js';
import { notFound } from '../../../apiserver/errors.js';
import { fieldSelectorPredicate } from '../../../apiserver/field-selector.js';
import { metricsReader } from '../../../apiserver/metrics/metrics-reader.js';
import { podCreatedMs } from '../../../api/core/v1/pod-util.js';
import { asNode } from '../../../api/core/v1/node.js';
import { goDuration } from '../../../common/go-duration.js';
import { EVERYTHING, SelectorError, parseSelector, selectorMatches, type Selector } from '../../../labels/label-selector.js';
import type { KubeObject } from '../../../api/meta/v1.js';
import type { NodeMetrics, PodMetrics } from '../../../api/metrics/resource-metrics.js';
import { CliError } from '../../util/errors.js';
import { SORT_BY, printNodeMetrics, printPodMetrics } from './top-printer.js';

const PODS = findByKind('v1', 'Pod')!;
const NODES = findByKind('v1', 'Node')!;

/** metricsCreationDelay: a pod younger than this without metrics is only "not available yet". */
const METRICS_CREATION_DELAY_MS = 2 * 60_000;

export interface TopPodOptions {
  name?: string;
  namespace: string;
  labelSelector: string;
  fieldSelector: string;
  sortBy: string;
  allNamespaces: boolean;
  printContainers: boolean;
  noHeaders: boolean;
  sum: boolean;
}

export interface TopNodeOptions {
  name?: string;
  selector: string;
  sortBy: string;
  noHeaders: boolean;
  showCapacity: boolean;
}

export interface TopIO {
  out(text: string): void;
  err(text: string): void;
}

function validateSortBy(sortBy: string): void {
  if (sortBy && sortBy !== SORT_BY.cpu && sortBy !== SORT_BY.memory) throw new CliError('--sort-by accepts only cpu or memory');
}

export function validateTopPod(o: TopPodOptions): void {
  validateSortBy(o.sortBy);
  if (o.name && (o.labelSelector || o.fieldSelector)) throw new CliError('only one of NAME or selector can be provided');
}

export function validateTopNode(o: TopNodeOptions): void {
  validateSortBy(o.sortBy);
  if (o.name && o.selector) throw new CliError('only one of NAME or --selector can be provided');
}

/** labels.Parse on the client: a bad selector is a plain error. */
function clientSelector(text: string): Selector {
  if (!text) return EVERYTHING;
  try {
    return parseSelector(text);
  } catch (e) {
    if (e instanceof SelectorError) throw new CliError(e.message);
    throw e;
  }
}

/**
 * What top reads, from metrics.k8s.io and the core API: an interface so that the golden tests can
 * replay real kubectl's recorded answers through the same code (topDataOf is the cluster's).
 */
export interface TopData {
  /** PodMetrics of a namespace (undefined: all) matching the selector */
  podMetrics(namespace: string | undefined, selector: Selector): PodMetrics[];
  /** the PodMetrics of one pod; throws the NotFound metrics-server answers */
  podMetricsOf(namespace: string, name: string): PodMetrics;
  /** the pods of a namespace matching the selectors (verifyEmptyMetrics) */
  pods(namespace: string, selector: Selector, fieldPred: ((p: KubeObject) => boolean) | undefined): KubeObject[];
  nodeMetrics(): NodeMetrics[];
  /** the NodeMetrics of one node; throws the NotFound metrics-server answers */
  nodeMetricsOf(name: string): NodeMetrics;
  /** the nodes (one by name, or those the selector selects) */
  nodes(name: string | undefined, selector: Selector): KubeObject[];
  nowMs(): number;
}

/** TopData over a cluster's API server and MetricsReader. */
export function topDataOf(api: ApiServer): TopData {
  const reader = metricsReader(api);
  return {
    podMetrics: (ns, selector) => (ns === undefined ? reader.podMetricsAllNamespaces(selector) : reader.podMetrics(ns, selector)),
    podMetricsOf(ns, name) {
      // metrics-server: the pod first (`pods "NS/NAME" not found`), then its sample
      if (!api.tryGet(PODS, ns, name)) throw notFound('pods', '', `${ns}/${name}`);
      const m = reader.podMetricsOf(ns, name);
      if (!m) throw notFound('podmetrics', 'metrics.k8s.io', `${ns}/${name}`);
      return m;
    },
    pods: (ns, selector, fieldPred) => api.listSelected(PODS, ns, selector).filter((p) => !fieldPred || fieldPred(p)),
    nodeMetrics: () => reader.nodeMetrics(),
    nodeMetricsOf(name) {
      if (!api.tryGet(NODES, undefined, name)) throw notFound('nodes', '', name);
      const m = reader.nodeMetrics().find((n) => n.metadata.name === name);
      if (!m) throw notFound('nodemetrics', 'metrics.k8s.io', name);
      return m;
    },
    nodes: (name, selector) => (name !== undefined ? [api.get(NODES, undefined, name)] : api.listSelected(NODES, undefined, selector)),
    nowMs: () => api.clock.now(),
  };
}

/** verifyEmptyMetrics: why a list came back empty (upstream lists the pods of the current namespace, -A or not). */
function verifyEmptyMetrics(data: TopData, o: TopPodOptions, selector: Selector, fieldPred: ((p: KubeObject) => boolean) | undefined): void {
  const pods = data.pods(o.namespace, selector, fieldPred);
  if (!pods.length) return;
  const now = data.nowMs();
  for (const pod of pods) {
    const age = now - (podCreatedMs(pod) ?? now);
    if (age > METRICS_CREATION_DELAY_MS) throw new CliError(`Metrics not available for pod ${pod.metadata.namespace}/${pod.metadata.name}, age: ${goDuration(age)}`);
  }
  throw new CliError('metrics not available yet');
}

export function runTopPod(data: TopData, o: TopPodOptions, io: TopIO): void {
  const selector = clientSelector(o.labelSelector);
  const fieldPred = o.fieldSelector ? fieldSelectorPredicate(PODS, o.fieldSelector) : undefined;
  const ns = o.allNamespaces ? undefined : o.namespace;
  let items: PodMetrics[];
  if (o.name) {
    items = [data.podMetricsOf(ns ?? '', o.name)];
  } else {
    items = data.podMetrics(ns, selector);
    if (fieldPred) {
      // (metrics-server applies the field selector to the pods it samples)
      const kept = new Set(data.pods(ns ?? '', EVERYTHING, fieldPred).map((p) => `${p.metadata.namespace}/${p.metadata.name}`));
      items = items.filter((m) => kept.has(`${m.metadata.namespace}/${m.metadata.name}`));
    }
  }
  if (!items.length) {
    verifyEmptyMetrics(data, o, selector, fieldPred);
    io.err(o.allNamespaces ? 'No resources found\n' : `No resources found in ${o.namespace} namespace.\n`);
  }
  io.out(printPodMetrics(items, { printContainers: o.printContainers, withNamespace: o.allNamespaces, noHeaders: o.noHeaders, sortBy: o.sortBy, sum: o.sum }));
}

export function runTopNode(data: TopData, o: TopNodeOptions, io: TopIO): void {
  const selector = clientSelector(o.selector);
  const metrics = o.name ? [data.nodeMetricsOf(o.name)] : data.nodeMetrics().filter((m) => selectorMatches(selector, m.metadata.labels));
  if (!metrics.length) throw new CliError('metrics not available yet');
  const available = new Map<string, Record<string, string> | undefined>();
  for (const n of data.nodes(o.name, selector)) {
    const status = asNode(n).status;
    const list = o.showCapacity ? status?.capacity : status?.allocatable;
    available.set(n.metadata.name ?? '', list ? Object.fromEntries(Object.entries(list).map(([k, v]) => [k, String(v)])) : undefined);
  }
  io.out(printNodeMetrics(metrics, available, o.noHeaders, o.sortBy));
}
