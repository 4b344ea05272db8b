/**
 * The DisruptionAllowed condition as component-helpers' poddisruptionbudget package keeps it
 * (UpdateDisruptionAllowedCondition, ConditionsAreUpToDate), with apimachinery's SetStatusCondition:
 * used by the disruption controller and by the eviction subresource alike.
 */
import { DISRUPTION_ALLOWED_CONDITION, PDB_CONDITION_REASON } from './conditions.js';
import type { MetaCondition, PodDisruptionBudgetStatus } from './pod-disruption-budget.js';

/**
 * apimeta.SetStatusCondition: a new type is appended with lastTransitionTime now; an existing one
 * keeps its lastTransitionTime unless its status changes, and takes the new reason, message and
 * observedGeneration. Returns a new list (the input is not changed).
 */
export function setStatusCondition(conditions: readonly MetaCondition[] | undefined, c: Omit<MetaCondition, 'lastTransitionTime'>, nowIso: string): MetaCondition[] {
  const out = [...(conditions ?? [])];
  const i = out.findIndex((x) => x.type === c.type);
  const old = i >= 0 ? out[i] : undefined;
  const lastTransitionTime = old && old.status === c.status ? old.lastTransitionTime : nowIso;
  // metav1.Condition in Go field order: type, status, observedGeneration, lastTransitionTime, reason, message.
  const next: MetaCondition = { type: c.type, status: c.status, ...(c.observedGeneration ? { observedGeneration: c.observedGeneration } : {}), lastTransitionTime, reason: c.reason, message: c.message };
  if (i >= 0) out[i] = next;
  else out.push(next);
  return out;
}

/**
 * UpdateDisruptionAllowedCondition: True/SufficientPods while disruptionsAllowed > 0, else
 * False/InsufficientPods; the message is empty, the generation the status's observedGeneration.
 */
export function withDisruptionAllowedCondition(status: PodDisruptionBudgetStatus, nowIso: string): PodDisruptionBudgetStatus {
  const allowed = status.disruptionsAllowed > 0;
  const conditions = setStatusCondition(
    status.conditions,
    {
      type: DISRUPTION_ALLOWED_CONDITION,
      status: allowed ? 'True' : 'False',
      ...(status.observedGeneration ? { observedGeneration: status.observedGeneration } : {}),
      reason: allowed ? PDB_CONDITION_REASON.SufficientPods : PDB_CONDITION_REASON.InsufficientPods,
      message: '',
    },
    nowIso,
  );
  return { ...status, conditions };
}

/** ConditionsAreUpToDate: the condition exists, the generation was observed, and it says what disruptionsAllowed says. */
export function conditionsAreUpToDate(status: PodDisruptionBudgetStatus | undefined, generation: number): boolean {
  const c = status?.conditions?.find((x) => x.type === DISRUPTION_ALLOWED_CONDITION);
  if (!c || !status || (status.observedGeneration ?? 0) !== generation) return false;
  if (status.disruptionsAllowed > 0) return c.status === 'True' && c.reason === PDB_CONDITION_REASON.SufficientPods;
  return c.status === 'False' && c.reason === PDB_CONDITION_REASON.InsufficientPods;
}
