/**
 * The Go types of k8s.io/api/autoscaling v2 and v1 HorizontalPodAutoscaler, for decoding request
 * bodies. Status is only checked for being an object (the main resource ignores it).
 */
import { int32, list, named, quantity, str, struct, type GoType } from './go-types.js';
import { labelSelector, objectMeta } from './meta-types.js';

const crossVersionRef = (v: string): GoType => struct(`${v}.CrossVersionObjectReference`, () => ({ kind: str, name: str, apiVersion: str }));

const metricIdentifier: GoType = struct('v2.MetricIdentifier', () => ({ name: str, selector: labelSelector }));
const metricTarget: GoType = struct('v2.MetricTarget', () => ({
  type: named('v2.MetricTargetType'),
  value: quantity,
  averageValue: quantity,
  averageUtilization: int32,
}));

const metricSpec: GoType = struct('v2.MetricSpec', () => ({
  type: named('v2.MetricSourceType'),
  object: struct('v2.ObjectMetricSource', () => ({ describedObject: crossVersionRef('v2'), target: metricTarget, metric: metricIdentifier })),
  pods: struct('v2.PodsMetricSource', () => ({ metric: metricIdentifier, target: metricTarget })),
  resource: struct('v2.ResourceMetricSource', () => ({ name: named('v1.ResourceName'), target: metricTarget })),
  containerResource: struct('v2.ContainerResourceMetricSource', () => ({ name: named('v1.ResourceName'), target: metricTarget, container: str })),
  external: struct('v2.ExternalMetricSource', () => ({ metric: metricIdentifier, target: metricTarget })),
}));

const scalingRules: GoType = struct('v2.HPAScalingRules', () => ({
  stabilizationWindowSeconds: int32,
  selectPolicy: named('v2.ScalingPolicySelect'),
  policies: list(struct('v2.HPAScalingPolicy', () => ({ type: named('v2.HPAScalingPolicyType'), value: int32, periodSeconds: int32 }))),
  tolerance: quantity,
}));

/** autoscaling/v2 HorizontalPodAutoscaler, the stored version. */
export const HPA_V2: GoType = struct('v2.HorizontalPodAutoscaler', () => ({
  metadata: objectMeta,
  spec: struct('v2.HorizontalPodAutoscalerSpec', () => ({
    scaleTargetRef: crossVersionRef('v2'),
    minReplicas: int32,
    maxReplicas: int32,
    metrics: list(metricSpec),
    behavior: struct('v2.HorizontalPodAutoscalerBehavior', () => ({ scaleUp: scalingRules, scaleDown: scalingRules })),
  })),
  status: struct('v2.HorizontalPodAutoscalerStatus', () => ({})),
}));

/** autoscaling/v1 HorizontalPodAutoscaler. */
export const HPA_V1: GoType = struct('v1.HorizontalPodAutoscaler', () => ({
  metadata: objectMeta,
  spec: struct('v1.HorizontalPodAutoscalerSpec', () => ({
    scaleTargetRef: crossVersionRef('v1'),
    minReplicas: int32,
    maxReplicas: int32,
    targetCPUUtilizationPercentage: int32,
  })),
  status: struct('v1.HorizontalPodAutoscalerStatus', () => ({})),
}));
