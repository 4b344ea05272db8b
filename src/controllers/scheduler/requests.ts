import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { asNode } from '../../api/core/v1/node.js';
import { isRestartableInitContainer, type Container } from '../../api/core/v1/container.js';
import { parseQuantity } from '../../apiserver/validation/quantity.js';

/**
 * Resource amounts the scheduler adds up: cpu in millicores, everything else in whole units
 * (bytes for memory and ephemeral-storage, counts for extended resources).
 */
export type ResourceAmounts = Map<string, number>;

/** What the scoring plugins assume for a container that requests no cpu (100m) or memory (200Mi). */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

/** One quantity as the scheduler counts it: "250m" cpu → 250; "1Gi" memory → 1073741824. */
export function amountOf(resource: string, value: string | number | undefined): number {
  if (value === undefined) return 0;
  const q = parseQuantity(value);
  if (!q) return 0;
  // Values are rounded up to the unit, as Quantity.MilliValue()/Value() do.
  const unit = resource === 'cpu' ? 1_000_000n : 1_000_000_000n;
  return Number((q.nanos + unit - 1n) / unit);
}

function add(into: ResourceAmounts, from: ReadonlyMap<string, number>): void {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v);
}

/** into − from: what a node's running total becomes when a pod leaves it (amounts are integers, so exact). */
export function subtractAmounts(into: ResourceAmounts, from: ReadonlyMap<string, number>): void {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) - v);
}

export { add as addAmounts };

function max(into: ResourceAmounts, from: ResourceAmounts): void {
  for (const [k, v] of from) into.set(k, Math.max(into.get(k) ?? 0, v));
}

function containerAmounts(c: Container, nonZero: boolean): ResourceAmounts {
  const out: ResourceAmounts = new Map();
  const req = c.resources?.requests ?? {};
  for (const [k, v] of Object.entries(req)) out.set(k, amountOf(k, v));
  if (nonZero) {
    if (req['cpu'] === undefined) out.set('cpu', DEFAULT_MILLI_CPU_REQUEST);
    if (req['memory'] === undefined) out.set('memory', DEFAULT_MEMORY_REQUEST);
  }
  return out;
}

/**
 * resourcehelper.PodRequests: the containers' requests added up; an init container runs alone
 * (with the sidecars started before it), so the pod needs the larger of the two; sidecars
 * (init containers with restartPolicy Always) keep running and add to the total; the pod
 * overhead comes on top.
 * Worked example: containers 100m + 200m, a plain init container 500m → max(300m, 500m) = 500m.
 * With nonZero, a container without a cpu or memory request counts 100m / 200Mi (what the
 * scoring plugins use, so that request-less pods still spread).
 */
export function podRequests(pod: KubeObject, nonZero = false): ResourceAmounts {
  return new Map(sharedPodRequests(pod, nonZero));
}

/** podRequests without the copy, for reading only (the scheduler cache adds up every pod on a node). */
export function sharedPodRequests(pod: KubeObject, nonZero: boolean): ReadonlyMap<string, number> {
  // Objects from the API server are frozen, so a pod's requests can be remembered per object —
  // per spec object, as they depend on the spec alone: a status write that keeps the spec object
  // (the scheduler cache sees every one) is not added up again.
  // Most pods request nothing: their sums are known from the number of containers, quicker than
  // remembering them per spec object (every bound pod is added up once).
  const bare = requestLessContainers(pod);
  if (bare >= 0) return nonZero && bare > 0 ? defaultRequests(bare) : NO_REQUESTS;
  const memo = nonZero ? memoNonZero : memoPlain;
  const key = memoKey(pod);
  const hit = memo.get(key);
  if (hit) return hit;
  const computed = computePodRequests(pod, nonZero);
  if (Object.isFrozen(key)) memo.set(key, computed);
  return computed;
}

/** The requests of a pod whose containers request nothing (shared: never to be changed). */
const NO_REQUESTS: ReadonlyMap<string, number> = new Map();
/** The non-zero requests of such pods by their number of containers: 100m and 200Mi each (cpu first, as computePodRequests adds them). */
const defaults: ReadonlyMap<string, number>[] = [];

function defaultRequests(containers: number): ReadonlyMap<string, number> {
  let d = defaults[containers];
  if (!d) {
    d = new Map([
      ['cpu', DEFAULT_MILLI_CPU_REQUEST * containers],
      ['memory', DEFAULT_MEMORY_REQUEST * containers],
    ]);
    if (containers < 16) defaults[containers] = d;
  }
  return d;
}

/**
 * How many containers the pod has when none requests anything and nothing else adds to its
 * requests (no init containers, no overhead): computePodRequests then gives nothing, or the
 * defaults per container; -1 otherwise.
 */
function requestLessContainers(pod: KubeObject): number {
  const spec = asPod(pod).spec ?? {};
  if (spec.initContainers?.length || spec.overhead) return -1;
  const containers = spec.containers ?? [];
  for (const c of containers) {
    const req = c.resources?.requests;
    if (req) for (const k in req) if (Object.prototype.hasOwnProperty.call(req, k)) return -1;
  }
  return containers.length;
}

/** What a pod's requests are remembered by: its spec when frozen, else the pod. */
function memoKey(pod: KubeObject): object {
  const spec = asPod(pod).spec;
  return spec && Object.isFrozen(spec) ? spec : pod;
}

const memoPlain = new WeakMap<object, ReadonlyMap<string, number>>();
const memoNonZero = new WeakMap<object, ReadonlyMap<string, number>>();

/**
 * copy (a frozen pod made from original, with the same containers' requests, init containers
 * and overhead: a placement) requests what original does: its requests are original's, added up
 * once for both (the placements index and the cache each count the pod of every bind).
 */
export function sameRequestsAs(copy: KubeObject, original: KubeObject): void {
  const key = memoKey(copy);
  // A pod that requests nothing is answered without the memo (requestLessContainers).
  if (!Object.isFrozen(key) || requestLessContainers(copy) >= 0) return;
  memoPlain.set(key, sharedPodRequests(original, false));
  memoNonZero.set(key, sharedPodRequests(original, true));
}

function computePodRequests(pod: KubeObject, nonZero: boolean): ResourceAmounts {
  const spec = asPod(pod).spec ?? {};
  const reqs: ResourceAmounts = new Map();
  for (const c of spec.containers ?? []) add(reqs, containerAmounts(c, nonZero));
  const sidecars: ResourceAmounts = new Map();
  const initMax: ResourceAmounts = new Map();
  for (const c of spec.initContainers ?? []) {
    const amounts = containerAmounts(c, nonZero);
    if (isRestartableInitContainer(c)) {
      add(reqs, amounts);
      add(sidecars, amounts);
      max(initMax, sidecars);
    } else {
      const running: ResourceAmounts = new Map(amounts);
      add(running, sidecars);
      max(initMax, running);
    }
  }
  max(reqs, initMax);
  for (const [k, v] of Object.entries(spec.overhead ?? {})) reqs.set(k, (reqs.get(k) ?? 0) + amountOf(k, v));
  return reqs;
}

/** A node's status.allocatable as amounts (cpu in millicores). */
export function nodeAllocatable(node: KubeObject): ReadonlyMap<string, number> {
  // Every pod scheduled reads every node's allocatable: parse it once per (frozen) node object.
  const hit = allocatableMemo.get(node);
  if (hit) return hit;
  const alloc = asNode(node).status?.allocatable ?? {};
  const out: ResourceAmounts = new Map();
  for (const [k, v] of Object.entries(alloc)) out.set(k, amountOf(k, v));
  if (Object.isFrozen(node)) allocatableMemo.set(node, out);
  return out;
}

const allocatableMemo = new WeakMap<KubeObject, ResourceAmounts>();
