import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import type { PreferredSchedulingTerm } from '../../api/core/v1/affinity.js';
import { nodeTaints, tolerates } from './filters.js';
import type { NodePods } from './node-pods.js';
import { nodeAllocatable, sharedPodRequests } from './requests.js';

/** framework.MaxNodeScore: every plugin scores a node 0..100 before its weight applies. */
export const MAX_NODE_SCORE = 100;

/**
 * The default profile's score weights for the plugins that can tell kubemu's nodes apart.
 * (InterPodAffinity and ImageLocality are not emulated: they score every node alike here.)
 */
export const WEIGHTS = {
  taintToleration: 3,
  nodeAffinity: 2,
  podTopologySpread: 2,
  leastAllocated: 1,
  balancedAllocation: 1,
} as const;

/** One feasible node with the pods bound to it. */
export interface Candidate {
  node: KubeObject;
  pods: NodePods;
}

/**
 * NodeResourcesFit's LeastAllocated score: per resource (cpu, memory, weight 1 each)
 * (allocatable − requested) × 100 / allocatable, with the pod added and request-less
 * containers counting 100m / 200Mi; then the average, in integer arithmetic.
 * Worked example (a kubemu worker): 2000m cpu, 3913084Ki memory; one request-less pod there and this one →
 * cpu (2000 − 200) × 100 / 2000 = 90; memory 400Mi of 3821.4Mi → 89.5 → 89; (90 + 89) / 2 = 89.
 */
export function leastAllocatedScore(pod: KubeObject, c: Candidate): number {
  const alloc = nodeAllocatable(c.node);
  const used = c.pods.nonZeroRequested;
  const mine = sharedPodRequests(pod, true);
  const cpu = leastAllocated(alloc.get('cpu') ?? 0, (used.get('cpu') ?? 0) + (mine.get('cpu') ?? 0));
  const memory = leastAllocated(alloc.get('memory') ?? 0, (used.get('memory') ?? 0) + (mine.get('memory') ?? 0));
  return Math.floor((cpu + memory) / 2);
}

/** One resource's LeastAllocated score (asked for every node of every pod: no array of names per call). */
function leastAllocated(capacity: number, requested: number): number {
  return capacity === 0 || requested > capacity ? 0 : Math.floor(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}

/**
 * NodeResourcesBalancedAllocation: how evenly cpu and memory would be used, from the real
 * requests (pod included): 100 × (1 − std deviation of the two fractions) = 100 × (1 − |f1 − f2| / 2).
 * Request-less pods leave both fractions 0 and every node at 100.
 */
export function balancedAllocationScore(pod: KubeObject, c: Candidate): number {
  const alloc = nodeAllocatable(c.node);
  const used = c.pods.requested;
  const mine = sharedPodRequests(pod, false);
  const fraction = (r: string) => {
    const capacity = alloc.get(r) ?? 0;
    if (capacity === 0) return 1;
    return Math.min(1, ((used.get(r) ?? 0) + (mine.get(r) ?? 0)) / capacity);
  };
  const std = Math.abs(fraction('cpu') - fraction('memory')) / 2;
  return Math.floor((1 - std) * MAX_NODE_SCORE);
}

/** TaintToleration's raw score: PreferNoSchedule taints the pod does not tolerate (fewer is better). */
export function intolerablePreferNoSchedule(pod: KubeObject, node: KubeObject): number {
  const taints = nodeTaints(node);
  // Most nodes have no taints: nothing to count, no tolerations to read.
  if (!taints.length) return 0;
  const tolerations = (asPod(pod).spec?.tolerations ?? []).filter(
    (t) => !t.effect || t.effect === 'PreferNoSchedule',
  );
  return taints.filter((t) => t.effect === 'PreferNoSchedule' && !tolerations.some((x) => tolerates(x, t))).length;
}

/** NodeAffinity's raw score: the weights of the preferred terms the node matches (label expressions only). */
export function preferredAffinityWeight(pod: KubeObject, node: KubeObject): number {
  const terms: PreferredSchedulingTerm[] = asPod(pod).spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? [];
  const labels = node.metadata.labels ?? {};
  let sum = 0;
  for (const t of terms) {
    const exprs = t.preference?.matchExpressions ?? [];
    if (!exprs.length) continue;
    const ok = exprs.every((e) => {
      const has = Object.prototype.hasOwnProperty.call(labels, e.key);
      const v = labels[e.key];
      if (e.operator === 'In') return has && (e.values ?? []).includes(v ?? '');
      if (e.operator === 'NotIn') return !has || !(e.values ?? []).includes(v ?? '');
      if (e.operator === 'Exists') return has;
      if (e.operator === 'DoesNotExist') return !has;
      return false;
    });
    if (ok) sum += t.weight ?? 0;
  }
  return sum;
}

/**
 * helper.DefaultNormalizeScore: scales raw scores to 0..100 by the highest one; reverse makes
 * fewer better. All zero → 0 each, or 100 each when reversed.
 * Example: [0, 1, 2] → [0, 50, 100]; reversed → [100, 50, 0].
 */
export function defaultNormalize(raw: readonly number[], reverse: boolean): number[] {
  const max = Math.max(0, ...raw);
  return raw.map((s) => normalized(s, max, reverse));
}

/**
 * What scoring a pod on one node gives before the scores are normalised over the candidates
 * (PodTopologySpread's scores aside: topology-spread-score.ts): it depends on the pod, the node and
 * the node's totals only, so it can be remembered while those stay (node-evals.ts).
 */
export interface RawScores {
  /** intolerablePreferNoSchedule */
  taint: number;
  /** preferredAffinityWeight */
  affinity: number;
  leastAllocated: number;
  balancedAllocation: number;
}

export function rawScores(pod: KubeObject, c: Candidate): RawScores {
  return {
    taint: intolerablePreferNoSchedule(pod, c.node),
    affinity: preferredAffinityWeight(pod, c.node),
    leastAllocated: leastAllocatedScore(pod, c),
    balancedAllocation: balancedAllocationScore(pod, c),
  };
}

/**
 * The weighted sum per candidate from their raw scores and spread scores, in the candidates'
 * order: TaintToleration (reversed) and NodeAffinity normalised as defaultNormalize does, by the
 * highest raw score among the candidates (at least 0).
 */
export function combineScores(raw: readonly RawScores[], spread: readonly number[]): number[] {
  let maxTaint = 0;
  let maxAffinity = 0;
  for (const r of raw) {
    if (r.taint > maxTaint) maxTaint = r.taint;
    if (r.affinity > maxAffinity) maxAffinity = r.affinity;
  }
  const out = new Array<number>(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i]!;
    out[i] =
      WEIGHTS.taintToleration * normalized(r.taint, maxTaint, true) +
      WEIGHTS.nodeAffinity * normalized(r.affinity, maxAffinity, false) +
      WEIGHTS.podTopologySpread * (spread[i] ?? 0) +
      WEIGHTS.leastAllocated * r.leastAllocated +
      WEIGHTS.balancedAllocation * r.balancedAllocation;
  }
  return out;
}

/** One score of defaultNormalize, max being the highest raw score (at least 0). */
function normalized(s: number, max: number, reverse: boolean): number {
  if (max === 0) return reverse ? MAX_NODE_SCORE : 0;
  const v = Math.floor((MAX_NODE_SCORE * s) / max);
  return reverse ? MAX_NODE_SCORE - v : v;
}

/**
 * selectHost: the highest total wins; among equal totals each is kept with probability
 * 1/(how many seen so far) (reservoir sampling), drawn from the cluster's seeded random source
 * so a seeded cluster places pods the same way every run. Returns the index.
 */
/**
 * How many draws selectHost makes for these scores: one per score equal to the best seen so far
 * (after the first), which does not depend on what is drawn. So the draws can be made at once.
 */
export function selectHostDraws(scores: readonly number[]): number {
  let bestScore = -Infinity;
  let draws = 0;
  for (const s of scores) {
    if (s > bestScore) bestScore = s;
    else if (s === bestScore) draws++;
  }
  return draws;
}

export function selectHost(scores: readonly number[], random: () => number): number {
  let best = -1;
  let bestScore = -Infinity;
  let ties = 0;
  scores.forEach((s, i) => {
    if (s > bestScore) {
      best = i;
      bestScore = s;
      ties = 1;
    } else if (s === bestScore) {
      ties++;
      if (random() % ties === 0) best = i;
    }
  });
  return best;
}
