/** The HPA's status conditions (horizontal.go's setCondition / setConditionInList). */
import type { HorizontalPodAutoscalerCondition } from '../../api/autoscaling/v2/horizontal-pod-autoscaler.js';

/**
 * Sets a condition of the list (added at the end when absent); its lastTransitionTime moves
 * only when its status changes. Returns a new list.
 */
export function setCondition(
  list: readonly HorizontalPodAutoscalerCondition[] | undefined,
  type: string,
  status: string,
  reason: string,
  message: string,
  now: string,
): HorizontalPodAutoscalerCondition[] {
  const out = [...(list ?? [])];
  const i = out.findIndex((c) => c.type === type);
  const old = i >= 0 ? out[i] : undefined;
  const next: HorizontalPodAutoscalerCondition = { type, status };
  const transition = old && old.status === status ? old.lastTransitionTime : now;
  if (transition) next.lastTransitionTime = transition;
  if (reason) next.reason = reason;
  if (message) next.message = message;
  if (i >= 0) out[i] = next;
  else out.push(next);
  return out;
}
