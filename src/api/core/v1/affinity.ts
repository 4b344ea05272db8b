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

/** v1.TopologySpreadConstraint, the parts describe prints. */
export interface TopologySpreadConstraint {
  topologyKey: string;
  whenUnsatisfiable?: string;
  maxSkew?: number;
  labelSelector?: LabelSelector;
}
