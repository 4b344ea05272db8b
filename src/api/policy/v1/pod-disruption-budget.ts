/**
 * policy/v1 PodDisruptionBudget (k8s.io/api/policy/v1 types.go): the fields kubemu reads and
 * writes, in Go field order. Status ints have no omitempty upstream: a new budget reads
 * `status: {disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0}`.
 */
import type { LabelSelector } from '../../../labels/label-selector.js';
import type { IntOrString, KubeObject } from '../../meta/v1.js';

/** spec.unhealthyPodEvictionPolicy values (UnhealthyPodEvictionPolicyType). */
export const UNHEALTHY_POD_EVICTION_POLICY = {
  /** an unready pod may be evicted only while the budget is met (the default when unset) */
  IfHealthyBudget: 'IfHealthyBudget',
  /** an unready pod may always be evicted, without using the budget */
  AlwaysAllow: 'AlwaysAllow',
} as const;

/** v1.PodDisruptionBudgetSpec. */
export interface PodDisruptionBudgetSpec {
  minAvailable?: IntOrString;
  selector?: LabelSelector | null;
  maxUnavailable?: IntOrString;
  unhealthyPodEvictionPolicy?: string;
}

/** metav1.Condition: message and reason have no omitempty (`message: ""` is written). */
export interface MetaCondition {
  type: string;
  status: string;
  observedGeneration?: number;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** v1.PodDisruptionBudgetStatus. */
export interface PodDisruptionBudgetStatus {
  observedGeneration?: number;
  /** pod name -> when the eviction API recorded it (metav1.Time) */
  disruptedPods?: Record<string, string>;
  disruptionsAllowed: number;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
  conditions?: MetaCondition[];
}

/** v1.PodDisruptionBudget. */
export interface PodDisruptionBudget extends KubeObject {
  spec?: PodDisruptionBudgetSpec;
  status?: PodDisruptionBudgetStatus;
}

/** The status of a budget the API server has just created (the registry's PrepareForCreate). */
export function emptyPdbStatus(): PodDisruptionBudgetStatus {
  return { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
}

/** Whether an object is a PodDisruptionBudget. */
export function isPodDisruptionBudget(o: KubeObject): o is PodDisruptionBudget {
  return o.kind === 'PodDisruptionBudget';
}

/** A KubeObject read as a PodDisruptionBudget (the one place); a different kind is a programming error. */
export function asPodDisruptionBudget(o: KubeObject): PodDisruptionBudget {
  if (!isPodDisruptionBudget(o)) throw new TypeError(`expected a PodDisruptionBudget, got ${o.kind || 'an object without kind'}`);
  return o;
}

/** The status with its fields in Go field order (as kube-apiserver stores and prints them), the optional ones only when set. */
export function pdbStatusInOrder(s: PodDisruptionBudgetStatus): PodDisruptionBudgetStatus {
  return {
    ...(s.observedGeneration !== undefined ? { observedGeneration: s.observedGeneration } : {}),
    ...(s.disruptedPods !== undefined && Object.keys(s.disruptedPods).length ? { disruptedPods: s.disruptedPods } : {}),
    disruptionsAllowed: s.disruptionsAllowed,
    currentHealthy: s.currentHealthy,
    desiredHealthy: s.desiredHealthy,
    expectedPods: s.expectedPods,
    ...(s.conditions !== undefined ? { conditions: s.conditions } : {}),
  };
}
