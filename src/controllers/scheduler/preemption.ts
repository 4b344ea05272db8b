import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { type FilterFailure, filterNode } from './filters.js';
import type { PreemptionVerdict } from './message.js';

function priorityOf(pod: KubeObject): number {
  return asPod(pod).spec?.priority ?? 0;
}

/** PodEligibleToPreemptOthers, as far as kubemu goes: preemptionPolicy Never opts out. */
export function eligibleToPreempt(pod: KubeObject): boolean {
  return asPod(pod).spec?.preemptionPolicy !== 'Never';
}

/**
 * DefaultPreemption's dry run for one rejected node: a node rejected as unresolvable is not
 * worth trying; otherwise the victims are the pods of lower priority (all pods default to
 * priority 0, so usually there are none); with victims, the pod must fit once they are gone.
 * kubemu does not evict: a node where preemption would succeed is reported as having no
 * victims (not emulated: nominatedNodeName and the eviction of victims).
 */
export function preemptionVerdict(
  pod: KubeObject,
  node: KubeObject,
  failure: FilterFailure,
  podsOnNode: readonly KubeObject[],
): PreemptionVerdict {
  if (failure.code === 'UnschedulableAndUnresolvable') return { kind: 'not-helpful' };
  const mine = priorityOf(pod);
  const survivors = podsOnNode.filter((p) => priorityOf(p) >= mine);
  if (survivors.length === podsOnNode.length) return { kind: 'no-victims' };
  const still = filterNode(pod, node, survivors);
  return still ? { kind: 'still-unfit', reasons: still.reasons } : { kind: 'no-victims' };
}
