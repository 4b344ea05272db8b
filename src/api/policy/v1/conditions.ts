/** The PodDisruptionBudget's condition and its reasons (k8s.io/api/policy/v1 types.go). */

/** status.conditions type: whether the budget allows a disruption now. */
export const DISRUPTION_ALLOWED_CONDITION = 'DisruptionAllowed';

/** Reasons of the DisruptionAllowed condition. */
export const PDB_CONDITION_REASON = {
  /** True: disruptionsAllowed > 0 */
  SufficientPods: 'SufficientPods',
  /** False: disruptionsAllowed is 0 */
  InsufficientPods: 'InsufficientPods',
  /** False: the disruption controller could not compute the status (its error is the message) */
  SyncFailed: 'SyncFailed',
} as const;

/** The StatusCause type of the eviction API's 429s. */
export const DISRUPTION_BUDGET_CAUSE = 'DisruptionBudget';

/** The pod condition type a disruption (eviction, taint manager, pod GC) sets before deleting a pod. */
export const DISRUPTION_TARGET_CONDITION = 'DisruptionTarget';

/** DisruptionTarget reasons. */
export const DISRUPTION_TARGET_REASON = {
  /** set by the eviction subresource */
  EvictionByEvictionAPI: 'EvictionByEvictionAPI',
} as const;
