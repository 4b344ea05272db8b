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
import type { PodMetrics } from '../../../api/metrics/resource-metrics.js';
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

/** verifyEmptyMetrics: why a list came back empty (upstream lists the pods of the current namespace, -A or not). */
function verifyEmptyMetrics(api: ApiServer, o: TopPodOptions, selector: Selector, fieldPred: ((p: KubeObject) => boolean) | undefined): void {
  const pods = api.listSelected(PODS, o.namespace, selector).filter((p) => !fieldPred || fieldPred(p));
  if (!pods.length) return;
  const now = api.clock.now();
  for (const pod of pods) {
    const age = now - (podCreatedMs(pod) ?? now);
    if (age > METRICS_CREATION_DELAY_MS) throw new CliError(`Metrics not available for pod ${pod.metadata.namespace}/${pod.metadata.name}, age: ${goDuration(age)}`);
  }
  throw new CliError('metrics not available yet');
}

export function runTopPod(api: ApiServer, o: TopPodOptions, io: TopIO): void {
  const selector = clientSelector(o.labelSelector);
  const fieldPred = o.fieldSelector ? fieldSelectorPredicate(PODS, o.fieldSelector) : undefined;
  const reader = metricsReader(api);
  let items: PodMetrics[];
  if (o.name) {
    const ns = o.allNamespaces ? '' : o.namespace;
    if (!api.tryGet(PODS, ns, o.name)) throw notFound('pods', '', `${ns}/${o.name}`);
    const m = reader.podMetricsOf(ns, o.name);
    if (!m) throw notFound('podmetrics', 'metrics.k8s.io', `${ns}/${o.name}`);
    items = [m];
  } else {
    items = o.allNamespaces ? reader.podMetricsAllNamespaces(selector) : reader.podMetrics(o.namespace, selector);
    if (fieldPred) {
      const kept = new Set(api.list(PODS, o.allNamespaces ? undefined : o.namespace, fieldPred).map((p) => `${p.metadata.namespace}/${p.metadata.name}`));
      items = items.filter((m) => kept.has(`${m.metadata.namespace}/${m.metadata.name}`));
    }
  }
  if (!items.length) {
    verifyEmptyMetrics(api, o, selector, fieldPred);
    io.err(o.allNamespaces ? 'No resources found\n' : `No resources found in ${o.namespace} namespace.\n`);
  }
  io.out(printPodMetrics(items, { printContainers: o.printContainers, withNamespace: o.allNamespaces, noHeaders: o.noHeaders, sortBy: o.sortBy, sum: o.sum }));
}

export function runTopNode(api: ApiServer, o: TopNodeOptions, io: TopIO): void {
  const selector = clientSelector(o.selector);
  const reader = metricsReader(api);
  let metrics = reader.nodeMetrics();
  if (o.name) {
    const m = metrics.find((n) => n.metadata.name === o.name);
    if (!m) {
      if (!api.tryGet(NODES, undefined, o.name)) throw notFound('nodes', '', o.name);
      throw notFound('nodemetrics', 'metrics.k8s.io', o.name);
    }
    metrics = [m];
  } else {
    metrics = metrics.filter((m) => selectorMatches(selector, m.metadata.labels));
  }
  if (!metrics.length) throw new CliError('metrics not available yet');
  const nodes = o.name ? [api.get(NODES, undefined, o.name)] : api.listSelected(NODES, undefined, selector);
  const available = new Map<string, Record<string, string> | undefined>();
  for (const n of nodes) {
    const status = asNode(n).status;
    const list = o.showCapacity ? status?.capacity : status?.allocatable;
    available.set(n.metadata.name ?? '', list ? Object.fromEntries(Object.entries(list).map(([k, v]) => [k, String(v)])) : undefined);
  }
  io.out(printNodeMetrics(metrics, available, o.noHeaders, o.sortBy));
}
