import { parseQuantity, type Quantity } from '../../apiserver/validation/quantity.js';
import type { PodSpec } from '../../api/core/v1/pod.js';
import { isRestartableInitContainer, type Container, type ResourceList } from '../../api/core/v1/container.js';

/** What the sums read of a container: its resources and whether it is a sidecar. */
type ContainerResources = Pick<Container, 'resources' | 'restartPolicy'>;

/** A resource list of parsed quantities (resource name → quantity). */
export type ResourceTotals = Map<string, Quantity>;

/** Adds b into a; a sum keeps the format of the first quantity (Quantity.Add on a copy). */
function addInto(a: ResourceTotals, list: ResourceList | undefined): void {
  for (const [name, raw] of Object.entries(list ?? {})) {
    const q = parseQuantity(String(raw));
    if (!q) continue;
    const cur = a.get(name);
    a.set(name, cur ? { nanos: cur.nanos + q.nanos, format: cur.format } : { ...q });
  }
}

/** maxResourceList: per resource, the larger of the two. */
function maxInto(a: ResourceTotals, b: ResourceTotals): void {
  for (const [name, q] of b) {
    const cur = a.get(name);
    if (!cur || q.nanos > cur.nanos) a.set(name, { ...q });
  }
}

/**
 * resourcehelper.PodRequestsAndLimits, for the node's pod table:
 *
 * - the app containers' values are summed, together with restartable init containers (sidecars),
 *   which run for the pod's whole life;
 * - a regular init container runs alone (plus the sidecars started before it), so the pod needs
 *   max(sum, that init container + earlier sidecars);
 * - pod overhead is added on top.
 *
 * Worked example: containers 100m + 200m cpu, one init container of 500m → max(300m, 500m) = 500m.
 */
export function podRequestsAndLimits(pod: {
  spec?: Pick<PodSpec, 'overhead'> & { containers?: ContainerResources[]; initContainers?: ContainerResources[] };
}): { requests: ResourceTotals; limits: ResourceTotals } {
  const spec = pod.spec ?? {};
  const total = (kind: 'requests' | 'limits'): ResourceTotals => {
    const sum: ResourceTotals = new Map();
    for (const c of spec.containers ?? []) addInto(sum, c.resources?.[kind]);
    const sidecars: ResourceTotals = new Map();
    const initMax: ResourceTotals = new Map();
    for (const c of spec.initContainers ?? []) {
      if (isRestartableInitContainer(c)) {
        addInto(sum, c.resources?.[kind]);
        addInto(sidecars, c.resources?.[kind]);
        continue;
      }
      const alone: ResourceTotals = new Map();
      for (const [k, q] of sidecars) alone.set(k, { ...q });
      addInto(alone, c.resources?.[kind]);
      maxInto(initMax, alone);
    }
    maxInto(sum, initMax);
    addInto(sum, spec.overhead);
    return sum;
  };
  return { requests: total('requests'), limits: total('limits') };
}

/** Adds every pod's totals together (getPodsTotalRequestsAndLimits). */
export function sumTotals(lists: ResourceTotals[]): ResourceTotals {
  const out: ResourceTotals = new Map();
  for (const l of lists) {
    for (const [k, q] of l) {
      const cur = out.get(k);
      out.set(k, cur ? { nanos: cur.nanos + q.nanos, format: cur.format } : { ...q });
    }
  }
  return out;
}

/** Quantity.MilliValue(): thousandths, rounded up. */
export function milliValue(q: Quantity | undefined): bigint {
  if (!q) return 0n;
  return ceilDiv(q.nanos, 1_000_000n);
}

/** Quantity.Value(): whole units, rounded up. */
export function wholeValue(q: Quantity | undefined): bigint {
  if (!q) return 0n;
  return ceilDiv(q.nanos, 1_000_000_000n);
}

function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a > 0n ? q + 1n : q;
}

/**
 * int64(float64(part) / float64(whole) * 100): the truncated percentage describe node prints,
 * `0` when the whole is zero (the totals guard against it; per-pod rows would print Go's
 * conversion of ±Inf/NaN, which nodes with allocatable resources never reach).
 *
 *     250m of 2 cpu: 250 / 2000 * 100 = 12.5 → 12
 */
export function percent(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  return Math.trunc((Number(part) / Number(whole)) * 100);
}
