import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { NODE_INCLUSION_POLICY, type TopologySpreadConstraint, WHEN_UNSATISFIABLE } from '../../api/core/v1/affinity.js';
import { compileLabelSelector, selectorString } from '../../labels/label-selector.js';
import { type FilterFailure, matchesNodeAffinity, nodeTaints, untoleratedTaint } from './filters.js';
import { requiredLabel } from './spread-selectors.js';

/**
 * PodTopologySpread's constraints and its filter (pkg/scheduler/framework/plugins/podtopologyspread:
 * common.go, filtering.go). The scores are in topology-spread-score.ts.
 */

/** ErrReasonConstraintsNotMatch: the skew on this node's domain would exceed maxSkew. */
export const REASON_SPREAD = "node(s) didn't match pod topology spread constraints";
/** ErrReasonNodeLabelNotMatch: the node lacks one of the constraints' topology keys. */
export const REASON_SPREAD_MISSING_LABEL = `${REASON_SPREAD} (missing required label)`;

type Labels = Record<string, string> | undefined;

/** One constraint as the plugin uses it (topologySpreadConstraint): the selector compiled, the defaults applied. */
export interface SpreadConstraint {
  readonly maxSkew: number;
  readonly topologyKey: string;
  /** nil minDomains counts as 1 */
  readonly minDomains: number;
  /** nodeAffinityPolicy Honor (the default): nodes the pod's node affinity/selector excludes are not counted */
  readonly honorAffinity: boolean;
  /** nodeTaintsPolicy Honor (Ignore is the default): nodes with NoSchedule/NoExecute taints the pod does not tolerate are not counted */
  readonly honorTaints: boolean;
  readonly matches: (labels: Labels) => boolean;
  /** names the selector: constraints with equal keys count the same pods (the scheduler cache counts per key) */
  readonly key: string;
  /** a label every pod the selector picks has, if it requires one (narrows the cache's first count) */
  readonly required: readonly [string, string] | undefined;
}

const NO_CONSTRAINTS: readonly SpreadConstraint[] = Object.freeze([]);
/** Per stored (frozen) constraints list and action: the constraints built from it (pods of a ReplicaSet share one). */
const built = new WeakMap<readonly TopologySpreadConstraint[], Map<string, readonly SpreadConstraint[]>>();

/**
 * filterTopologySpreadConstraints: the pod's constraints with this whenUnsatisfiable, each with its
 * selector. The selector is labelSelector as stored: since v1.34 (MatchLabelKeysInPodTopologySpread-
 * SelectorMerge) the API server has merged matchLabelKeys into it when the pod was created, and the
 * scheduler no longer merges them. A nil selector matches nothing; an invalid one (which validation
 * refuses) is taken as matching nothing too, where upstream fails the scheduling cycle.
 */
export function podConstraints(pod: KubeObject, action: string): readonly SpreadConstraint[] {
  const list = asPod(pod).spec?.topologySpreadConstraints;
  if (!list || !list.length) return NO_CONSTRAINTS;
  let byAction = Object.isFrozen(list) ? built.get(list) : undefined;
  const hit = byAction?.get(action);
  if (hit) return hit;
  const out: SpreadConstraint[] = [];
  for (const c of list) {
    if ((c.whenUnsatisfiable ?? '') !== action) continue;
    const sel = compileLabelSelector(c.labelSelector ?? null);
    out.push({
      maxSkew: c.maxSkew ?? 0,
      topologyKey: c.topologyKey ?? '',
      minDomains: action === WHEN_UNSATISFIABLE.DoNotSchedule && c.minDomains !== undefined && c.minDomains !== null ? c.minDomains : 1,
      honorAffinity: (c.nodeAffinityPolicy ?? NODE_INCLUSION_POLICY.Honor) === NODE_INCLUSION_POLICY.Honor,
      honorTaints: (c.nodeTaintsPolicy ?? NODE_INCLUSION_POLICY.Ignore) === NODE_INCLUSION_POLICY.Honor,
      matches: sel ? sel.matches : () => false,
      key: `tsc:${!sel || sel.selector.kind === 'nothing' ? '!' : selectorString(sel.selector)}`,
      required: sel ? requiredLabel(sel) : undefined,
    });
  }
  const frozen = Object.freeze(out);
  if (Object.isFrozen(list)) {
    if (!byAction) built.set(list, (byAction = new Map()));
    byAction.set(action, frozen);
  }
  return frozen;
}

/** Whether the pod's DoNotSchedule constraints apply (the plugin's PreFilter does not Skip). */
export function hasHardConstraints(pod: KubeObject): boolean {
  return podConstraints(pod, WHEN_UNSATISFIABLE.DoNotSchedule).length > 0;
}

/** nodeLabelsMatchSpreadConstraints: the node has every constraint's topology key. */
export function hasAllTopologyKeys(node: KubeObject, constraints: readonly SpreadConstraint[]): boolean {
  const labels = node.metadata.labels;
  if (!labels) return constraints.length === 0;
  for (const c of constraints) if (!Object.prototype.hasOwnProperty.call(labels, c.topologyKey)) return false;
  return true;
}

/** matchNodeInclusionPolicies: whether the node's pods count for this constraint. */
export function nodeIncluded(c: SpreadConstraint, pod: KubeObject, node: KubeObject): boolean {
  if (c.honorAffinity && !matchesNodeAffinity(pod, node)) return false;
  if (c.honorTaints && untoleratedTaint(nodeTaints(node), asPod(pod).spec?.tolerations ?? [])) return false;
  return true;
}

/** How many pods of the pod's namespace a constraint's selector picks on a node (not being deleted). */
export type CountOn = (c: SpreadConstraint, node: string) => number;

/** PreFilter's state: per constraint, the matching pods per topology value of the eligible nodes. */
export interface SpreadFilterState {
  readonly constraints: readonly SpreadConstraint[];
  /** TpValueToMatchNum: per constraint, value → matching pods (every eligible domain present, even with 0) */
  readonly perDomain: readonly Map<string, number>[];
}

/**
 * calPreFilterState: every node that has all the topology keys counts, per constraint whose
 * inclusion policies admit it, the matching pods on it towards its domain. Nodes without some key
 * add no domain at all (so they do not lower the global minimum).
 */
export function spreadPreFilter(pod: KubeObject, constraints: readonly SpreadConstraint[], nodes: readonly KubeObject[], countOn: CountOn): SpreadFilterState {
  const perDomain = constraints.map(() => new Map<string, number>());
  for (const node of nodes) {
    if (!hasAllTopologyKeys(node, constraints)) continue;
    const labels = node.metadata.labels ?? {};
    const name = node.metadata.name ?? '';
    constraints.forEach((c, i) => {
      if (!nodeIncluded(c, pod, node)) return;
      const value = labels[c.topologyKey] ?? '';
      const m = perDomain[i]!;
      m.set(value, (m.get(value) ?? 0) + countOn(c, name));
    });
  }
  return { constraints, perDomain };
}

/**
 * minMatchNum: the fewest matching pods in any eligible domain, taken as 0 while there are fewer
 * eligible domains than minDomains. Worked example: zones a and b with 3 and 1 pods, minDomains 3 →
 * 2 domains < 3 → the minimum is 0, not 1 (a third zone is wanted, so no zone may go past maxSkew).
 */
export function globalMinimum(perDomain: ReadonlyMap<string, number>, minDomains: number): number {
  if (perDomain.size < minDomains) return 0;
  let min = Infinity;
  for (const n of perDomain.values()) if (n < min) min = n;
  // No eligible domain at all: upstream's critical path holds MaxInt32 (every node then passes).
  return min === Infinity ? 2147483647 : min;
}

/**
 * Filter: for each constraint, a node without its topology key fails as unresolvable; else the
 * skew of placing the pod in the node's domain, matchNum + selfMatchNum − minMatchNum, must not
 * exceed maxSkew. Worked example: maxSkew 1, zone-a holds 2 matching pods and zone-b 1; a matching
 * pod on a zone-a node → 2 + 1 − 1 = 2 > 1 → Unschedulable; on zone-b → 1 + 1 − 1 = 1 → fits.
 */
export function spreadFilter(state: SpreadFilterState, pod: KubeObject, node: KubeObject): FilterFailure | undefined {
  const labels = node.metadata.labels ?? {};
  const podLabels = pod.metadata.labels;
  for (let i = 0; i < state.constraints.length; i++) {
    const c = state.constraints[i]!;
    if (!Object.prototype.hasOwnProperty.call(labels, c.topologyKey)) {
      return { code: 'UnschedulableAndUnresolvable', reasons: [REASON_SPREAD_MISSING_LABEL] };
    }
    const perDomain = state.perDomain[i]!;
    const min = globalMinimum(perDomain, c.minDomains);
    const self = c.matches(podLabels) ? 1 : 0;
    const matchNum = perDomain.get(labels[c.topologyKey] ?? '') ?? 0;
    if (matchNum + self - min > c.maxSkew) return { code: 'Unschedulable', reasons: [REASON_SPREAD] };
  }
  return undefined;
}

/**
 * The state with some pods of one node taken away (RemovePod, as preemption's dry run does for the
 * victims on the node it tries): each victim of the pod's namespace that a constraint's selector
 * picks, on a node that counts for it, no longer counts in the node's domain.
 */
export function withoutPods(state: SpreadFilterState, pod: KubeObject, node: KubeObject, removed: readonly KubeObject[]): SpreadFilterState {
  if (!hasAllTopologyKeys(node, state.constraints)) return state;
  const labels = node.metadata.labels ?? {};
  const perDomain = state.perDomain.map((m) => new Map(m));
  state.constraints.forEach((c, i) => {
    if (!nodeIncluded(c, pod, node)) return;
    const value = labels[c.topologyKey] ?? '';
    const m = perDomain[i]!;
    for (const p of removed) {
      if (p.metadata.namespace !== pod.metadata.namespace || p.metadata.deletionTimestamp || !c.matches(p.metadata.labels)) continue;
      m.set(value, (m.get(value) ?? 0) - 1);
    }
  });
  return { constraints: state.constraints, perDomain };
}
