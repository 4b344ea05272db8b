/**
 * apps/v1 Deployment (k8s.io/api/apps/v1 types.go): the fields kubemu reads and writes, as they are
 * stored (after defaulting). Integer fields that Go declares `omitempty` are absent when zero.
 */
import type { PodTemplateSpec } from '../../core/v1/pod.js';
import type { LabelSelector } from '../../../labels/label-selector.js';
import type { IntOrString, KubeObject } from '../../meta/v1.js';
import type { ConditionStatus } from './conditions.js';

/** apps/v1 DeploymentCondition. */
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

/** The two strategy types of apps/v1. */
export const RECREATE = 'Recreate';
export const ROLLING_UPDATE = 'RollingUpdate';

export interface DeploymentStrategy {
  /** RECREATE or ROLLING_UPDATE */
  type?: string;
  rollingUpdate?: { maxSurge?: IntOrString; maxUnavailable?: IntOrString };
}

export interface DeploymentSpec {
  replicas?: number;
  selector?: LabelSelector;
  template?: PodTemplateSpec;
  strategy?: DeploymentStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
  paused?: boolean;
  progressDeadlineSeconds?: number;
}

export interface Deployment extends KubeObject {
  spec: DeploymentSpec;
  status?: DeploymentStatus;
}

/** Whether an object is a Deployment (kubemu serves the kind in apps/v1 only). */
export function isDeployment(o: KubeObject): o is Deployment {
  return o.kind === 'Deployment';
}

/**
 * The object as a Deployment, for code that was handed one by kind (a describer, a table row, a
 * rollout of deployments): any other kind is a bug of the caller, not a user error.
 */
export function asDeployment(o: KubeObject): Deployment {
  if (!isDeployment(o)) throw new Error(`internal error: a ${o.kind} is not a Deployment`);
  return o;
}

/** Deployment spec.replicas; the API server defaults it to 1. */
export function desiredReplicas(d: Deployment): number {
  return d.spec.replicas ?? 1;
}
