/** core/v1 Affinity (the node affinity part) and TopologySpreadConstraint. */
import type { LabelSelector } from '../../../labels/label-selector.js';

/** v1.NodeSelectorRequirement. */
export interface NodeSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

/** v1.NodeSelectorTerm: all expressions (labels) and fields (metadata.name) must hold. */
export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

/** v1.PreferredSchedulingTerm. */
export interface PreferredSchedulingTerm {
  weight?: number;
  preference?: NodeSelectorTerm;
}

/** v1.NodeAffinity. */
export interface NodeAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: { nodeSelectorTerms?: NodeSelectorTerm[] };
  preferredDuringSchedulingIgnoredDuringExecution?: PreferredSchedulingTerm[];
}

/** v1.Affinity, the node affinity kubemu's scheduler emulates. */
export interface Affinity {
  nodeAffinity?: NodeAffinity;
}

/** v1.TopologySpreadConstraint: what describe prints and the scheduler's PodTopologySpread reads. */
export interface TopologySpreadConstraint {
  topologyKey: string;
  whenUnsatisfiable?: string;
  maxSkew?: number;
  labelSelector?: LabelSelector;
  /** counted only with DoNotSchedule; nil: 1 */
  minDomains?: number;
  /** Honor (nil) or Ignore: whether nodes the pod's node affinity/selector excludes are counted */
  nodeAffinityPolicy?: string;
  /** Honor or Ignore (nil): whether nodes with taints the pod does not tolerate are counted */
  nodeTaintsPolicy?: string;
  /** pod label keys whose values the API server adds to labelSelector when the pod is created */
  matchLabelKeys?: string[];
}

/** TopologySpreadConstraint.whenUnsatisfiable values. */
export const WHEN_UNSATISFIABLE = { DoNotSchedule: 'DoNotSchedule', ScheduleAnyway: 'ScheduleAnyway' } as const;
/** NodeInclusionPolicy values (nodeAffinityPolicy, nodeTaintsPolicy). */
export const NODE_INCLUSION_POLICY = { Honor: 'Honor', Ignore: 'Ignore' } as const;
