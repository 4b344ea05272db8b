import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { type FilterFailure, filterNode } from './filters.js';
import type { PreemptionVerdict } from './message.js';
import { type NodePods, nodePodsOf, priorityOf } from './node-pods.js';

/** PodEligibleToPreemptOthers, as far as kubemu goes: preemptionPolicy Never opts out. */
export function eligibleToPreempt(pod: KubeObject): boolean {
  return asPod(pod).spec?.preemptionPolicy !== 'Never';
}

/**
 * DefaultPreemption's dry run for one rejected node: a node rejected as unresolvable is not
 * worth trying; otherwise the victims are the pods of lower priority (all pods default to
 * priority 0, so usually there are none); with victims, the pod must fit once they are gone.
 * PodTopologySpread's filter runs again too, without the victims
 * (spreadWithout). kubemu does not evict: a node where preemption would succeed is reported as having no
 * victims (not emulated: nominatedNodeName and the eviction of victims).
 */
export function preemptionVerdict(
  pod: KubeObject,
  node: KubeObject,
  failure: FilterFailure,
  podsOnNode: NodePods,
  spreadWithout?: (node: KubeObject, victims: readonly KubeObject[]) => FilterFailure | undefined,
): PreemptionVerdict {
  if (failure.code === 'UnschedulableAndUnresolvable') return { kind: 'not-helpful' };
  const mine = priorityOf(pod);
  // No pod there below the incoming one's priority: nothing to evict (the pods need not be read).
  if (podsOnNode.lowestPriority() >= mine) return { kind: 'no-victims' };
  const victims: KubeObject[] = [];
  const survivors: KubeObject[] = [];
  for (const p of podsOnNode.pods()) (priorityOf(p) < mine ? victims : survivors).push(p);
  const still = filterNode(pod, node, nodePodsOf(survivors)) ?? spreadWithout?.(node, victims);
  return still ? { kind: 'still-unfit', reasons: still.reasons } : { kind: 'no-victims' };
}
