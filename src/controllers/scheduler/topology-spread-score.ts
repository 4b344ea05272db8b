import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { WHEN_UNSATISFIABLE } from '../../api/core/v1/affinity.js';
import { LABEL_HOSTNAME, LABEL_TOPOLOGY_ZONE } from '../../api/core/v1/label-keys.js';
import { MAX_NODE_SCORE, type Candidate } from './scoring.js';
import type { SpreadSelector } from './spread-selectors.js';
import { type CountOn, type SpreadConstraint, hasAllTopologyKeys, nodeIncluded, podConstraints } from './topology-spread.js';

/**
 * PodTopologySpread's scores (scoring.go): PreScore, Score and NormalizeScore for the pod's
 * ScheduleAnyway constraints, or, for a pod without any constraint, the system default ones.
 */

/** The constraints a pod is scored by; requireAll: nodes lacking a topology key are not scored (0). */
export interface SoftSpread {
  readonly constraints: readonly SpreadConstraint[];
  readonly requireAll: boolean;
}

/** The system default constraints' maxSkews (systemDefaultConstraints, both ScheduleAnyway). */
export const SYSTEM_DEFAULT_HOSTNAME_MAX_SKEW = 3;
export const SYSTEM_DEFAULT_ZONE_MAX_SKEW = 5;

const defaults = new WeakMap<SpreadSelector, SoftSpread>();

/**
 * buildDefaultConstraints with DefaultingType System: across hostnames (maxSkew 3) and zones
 * (maxSkew 5), both with the default selector (the pod's Services and ReplicaSets) and the default
 * policies (node affinity honoured, taints ignored). Nodes need not have both keys: a cluster
 * without zone labels spreads across hostnames alone.
 */
export function systemDefaultSpread(sel: SpreadSelector): SoftSpread {
  let s = defaults.get(sel);
  if (!s) {
    const base = { minDomains: 1, honorAffinity: true, honorTaints: false, matches: sel.matches, key: sel.key, required: sel.required };
    s = {
      constraints: [
        { ...base, maxSkew: SYSTEM_DEFAULT_HOSTNAME_MAX_SKEW, topologyKey: LABEL_HOSTNAME },
        { ...base, maxSkew: SYSTEM_DEFAULT_ZONE_MAX_SKEW, topologyKey: LABEL_TOPOLOGY_ZONE },
      ],
      requireAll: false,
    };
    defaults.set(sel, s);
  }
  return s;
}

/**
 * initPreScoreState's choice: a pod with constraints is scored by its ScheduleAnyway ones (none:
 * the plugin skips, every node scores 0); a pod without is scored by the system defaults when
 * something selects it (defaultSelector), else not at all.
 */
export function softSpreadOf(pod: KubeObject, defaultSelector: () => SpreadSelector | undefined): SoftSpread | undefined {
  if (asPod(pod).spec?.topologySpreadConstraints?.length) {
    const constraints = podConstraints(pod, WHEN_UNSATISFIABLE.ScheduleAnyway);
    return constraints.length ? { constraints, requireAll: true } : undefined;
  }
  const sel = defaultSelector();
  return sel ? systemDefaultSpread(sel) : undefined;
}

/** Whether some node has the label, per list of nodes (the API server hands the same list while no node changes). */
const labelled = new WeakMap<readonly KubeObject[], Map<string, boolean>>();

function someNodeHas(nodes: readonly KubeObject[], key: string): boolean {
  let m = labelled.get(nodes);
  if (!m) labelled.set(nodes, (m = new Map()));
  let has = m.get(key);
  if (has === undefined) m.set(key, (has = nodes.some((n) => n.metadata.labels !== undefined && Object.prototype.hasOwnProperty.call(n.metadata.labels, key))));
  return has;
}

/** topologyNormalizingWeight: ln(domains + 2), so that small topologies are not watered down by big ones. */
export function topologyNormalizingWeight(domains: number): number {
  return Math.log(domains + 2);
}

/**
 * The normalised PodTopologySpread score (0..100) of each candidate, in their order.
 * Score: per constraint whose key the node has, matching pods in its domain × the constraint's
 * weight + (maxSkew − 1), summed and rounded; for hostname the domain is the node itself and the
 * weight ln(scored candidates + 2); for other keys the domains are those of the scored candidates,
 * counted over every node the inclusion policies admit. NormalizeScore: 100 × (max + min − s) / max
 * (integer division) over the scored ones, 100 each when max is 0, and 0 for the ignored ones.
 * Worked example (system defaults, two workers in zones a and b, no zone elsewhere): 1 matching
 * pod on the zone-a worker, 0 on the other: hostname ln 4 = 1.386 → 1.386 + 2 and 0 + 2; zone
 * ln(2 + 2) = 1.386 → 1.386 + 4 and 0 + 4; sums 8.77 → 9 and 6 → normalised 100 × (9 + 6 − 9) / 9 = 66
 * and 100 × (9 + 6 − 6) / 9 = 100.
 */
export function topologySpreadScores(
  pod: KubeObject,
  spread: SoftSpread | undefined,
  candidates: readonly Candidate[],
  allNodes: readonly KubeObject[],
  countOn: CountOn,
): number[] {
  const n = candidates.length;
  const out = new Array<number>(n).fill(0);
  if (!spread || !spread.constraints.length || !n) return out;
  const { constraints, requireAll } = spread;
  let ignored: boolean[] | undefined;
  let scored = n;
  if (requireAll) {
    ignored = candidates.map((c) => !hasAllTopologyKeys(c.node, constraints));
    scored -= ignored.filter(Boolean).length;
  }
  // Asked for every node of every pod placed (10,000 of them): loops, and a constraint whose key no
  // node has (the default zone one on a cluster without zones) adds nothing anywhere: skipped.
  for (const c of constraints) {
    const key = c.topologyKey;
    if (!requireAll && !someNodeHas(allNodes, key)) continue;
    const add = c.maxSkew - 1;
    if (key === LABEL_HOSTNAME) {
      const weight = topologyNormalizingWeight(scored);
      for (let i = 0; i < n; i++) {
        if (ignored?.[i]) continue;
        const node = candidates[i]!.node;
        const labels = node.metadata.labels;
        if (!labels || !Object.prototype.hasOwnProperty.call(labels, key)) continue;
        out[i]! += countOn(c, node.metadata.name ?? '') * weight + add;
      }
      continue;
    }
    const domains = new Map<string, number>();
    for (let i = 0; i < n; i++) if (!ignored?.[i]) domains.set(candidates[i]!.node.metadata.labels?.[key] ?? '', 0);
    const weight = topologyNormalizingWeight(domains.size);
    for (const node of allNodes) {
      if (requireAll && !hasAllTopologyKeys(node, constraints)) continue;
      if (!nodeIncluded(c, pod, node)) continue;
      const value = node.metadata.labels?.[key] ?? '';
      const sum = domains.get(value);
      if (sum === undefined) continue;
      domains.set(value, sum + countOn(c, node.metadata.name ?? ''));
    }
    for (let i = 0; i < n; i++) {
      if (ignored?.[i]) continue;
      const labels = candidates[i]!.node.metadata.labels;
      if (!labels || !Object.prototype.hasOwnProperty.call(labels, key)) continue;
      out[i]! += (domains.get(labels[key] ?? '') ?? 0) * weight + add;
    }
  }
  let max = 0;
  let min = Infinity;
  for (let i = 0; i < n; i++) {
    if (ignored?.[i]) continue;
    const s = (out[i] = Math.round(out[i]!));
    if (s > max) max = s;
    if (s < min) min = s;
  }
  for (let i = 0; i < n; i++) {
    if (ignored?.[i]) out[i] = 0;
    else out[i] = max === 0 ? MAX_NODE_SCORE : Math.floor((MAX_NODE_SCORE * (max + min - out[i]!)) / max);
  }
  return out;
}
