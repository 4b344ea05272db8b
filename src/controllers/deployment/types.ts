import type { KubeObject } from '../../api/meta/v1.js';

/**
 * The apps/v1 Deployment and ReplicaSet fields this controller reads and writes, as they are
 * stored (after defaulting). Integer fields that Go declares `omitempty` are absent when zero.
 */

/** intstr.IntOrString: `1` or `"25%"`. */
export type IntOrString = number | string;

export interface LabelSelectorShape {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

export interface PodTemplateShape {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string>; [k: string]: unknown };
  spec?: Record<string, unknown>;
  [k: string]: unknown;
}

/** ConditionStatus of metav1-style conditions. */
export type ConditionStatus = 'True' | 'False' | 'Unknown';

/** apps/v1 DeploymentCondition (ReplicaSetCondition has the same fields minus lastUpdateTime). */
export interface DeploymentCondition {
  type: string;
  status: ConditionStatus;
  lastUpdateTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface DeploymentStatus {
  observedGeneration?: number;
  replicas?: number;
  updatedReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  unavailableReplicas?: number;
  /** a pointer upstream: 0 is written when known, absent when unknown */
  terminatingReplicas?: number;
  conditions?: DeploymentCondition[];
  collisionCount?: number;
}

export interface DeploymentSpec {
  replicas?: number;
  selector?: LabelSelectorShape;
  template?: PodTemplateShape;
  strategy?: {
    type?: string;
    rollingUpdate?: { maxSurge?: IntOrString; maxUnavailable?: IntOrString };
  };
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
  paused?: boolean;
  progressDeadlineSeconds?: number;
}

export interface Deployment extends KubeObject {
  spec: DeploymentSpec;
  status?: DeploymentStatus;
}

export interface ReplicaSetStatus {
  replicas?: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  terminatingReplicas?: number;
  observedGeneration?: number;
  conditions?: DeploymentCondition[];
}

export interface ReplicaSetSpec {
  replicas?: number;
  minReadySeconds?: number;
  selector?: LabelSelectorShape;
  template?: PodTemplateShape;
}

export interface ReplicaSet extends KubeObject {
  spec: ReplicaSetSpec;
  status?: ReplicaSetStatus;
}

/** A pod as far as the Recreate strategy and the pod map need it. */
export interface PodShape extends KubeObject {
  status?: { phase?: string };
}

/** The two strategy types of apps/v1. */
export const RECREATE = 'Recreate';
export const ROLLING_UPDATE = 'RollingUpdate';

/** spec.replicas (defaulted to 1 by the API server; treated as 0 only when truly absent here). */
export function specReplicas(o: { spec?: { replicas?: number } }): number {
  return o.spec?.replicas ?? 0;
}

/** Deployment spec.replicas; the API server defaults it to 1. */
export function desiredReplicas(d: Deployment): number {
  return d.spec.replicas ?? 1;
}
