/**
 * kubectl top's printer (staging/src/k8s.io/kubectl/pkg/metricsutil/metrics_printer.go and
 * metrics_sorter.go, kubectl 1.33), over cli-runtime's tab writer (6/4/3): every cell ends with a
 * tab, the last column included, so rows are padded to the end. Quantities:
 *   cpu    `%vm` of MilliValue (rounded up: 1234567n → 2m)
 *   memory `%vMi` of Value / 2^20 (truncated: 10244Ki → 10Mi)
 *   node % int64(usage milli / available milli × 100), available being allocatable (or capacity)
 * Sorting: --sort-by=cpu|memory descending, else by name (by namespace first with -A); kubemu
 * sorts stably where Go's sort.Sort is not (ties keep the API's order).
 */
import { tabwrite } from '../../printers/tabwriter.js';
import { parseQuantity } from '../../../apiserver/validation/quantity.js';
import type { NodeMetrics, PodMetrics } from '../../../api/metrics/resource-metrics.js';

/** sortByCPU / sortByMemory. */
export const SORT_BY = { cpu: 'cpu', memory: 'memory' } as const;

const MEASURED = ['cpu', 'memory'] as const;
type Measured = (typeof MEASURED)[number];

/** A ResourceList in nano-units (exact sums, as resource.Quantity adds). */
type Nanos = Record<Measured, bigint>;

function nanosOf(usage: Record<string, string> | undefined): Nanos {
  return {
    cpu: parseQuantity(usage?.['cpu'] ?? '0')?.nanos ?? 0n,
    memory: parseQuantity(usage?.['memory'] ?? '0')?.nanos ?? 0n,
  };
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return a >= 0n ? (a + b - 1n) / b : a / b;
}

/** Quantity.MilliValue(): rounded up. */
export function milliValue(nanos: bigint): bigint {
  return ceilDiv(nanos, 1_000_000n);
}

/** Quantity.Value(): rounded up. */
export function wholeValue(nanos: bigint): bigint {
  return ceilDiv(nanos, 1_000_000_000n);
}

/** printSingleResourceUsage: `12m`, `34Mi`. */
export function usageText(res: Measured, nanos: bigint): string {
  if (res === 'cpu') return `${milliValue(nanos)}m`;
  return `${wholeValue(nanos) / (1024n * 1024n)}Mi`;
}

/** The `N%` of usage over available (0 when available is zero), truncated as int64(fraction). */
export function percentText(usage: bigint, available: bigint): string {
  const a = Number(milliValue(available));
  const fraction = a === 0 ? 0 : (Number(milliValue(usage)) / a) * 100;
  return `${Math.trunc(fraction)}%`;
}

function podTotal(m: PodMetrics): Nanos {
  const t: Nanos = { cpu: 0n, memory: 0n };
  for (const c of m.containers) {
    const n = nanosOf(c.usage);
    t.cpu += n.cpu;
    t.memory += n.memory;
  }
  return t;
}

function byUsage<T>(items: readonly T[], sortBy: string, usage: (t: T) => Nanos, byName: (a: T, b: T) => number): T[] {
  const out = [...items];
  if (sortBy === SORT_BY.cpu) return out.sort((a, b) => cmpDesc(milliValue(usage(a).cpu), milliValue(usage(b).cpu)));
  if (sortBy === SORT_BY.memory) return out.sort((a, b) => cmpDesc(wholeValue(usage(a).memory), wholeValue(usage(b).memory)));
  return out.sort(byName);
}

function cmpDesc(a: bigint, b: bigint): number {
  return a > b ? -1 : a < b ? 1 : 0;
}

function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function usageCells(u: Nanos, available: Nanos | undefined): string[] {
  const cells: string[] = [];
  for (const res of MEASURED) {
    cells.push(usageText(res, u[res]));
    if (available) cells.push(percentText(u[res], available[res]));
  }
  return cells;
}

const line = (cells: readonly string[]): string => cells.map((c) => `${c}\t`).join('') + '\n';

/** What PrintPodMetrics is asked. */
export interface PodPrintOptions {
  printContainers: boolean;
  withNamespace: boolean;
  noHeaders: boolean;
  sortBy: string;
  sum: boolean;
}

/** TopCmdPrinter.PrintPodMetrics: the table, or '' for no metrics. */
export function printPodMetrics(metrics: readonly PodMetrics[], o: PodPrintOptions): string {
  if (!metrics.length) return '';
  let text = '';
  let columnWidth = 3;
  if (!o.noHeaders) {
    const head: string[] = [];
    if (o.withNamespace) {
      head.push('NAMESPACE');
      columnWidth++;
    }
    if (o.printContainers) {
      head.push('POD');
      columnWidth++;
    }
    text += line([...head, 'NAME', 'CPU(cores)', 'MEMORY(bytes)']);
  }
  const byName = (a: PodMetrics, b: PodMetrics): number =>
    (o.withNamespace ? cmpStr(a.metadata.namespace ?? '', b.metadata.namespace ?? '') : 0) || cmpStr(a.metadata.name ?? '', b.metadata.name ?? '');
  const sorted = byUsage(metrics, o.sortBy, podTotal, byName);
  for (const m of sorted) {
    const ns = o.withNamespace ? [m.metadata.namespace ?? ''] : [];
    if (o.printContainers) {
      const containers = byUsage(m.containers, o.sortBy, (c) => nanosOf(c.usage), (a, b) => cmpStr(a.name, b.name));
      for (const c of containers) text += line([...ns, m.metadata.name ?? '', c.name, ...usageCells(nanosOf(c.usage), undefined)]);
    } else {
      text += line([...ns, m.metadata.name ?? '', ...usageCells(podTotal(m), undefined)]);
    }
  }
  if (o.sum) {
    const total: Nanos = { cpu: 0n, memory: 0n };
    for (const m of sorted) {
      const t = podTotal(m);
      total.cpu += t.cpu;
      total.memory += t.memory;
    }
    // printPodResourcesSum: blanks under the name columns, a rule under the two usage columns, then the totals
    text += line([...Array<string>(Math.max(0, columnWidth - 2)).fill(''), '________', '________']);
    text += line([...Array<string>(Math.max(0, columnWidth - 3)).fill(''), '', ...usageCells(total, undefined)]);
  }
  return tabwrite(text);
}

/** TopCmdPrinter.PrintNodeMetrics: nodes with metrics, then the listed nodes without (all `<unknown>`). */
export function printNodeMetrics(metrics: readonly NodeMetrics[], available: ReadonlyMap<string, Record<string, string> | undefined>, noHeaders: boolean, sortBy: string): string {
  if (!metrics.length) return '';
  let text = noHeaders ? '' : line(['NAME', 'CPU(cores)', 'CPU(%)', 'MEMORY(bytes)', 'MEMORY(%)']);
  const rest = new Map(available);
  const sorted = byUsage(metrics, sortBy, (m) => nanosOf(m.usage), (a, b) => cmpStr(a.metadata.name ?? '', b.metadata.name ?? ''));
  for (const m of sorted) {
    const name = m.metadata.name ?? '';
    const listed = available.get(name);
    const avail = listed ? nanosOf(listed) : undefined;
    text += line([name, ...usageCells(nanosOf(m.usage), avail)]);
    rest.delete(name);
  }
  // (upstream ranges over a Go map here, in no fixed order; kubemu prints them by name)
  for (const name of [...rest.keys()].sort()) text += line([name, '<unknown>', '<unknown>', '<unknown>', '<unknown>']);
  return tabwrite(text);
}
