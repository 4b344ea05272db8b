import type { FilterFailure } from './filters.js';

/** ErrNoNodesAvailable: the cluster has no nodes at all. */
export const NO_NODES_AVAILABLE = 'no nodes available to schedule pods';
/** DefaultPreemption's reason for a node whose rejection no eviction can cure. */
export const PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling';
/** DefaultPreemption's reason for a node without pods of lower priority than the incoming one. */
export const NO_PREEMPTION_VICTIMS = 'No preemption victims found for incoming pod';
/** DefaultPreemption's answer for a pod with preemptionPolicy Never. */
export const NOT_ELIGIBLE_NEVER = 'not eligible due to preemptionPolicy=Never.';
/**
 * DynamicResources' PostFilter answer for a pod without ResourceClaims. DRA is on by default
 * since v1.34 and its PostFilter runs before DefaultPreemption (the default profile's order), so
 * every FailedScheduling message of a v1.35 cluster carries it: the PostFilter plugins' reasons are
 * joined by ", " (RunPostFilterPlugins, Status.Message), e.g. "... 2 Insufficient cpu. no new
 * claims to deallocate, preemption: 0/3 nodes are available: ... for incoming pod..".
 */
export const NO_CLAIMS_TO_DEALLOCATE = 'no new claims to deallocate';

/**
 * The reasons histogram of FitError.Error(): "<count> <reason>" per distinct reason, sorted as
 * strings (so "10 Insufficient cpu" sorts before "2 Insufficient memory", as in Go), joined by
 * ", ". Example: taint on 1 node, cpu on 2 → "1 node(s) had untolerated taint(s), 2 Insufficient cpu".
 */
export function reasonsHistogram(reasonsPerNode: readonly (readonly string[])[]): string {
  const counts = new Map<string, number>();
  for (const reasons of reasonsPerNode) for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  const items = [...counts].map(([r, n]) => `${n} ${r}`);
  items.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return items.join(', ');
}

/**
 * FitError.Error(): "0/<n> nodes are available:", then the histogram and the PostFilter plugins'
 * message, each as SeparatorFormat (" %v.") adds it. DefaultPreemption's message is itself a
 * FitError's text, ending in "." already, so a v1.35 message ends in two: "... for incoming pod..",
 * as real clusters print it.
 */
export function fitErrorMessage(numNodes: number, reasonsPerNode: readonly (readonly string[])[], postFilter: string): string {
  let msg = `0/${numNodes} nodes are available:`;
  const hist = reasonsHistogram(reasonsPerNode);
  if (hist) msg += ` ${hist}.`;
  if (postFilter) msg += ` ${postFilter}.`;
  return msg;
}

/** What DefaultPreemption found for one node the filters rejected. */
export type PreemptionVerdict =
  /** the rejection cannot be cured by evicting pods */
  | { kind: 'not-helpful' }
  /** no pod there has a lower priority than the incoming one */
  | { kind: 'no-victims' }
  /** even without every lower-priority pod the pod does not fit: the filter's reasons */
  | { kind: 'still-unfit'; reasons: string[] };

/** The reasons one node contributes to the preemption histogram. */
function verdictReasons(v: PreemptionVerdict): string[] {
  if (v.kind === 'not-helpful') return [PREEMPTION_NOT_HELPFUL];
  if (v.kind === 'no-victims') return [NO_PREEMPTION_VICTIMS];
  return v.reasons;
}

/**
 * DefaultPreemption's PostFilter message when no node can be freed:
 * "preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No
 * preemption victims found for incoming pod." A pod that may not preempt says so instead.
 */
export function preemptionMessage(numNodes: number, verdicts: readonly PreemptionVerdict[], eligible: boolean): string {
  if (!eligible) return `preemption: ${NOT_ELIGIBLE_NEVER}`;
  return `preemption: ${fitErrorMessage(numNodes, verdicts.map(verdictReasons), '')}`;
}

/** The whole FailedScheduling message of a v1.35 scheduler for a pod that fits nowhere. */
export function unschedulableMessage(failures: readonly FilterFailure[], verdicts: readonly PreemptionVerdict[], eligible: boolean): string {
  const post = `${NO_CLAIMS_TO_DEALLOCATE}, ${preemptionMessage(failures.length, verdicts, eligible)}`;
  return fitErrorMessage(
    failures.length,
    failures.map((f) => f.reasons),
    post,
  );
}
