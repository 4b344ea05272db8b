/**
 * The ScaledObject's conditions (apis/keda/v1alpha1/condition_types.go): Ready, Active, Fallback
 * and Paused, always all four (GetInitializedConditions), set in place (SetCondition keeps the
 * position), with KEDA's reasons and messages.
 */
import type { KedaCondition } from '../../api/keda/v1alpha1/scaled-object.js';

/** ConditionType values. */
export const KEDA_CONDITION = { Ready: 'Ready', Active: 'Active', Fallback: 'Fallback', Paused: 'Paused' } as const;

/** Reasons and messages the operator writes (condition_types.go, pkg/common/message). */
export const KEDA_REASON = {
  /** Ready True */
  ScaledObjectReady: 'ScaledObjectReady',
  /** Ready False: the reconcile failed */
  ScaledObjectCheckFailed: 'ScaledObjectCheckFailed',
  /** Active Unknown after a failed reconcile */
  UnknownState: 'UnknownState',
  /** Active True */
  ScalerActive: 'ScalerActive',
  /** Active False */
  ScalerNotActive: 'ScalerNotActive',
  /** Fallback False */
  NoFallbackFound: 'NoFallbackFound',
  /** Paused True */
  ScaledObjectPaused: 'ScaledObjectPaused',
  /** Paused False once the annotation is removed */
  ScaledObjectUnpaused: 'ScaledObjectUnpaused',
} as const;

export const KEDA_MESSAGE = {
  ready: 'ScaledObject is defined correctly and is ready for scaling',
  readyEvent: 'ScaledObject is ready for scaling',
  checkFailed: 'ScaledObject check failed',
  active: 'Scaling is performed because triggers are active',
  notActive: 'Scaling is not performed because triggers are not active',
  noFallback: 'No fallbacks are active on this scaled object',
  paused: 'ScaledObject is paused',
  unpaused: 'pause annotation removed for ScaledObject',
  scaleTargetErr: "ScaledObject doesn't have correct scaleTargetRef specification",
  scalersStarted: 'Started scalers watch',
} as const;

/** GetInitializedConditions. */
export function initializedConditions(): KedaCondition[] {
  return [
    { type: KEDA_CONDITION.Ready, status: 'Unknown' },
    { type: KEDA_CONDITION.Active, status: 'Unknown' },
    { type: KEDA_CONDITION.Fallback, status: 'Unknown' },
    { type: KEDA_CONDITION.Paused, status: 'False' },
  ];
}

/** AreInitialized: all four types present. */
export function areInitialized(conditions: readonly KedaCondition[] | undefined): boolean {
  if (!conditions) return false;
  return Object.values(KEDA_CONDITION).every((t) => conditions.some((c) => c.type === t));
}

/** The condition of a type (a zero one when absent). */
export function getCondition(conditions: readonly KedaCondition[], type: string): KedaCondition {
  return conditions.find((c) => c.type === type) ?? { type, status: '' };
}

/** SetCondition: in place, appended when absent. */
export function setCondition(conditions: KedaCondition[], type: string, status: string, reason: string, message: string): void {
  const c = conditions.find((x) => x.type === type);
  if (c) {
    c.status = status;
    c.reason = reason;
    c.message = message;
  } else conditions.push({ type, status, reason, message });
}
