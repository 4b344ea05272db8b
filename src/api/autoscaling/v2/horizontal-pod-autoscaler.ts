/**
 * autoscaling/v2 HorizontalPodAutoscaler (k8s.io/api/autoscaling/v2 types.go): the fields kubemu
 * reads and writes, in Go field order. Quantities are their JSON strings (`500m`, `30`, `10Mi`).
 * autoscaling/v2 is the stored version (as kube-apiserver stores it); autoscaling/v1 is served
 * by conversion.
 */
import type { LabelSelector } from '../../../labels/label-selector.js';
import type { KubeObject } from '../../meta/v1.js';

/** v2.CrossVersionObjectReference. */
export interface CrossVersionObjectReference {
  kind: string;
  name: string;
  apiVersion?: string;
}

/** MetricSourceType values. */
export const METRIC_SOURCE_TYPE = {
  Object: 'Object',
  Pods: 'Pods',
  Resource: 'Resource',
  ContainerResource: 'ContainerResource',
  External: 'External',
} as const;

/** MetricTargetType values. */
export const METRIC_TARGET_TYPE = {
  Utilization: 'Utilization',
  Value: 'Value',
  AverageValue: 'AverageValue',
} as const;

/** v2.MetricIdentifier. */
export interface MetricIdentifier {
  name: string;
  selector?: LabelSelector | null;
}

/** v2.MetricTarget. */
export interface MetricTarget {
  type: string;
  value?: string;
  averageValue?: string;
  averageUtilization?: number;
}

/** v2.ObjectMetricSource. */
export interface ObjectMetricSource {
  describedObject: CrossVersionObjectReference;
  target: MetricTarget;
  metric: MetricIdentifier;
}

/** v2.PodsMetricSource. */
export interface PodsMetricSource {
  metric: MetricIdentifier;
  target: MetricTarget;
}

/** v2.ResourceMetricSource. */
export interface ResourceMetricSource {
  name: string;
  target: MetricTarget;
}

/** v2.ContainerResourceMetricSource. */
export interface ContainerResourceMetricSource {
  name: string;
  target: MetricTarget;
  container: string;
}

/** v2.ExternalMetricSource. */
export interface ExternalMetricSource {
  metric: MetricIdentifier;
  target: MetricTarget;
}

/** v2.MetricSpec. */
export interface MetricSpec {
  type: string;
  object?: ObjectMetricSource;
  pods?: PodsMetricSource;
  resource?: ResourceMetricSource;
  containerResource?: ContainerResourceMetricSource;
  external?: ExternalMetricSource;
}

/** HPAScalingPolicyType values. */
export const SCALING_POLICY_TYPE = { Pods: 'Pods', Percent: 'Percent' } as const;

/** ScalingPolicySelect values. */
export const SELECT_POLICY = { Max: 'Max', Min: 'Min', Disabled: 'Disabled' } as const;

/** v2.HPAScalingPolicy. */
export interface HPAScalingPolicy {
  type: string;
  value: number;
  periodSeconds: number;
}

/** v2.HPAScalingRules. */
export interface HPAScalingRules {
  stabilizationWindowSeconds?: number;
  selectPolicy?: string;
  policies?: HPAScalingPolicy[];
  /** alpha in v1.33 (HPAConfigurableTolerance): a quantity, `0.05` */
  tolerance?: string;
}

/** v2.HorizontalPodAutoscalerBehavior. */
export interface HorizontalPodAutoscalerBehavior {
  scaleUp?: HPAScalingRules;
  scaleDown?: HPAScalingRules;
}

/** v2.HorizontalPodAutoscalerSpec. */
export interface HorizontalPodAutoscalerSpec {
  scaleTargetRef: CrossVersionObjectReference;
  minReplicas?: number;
  maxReplicas: number;
  metrics?: MetricSpec[];
  behavior?: HorizontalPodAutoscalerBehavior;
}

/** v2.MetricValueStatus. */
export interface MetricValueStatus {
  value?: string;
  averageValue?: string;
  averageUtilization?: number;
}

/** v2.ObjectMetricStatus. */
export interface ObjectMetricStatus {
  metric: MetricIdentifier;
  current: MetricValueStatus;
  describedObject: CrossVersionObjectReference;
}

/** v2.PodsMetricStatus. */
export interface PodsMetricStatus {
  metric: MetricIdentifier;
  current: MetricValueStatus;
}

/** v2.ResourceMetricStatus. */
export interface ResourceMetricStatus {
  name: string;
  current: MetricValueStatus;
}

/** v2.ContainerResourceMetricStatus. */
export interface ContainerResourceMetricStatus {
  name: string;
  current: MetricValueStatus;
  container: string;
}

/** v2.ExternalMetricStatus. */
export interface ExternalMetricStatus {
  metric: MetricIdentifier;
  current: MetricValueStatus;
}

/** v2.MetricStatus. */
export interface MetricStatus {
  type: string;
  object?: ObjectMetricStatus;
  pods?: PodsMetricStatus;
  resource?: ResourceMetricStatus;
  containerResource?: ContainerResourceMetricStatus;
  external?: ExternalMetricStatus;
}

/** HorizontalPodAutoscalerConditionType values. */
export const HPA_CONDITION = {
  ScalingActive: 'ScalingActive',
  AbleToScale: 'AbleToScale',
  ScalingLimited: 'ScalingLimited',
} as const;

/** v2.HorizontalPodAutoscalerCondition (lastTransitionTime, reason and message are omitempty). */
export interface HorizontalPodAutoscalerCondition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** v2.HorizontalPodAutoscalerStatus (desiredReplicas has no omitempty; currentReplicas is omitempty). */
export interface HorizontalPodAutoscalerStatus {
  observedGeneration?: number;
  lastScaleTime?: string;
  currentReplicas?: number;
  desiredReplicas: number;
  currentMetrics?: MetricStatus[];
  conditions?: HorizontalPodAutoscalerCondition[];
}

/** v2.HorizontalPodAutoscaler. */
export interface HorizontalPodAutoscaler extends KubeObject {
  spec: HorizontalPodAutoscalerSpec;
  status?: HorizontalPodAutoscalerStatus;
}

/** Whether an object is a HorizontalPodAutoscaler (of the stored version, autoscaling/v2). */
export function isHorizontalPodAutoscaler(o: KubeObject): o is HorizontalPodAutoscaler {
  return o.kind === 'HorizontalPodAutoscaler' && o.apiVersion === 'autoscaling/v2';
}

/** A KubeObject read as an autoscaling/v2 HorizontalPodAutoscaler (the one place); another kind is a programming error. */
export function asHorizontalPodAutoscaler(o: KubeObject): HorizontalPodAutoscaler {
  if (!isHorizontalPodAutoscaler(o)) {
    throw new TypeError(`expected an autoscaling/v2 HorizontalPodAutoscaler, got ${o.apiVersion ?? ''} ${o.kind || 'an object without kind'}`);
  }
  return o;
}
