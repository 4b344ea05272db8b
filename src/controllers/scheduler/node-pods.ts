import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import type { Container } from '../../api/core/v1/container.js';
import { hostPorts } from './host-ports.js';
import { type ResourceAmounts, addAmounts, sharedPodRequests, subtractAmounts } from './requests.js';

/**
 * What the filters and scores read of the pods holding resources on one node (the scheduler's
 * NodeInfo): how many there are and their requests added up, which is all that placing a pod
 * reads of them unless it asks for host ports or looks for preemption victims. The scheduler
 * cache keeps these numbers as pods come and go (and in the cluster file), so a new process
 * places a pod without reading the 10,000 pods already placed.
 */
export interface NodePods {
  /** how many pods hold resources there */
  readonly count: number;
  /** their requests added up (NodeInfo.Requested) */
  readonly requested: ReadonlyMap<string, number>;
  /** the same with request-less containers counted at 100m / 200Mi (NodeInfo.NonZeroRequested) */
  readonly nonZeroRequested: ReadonlyMap<string, number>;
  /** how many of them ask for a host port: NodePorts reads the pods only where some do */
  readonly withHostPorts: number;
  /** the lowest priority among them (Infinity when none): preemption reads the pods only when some are below the incoming one's */
  lowestPriority(): number;
  /** the pods themselves (in no particular order) */
  pods(): readonly KubeObject[];
  /**
   * bumped whenever the numbers above change (the pods only ever change with them, or for pods
   * that count exactly as the ones they replace): the same object with the same version has the
   * same totals, so what filtering and scoring a pod there gave still holds (node-evals.ts)
   */
  readonly version: number;
}

/**
 * What each node's pods add up to, by node name. `layout`, when given, changes whenever an entry
 * is added, replaced or removed: while it stays, each name still has the object it had.
 */
export interface NodePodsByName extends ReadonlyMap<string, NodePods> {
  readonly layout?: number;
}

/** A pod's priority as preemption compares it (none: 0). */
export function priorityOf(pod: KubeObject): number {
  return asPod(pod).spec?.priority ?? 0;
}

/**
 * Whether two objects of one pod add the same to a node's totals (NodeTotals.change reads their
 * containers' and init containers' requests, restart policies and host ports, the overhead and the
 * priority): true only when every one of those is equal, value for value. Status writes keep all of
 * them; a doubt (a quantity written differently) answers false, which costs only the adding up.
 */
export function sameDemand(a: KubeObject, b: KubeObject): boolean {
  const sa = asPod(a).spec;
  const sb = asPod(b).spec;
  if (sa === sb) return true;
  if (!sa || !sb) return false;
  return (
    (sa.priority ?? 0) === (sb.priority ?? 0) &&
    sameScalars(sa.overhead, sb.overhead) &&
    sameContainers(sa.containers, sb.containers) &&
    sameContainers(sa.initContainers, sb.initContainers)
  );
}

function sameContainers(a: readonly Container[] | undefined, b: readonly Container[] | undefined): boolean {
  if (a === b) return true;
  const la = a ?? [];
  const lb = b ?? [];
  if (la.length !== lb.length) return false;
  for (let i = 0; i < la.length; i++) {
    const x = la[i]!;
    const y = lb[i]!;
    if (x.restartPolicy !== y.restartPolicy || !sameScalars(x.resources?.requests, y.resources?.requests)) return false;
    if (!sameHostPorts(x.ports, y.ports)) return false;
  }
  return true;
}

type Ports = Container['ports'];

/**
 * The ports that ask for a host port (hostPort set), the same in the same order; the others
 * count for nothing (hostPorts() skips them): a placement (placements.ts) keeps only those, so
 * it tells a pod's status writes apart from the pod's placement by them alone.
 */
function sameHostPorts(a: Ports, b: Ports): boolean {
  if (a === b) return true;
  const pa = a ?? [];
  const pb = b ?? [];
  let j = 0;
  for (const p of pa) {
    if (!p.hostPort) continue;
    while (j < pb.length && !pb[j]!.hostPort) j++;
    const q = pb[j++];
    if (!q || p.hostPort !== q.hostPort || p.protocol !== q.protocol || p.hostIP !== q.hostIP) return false;
  }
  while (j < pb.length) if (pb[j++]!.hostPort) return false;
  return true;
}

/** Same keys with the same (===) values; an object value answers false. */
function sameScalars(a: Readonly<Record<string, unknown>> | undefined, b: Readonly<Record<string, unknown>> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    const v = a[k];
    if ((typeof v === 'object' && v !== null) || !Object.prototype.hasOwnProperty.call(b, k) || v !== b[k]) return false;
  }
  return true;
}

/** The stored form of a node's totals: [count, requested, non-zero requested, with host ports, [priority, pods]...]. */
export type StoredTotals = [number, [string, number][], [string, number][], number, [number, number][]];

/** A node's running totals, changed by each pod that comes (sign 1) or goes (sign -1). */
export class NodeTotals {
  count = 0;
  readonly requested: ResourceAmounts = new Map();
  readonly nonZeroRequested: ResourceAmounts = new Map();
  withHostPorts = 0;
  /** how many pods of each priority (only priorities some pod has) */
  readonly priorities = new Map<number, number>();
  /** see NodePods.version */
  version = 0;

  /** pod comes (1) or goes (-1); amounts are integers, so adding and taking away are exact */
  change(pod: KubeObject, sign: 1 | -1): void {
    this.version++;
    this.count += sign;
    const op = sign > 0 ? addAmounts : subtractAmounts;
    op(this.requested, sharedPodRequests(pod, false));
    op(this.nonZeroRequested, sharedPodRequests(pod, true));
    if (hostPorts(pod).length) this.withHostPorts += sign;
    const prio = priorityOf(pod);
    const n = (this.priorities.get(prio) ?? 0) + sign;
    if (n) this.priorities.set(prio, n);
    else this.priorities.delete(prio);
  }

  /**
   * change(pod, -1) then change(other, 1) for another object of the pod with the same demand
   * (sameDemand): the amounts come back as they were, only the version moves, and the pod's
   * priority entry goes last when the pod was its only one (deleted, then set again), as the
   * stored totals' order shows.
   */
  recount(pod: KubeObject): void {
    this.version += 2;
    const prio = priorityOf(pod);
    if (this.priorities.get(prio) === 1) {
      this.priorities.delete(prio);
      this.priorities.set(prio, 1);
    }
  }

  lowestPriority(): number {
    let low = Infinity;
    for (const p of this.priorities.keys()) if (p < low) low = p;
    return low;
  }

  /** this node's totals into (a copy, to change on its own) */
  copyInto(into: NodeTotals): void {
    into.version++;
    into.count = this.count;
    for (const [k, v] of this.requested) into.requested.set(k, v);
    for (const [k, v] of this.nonZeroRequested) into.nonZeroRequested.set(k, v);
    into.withHostPorts = this.withHostPorts;
    for (const [k, v] of this.priorities) into.priorities.set(k, v);
  }

  stored(): StoredTotals {
    return [this.count, [...this.requested], [...this.nonZeroRequested], this.withHostPorts, [...this.priorities]];
  }

  static from(s: StoredTotals): NodeTotals {
    const t = new NodeTotals();
    t.count = s[0];
    for (const [k, v] of s[1]) t.requested.set(k, v);
    for (const [k, v] of s[2]) t.nonZeroRequested.set(k, v);
    t.withHostPorts = s[3];
    for (const [k, v] of s[4]) t.priorities.set(k, v);
    return t;
  }
}

/** NodePods of a list of pods, added up (the filters on a node's surviving pods, and tests). */
export function nodePodsOf(pods: readonly KubeObject[]): NodePods {
  const t = new NodeTotals();
  for (const p of pods) t.change(p, 1);
  return {
    count: t.count,
    requested: t.requested,
    nonZeroRequested: t.nonZeroRequested,
    withHostPorts: t.withHostPorts,
    lowestPriority: () => t.lowestPriority(),
    pods: () => pods,
    // a snapshot: it never changes
    version: 0,
  };
}
