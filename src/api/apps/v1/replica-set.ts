/**
 * apps/v1 ReplicaSet (k8s.io/api/apps/v1 types.go): the fields kubemu reads and writes, as they are
 * stored (after defaulting). Integer fields that Go declares `omitempty` are absent when zero.
 */
import type { PodTemplateSpec } from '../../core/v1/pod.js';
import type { LabelSelector } from '../../../labels/label-selector.js';
import type { KubeObject } from '../../meta/v1.js';
import type { ConditionStatus } from './conditions.js';

/** apps/v1 ReplicaSetCondition (a DeploymentCondition without lastUpdateTime). */
export interface ReplicaSetCondition {
  type: string;
  status: ConditionStatus;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** apps/v1 ReplicaSetStatus in Go field order. */
export interface ReplicaSetStatus {
  replicas?: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  /** a pointer upstream: 0 is written (DeploymentReplicaSetTerminatingReplicas, on since 1.35) */
  terminatingReplicas?: number;
  observedGeneration?: number;
  conditions?: ReplicaSetCondition[];
}

export interface ReplicaSetSpec {
  replicas?: number;
  minReadySeconds?: number;
  selector?: LabelSelector;
  template?: PodTemplateSpec;
}

export interface ReplicaSet extends KubeObject {
  spec: ReplicaSetSpec;
  status?: ReplicaSetStatus;
}

/** Whether an object is a ReplicaSet (kubemu serves the kind in apps/v1 only). */
export function isReplicaSet(o: KubeObject): o is ReplicaSet {
  return o.kind === 'ReplicaSet';
}

/** The object as a ReplicaSet, for code handed one by kind: any other kind is the caller's bug. */
export function asReplicaSet(o: KubeObject): ReplicaSet {
  if (!isReplicaSet(o)) throw new Error(`internal error: a ${o.kind} is not a ReplicaSet`);
  return o;
}

/** spec.replicas of a ReplicaSet or Deployment (defaulted to 1 by the API server; 0 only when truly absent). */
export function specReplicas(o: { spec?: { replicas?: number } }): number {
  return o.spec?.replicas ?? 0;
}
