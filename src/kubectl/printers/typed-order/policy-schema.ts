// policy/v1 (k8s.io/api/policy/v1 types.go, v0.33), in the notation of schema.generated.ts,
// written by hand: generate-schema.mjs reads core, apps and meta only. Condition and
// LabelSelector are meta/v1's, in the generated table.
import type { StructTable } from './schema-types.js';

/** apiVersion/kind → root struct. */
export const POLICY_KIND_ROOTS: Readonly<Record<string, string>> = {
  'policy/v1/PodDisruptionBudget': 'PodDisruptionBudget',
  'policy/v1/PodDisruptionBudgetList': 'PodDisruptionBudgetList',
};

export const POLICY_STRUCTS: StructTable = {
  PodDisruptionBudget: [['kind', 'string', 1], ['apiVersion', 'string', 1], ['metadata', 'S:ObjectMeta', 1], ['spec', 'S:PodDisruptionBudgetSpec', 1], ['status', 'S:PodDisruptionBudgetStatus', 1]],
  PodDisruptionBudgetList: [['kind', 'string', 1], ['apiVersion', 'string', 1], ['metadata', 'S:ListMeta', 1], ['items', '[]S:PodDisruptionBudget', 0]],
  PodDisruptionBudgetSpec: [['minAvailable', '*intstr', 1], ['selector', '*S:LabelSelector', 1], ['maxUnavailable', '*intstr', 1], ['unhealthyPodEvictionPolicy', '*string', 1]],
  PodDisruptionBudgetStatus: [['observedGeneration', 'int', 1], ['disruptedPods', 'map:time', 1], ['disruptionsAllowed', 'int', 0], ['currentHealthy', 'int', 0], ['desiredHealthy', 'int', 0], ['expectedPods', 'int', 0], ['conditions', '[]S:Condition', 1]],
};
