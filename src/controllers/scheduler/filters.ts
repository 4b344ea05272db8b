import type { KubeObject } from '../../api/meta/v1.js';
import { asPod, type PodSpec } from '../../api/core/v1/pod.js';
import { asNode } from '../../api/core/v1/node.js';
import { TAINT_NODE_UNSCHEDULABLE, type Taint, type Toleration } from '../../api/core/v1/taint.js';
import { toleratesTaint } from '../../api/core/v1/toleration.js';
import type { NodeSelectorRequirement, NodeSelectorTerm } from '../../api/core/v1/affinity.js';
import { hostPorts } from './host-ports.js';
import type { NodePods } from './node-pods.js';
import { nodeAllocatable, sharedPodRequests } from './requests.js';

/**
 * The Filter plugins of the default profile that kubemu emulates, in the profile's order
 * (NodeUnschedulable, TaintToleration, NodeAffinity, NodePorts, NodeResourcesFit; PodTopologySpread,
 * which comes next, is in topology-spread.ts: it reads every node's pods). A node is rejected by the
 * first plugin that fails; that plugin's reasons end up in the "0/3 nodes are available: ..." message.
 */

/**
 * framework.Code of a failed filter: Unschedulable may be cured by preemption (evicting pods),
 * UnschedulableAndUnresolvable cannot (a taint, a selector, a request larger than the node).
 */
export type FilterCode = 'Unschedulable' | 'UnschedulableAndUnresolvable';

export interface FilterFailure {
  code: FilterCode;
  reasons: string[];
}

/** NodeUnschedulable's reason. */
export const REASON_UNSCHEDULABLE = 'node(s) were unschedulable';
/** TaintToleration's reason; the taint itself is no longer named (kubernetes#134740, v1.35). */
export const REASON_UNTOLERATED_TAINT = 'node(s) had untolerated taint(s)';
/** NodeAffinity's reason, for nodeSelector and required node affinity alike. */
export const REASON_NODE_AFFINITY = "node(s) didn't match Pod's node affinity/selector";
/** NodePorts' reason. */
export const REASON_NODE_PORTS = "node(s) didn't have free ports for the requested pod ports";
/** NodeResourcesFit's reason when the node holds its maximum number of pods. */
export const REASON_TOO_MANY_PODS = 'Too many pods';

/** The taint a cordoned node is treated as having. */
const UNSCHEDULABLE_TAINT: Taint = { key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule' };

/** The pod's spec; {} before it has one. */
function podSpec(pod: KubeObject): PodSpec {
  return asPod(pod).spec ?? {};
}

/**
 * A node's spec.taints. The API server refuses a malformed list (validation/node.ts), but a Node
 * written past it (an older kubemu's file, a raw write) may hold `[null]`: an entry that is no
 * object is a zero Taint to Go, whose empty effect no filter or score counts, so it is left out
 * here rather than failing every pod's scheduling on that one node.
 */
export function nodeTaints(node: KubeObject): Taint[] {
  const taints: unknown = asNode(node).spec?.taints;
  if (!Array.isArray(taints)) return [];
  return taints.every(isTaintObject) ? (taints as Taint[]) : (taints.filter(isTaintObject) as Taint[]);
}

function isTaintObject(t: unknown): boolean {
  return typeof t === 'object' && t !== null && !Array.isArray(t);
}

/** Toleration.ToleratesTaint (api/core/v1/toleration.ts), as the filters and scores read it. */
export const tolerates: (t: Toleration, taint: Taint) => boolean = toleratesTaint;

/** The first NoSchedule/NoExecute taint no toleration covers (FindMatchingUntoleratedTaint). */
export function untoleratedTaint(taints: readonly Taint[], tolerations: readonly Toleration[]): Taint | undefined {
  return taints.find(
    (taint) => (taint.effect === 'NoSchedule' || taint.effect === 'NoExecute') && !tolerations.some((t) => tolerates(t, taint)),
  );
}

function requirementMatches(r: NodeSelectorRequirement, value: string | undefined): boolean {
  const values = r.values ?? [];
  switch (r.operator) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    case 'Gt':
    case 'Lt': {
      if (value === undefined || values.length !== 1 || !/^-?[0-9]+$/.test(value) || !/^-?[0-9]+$/.test(values[0] ?? '')) {
        return false;
      }
      const a = BigInt(value);
      const b = BigInt(values[0] ?? '0');
      return r.operator === 'Gt' ? a > b : a < b;
    }
    default:
      return false;
  }
}

/** A node selector term: all its expressions (labels) and fields (metadata.name) hold; an empty term matches nothing. */
function termMatches(term: NodeSelectorTerm, node: KubeObject): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (!exprs.length && !fields.length) return false;
  const labels = node.metadata.labels ?? {};
  return (
    exprs.every((r) => requirementMatches(r, Object.prototype.hasOwnProperty.call(labels, r.key) ? labels[r.key] : undefined)) &&
    fields.every((r) => r.key === 'metadata.name' && requirementMatches(r, node.metadata.name))
  );
}

/** NodeAffinity's filter: every nodeSelector label, and one of the required node selector terms. */
export function matchesNodeAffinity(pod: KubeObject, node: KubeObject): boolean {
  const spec = podSpec(pod);
  const labels = node.metadata.labels ?? {};
  for (const [k, v] of Object.entries(spec.nodeSelector ?? {})) if (labels[k] !== v) return false;
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!required) return true;
  return (required.nodeSelectorTerms ?? []).some((t) => termMatches(t, node));
}

/**
 * NodePorts: a host port (protocol, address) already taken on the node; 0.0.0.0 conflicts with
 * every address. The pods there are read only when some of them ask for host ports.
 */
export function hostPortsConflict(pod: KubeObject, podsOnNode: NodePods): boolean {
  const wanted = hostPorts(pod);
  if (wanted.length === 0 || podsOnNode.withHostPorts === 0) return false;
  const used = podsOnNode.pods().flatMap(hostPorts);
  return wanted.some((w) =>
    used.some((u) => u.port === w.port && u.protocol === w.protocol && (u.ip === w.ip || u.ip === '0.0.0.0' || w.ip === '0.0.0.0')),
  );
}

/** The resources NodeResourcesFit checks, in the order it names them: cpu, memory, ephemeral-storage, then extended ones sorted. */
function checkedResources(request: ReadonlyMap<string, number>): readonly string[] {
  // Asked for every node a pod is filtered on: the names once per (shared) request map.
  const hit = checkedMemo.get(request);
  if (hit) return hit;
  const extended = [...request.keys()].sort().filter((name) => !['cpu', 'memory', 'ephemeral-storage', 'pods'].includes(name));
  const out = ['cpu', 'memory', 'ephemeral-storage', ...extended];
  checkedMemo.set(request, out);
  return out;
}

const checkedMemo = new WeakMap<ReadonlyMap<string, number>, readonly string[]>();

/** The resources NodeResourcesFit names in "Insufficient <name>" (cpu, memory, ephemeral-storage, extended ones). */
function insufficient(request: ReadonlyMap<string, number>, allocatable: ReadonlyMap<string, number>, requested: ReadonlyMap<string, number>): FilterFailure | undefined {
  let reasons: string[] | undefined;
  let unresolvable = false;
  for (const name of checkedResources(request)) {
    const want = request.get(name) ?? 0;
    if (want <= 0) continue;
    const alloc = allocatable.get(name) ?? 0;
    if (want > alloc - (requested.get(name) ?? 0)) {
      (reasons ??= []).push(`Insufficient ${name}`);
      // More than the whole node offers: evicting pods cannot help.
      if (want > alloc) unresolvable = true;
    }
  }
  return reasons ? { code: unresolvable ? 'UnschedulableAndUnresolvable' : 'Unschedulable', reasons } : undefined;
}

/**
 * NodeResourcesFit: one more pod than allocatable pods → "Too many pods"; then each requested
 * resource against allocatable minus the requests of the pods already there.
 * Worked example: allocatable cpu 2 (2000m), pods there request 1500m, the pod wants 600m →
 * 600 > 2000 − 1500 → "Insufficient cpu", resolvable (600 ≤ 2000: evicting could make room);
 * a pod wanting 3 cpu gets the same reason, unresolvable.
 */
export function fitsResources(pod: KubeObject, node: KubeObject, podsOnNode: NodePods): FilterFailure | undefined {
  const allocatable = nodeAllocatable(node);
  const reasons: string[] = [];
  let code: FilterCode = 'Unschedulable';
  if (podsOnNode.count + 1 > (allocatable.get('pods') ?? 0)) reasons.push(REASON_TOO_MANY_PODS);
  const res = insufficient(sharedPodRequests(pod, false), allocatable, podsOnNode.requested);
  if (res) {
    reasons.push(...res.reasons);
    code = res.code;
  }
  return reasons.length ? { code, reasons } : undefined;
}

/**
 * Runs the filters for one node; undefined when the pod fits. podsOnNode are the pods bound to
 * the node that have not finished (terminating ones still hold their resources).
 */
export function filterNode(pod: KubeObject, node: KubeObject, podsOnNode: NodePods): FilterFailure | undefined {
  const tolerations = podSpec(pod).tolerations ?? [];
  if (asNode(node).spec?.unschedulable) {
    if (!tolerations.some((t) => tolerates(t, UNSCHEDULABLE_TAINT))) {
      return { code: 'UnschedulableAndUnresolvable', reasons: [REASON_UNSCHEDULABLE] };
    }
  }
  if (untoleratedTaint(nodeTaints(node), tolerations)) {
    return { code: 'UnschedulableAndUnresolvable', reasons: [REASON_UNTOLERATED_TAINT] };
  }
  if (!matchesNodeAffinity(pod, node)) return { code: 'UnschedulableAndUnresolvable', reasons: [REASON_NODE_AFFINITY] };
  if (hostPortsConflict(pod, podsOnNode)) return { code: 'Unschedulable', reasons: [REASON_NODE_PORTS] };
  return fitsResources(pod, node, podsOnNode);
}
