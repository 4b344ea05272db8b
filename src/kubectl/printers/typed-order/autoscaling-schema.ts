// autoscaling/v2 and autoscaling/v1 HorizontalPodAutoscaler (k8s.io/api/autoscaling types.go,
// v0.33), in the notation of schema.generated.ts, written by hand as policy-schema.ts is. Struct
// names carry their version (`v2.MetricSpec`) where v1 and v2 differ; ObjectMeta, ListMeta and
// LabelSelector are meta/v1's, in the generated table.
import type { StructTable } from './schema-types.js';

/** apiVersion/kind → root struct. */
export const AUTOSCALING_KIND_ROOTS: Readonly<Record<string, string>> = {
  'autoscaling/v2/HorizontalPodAutoscaler': 'v2.HorizontalPodAutoscaler',
  'autoscaling/v2/HorizontalPodAutoscalerList': 'v2.HorizontalPodAutoscalerList',
  'autoscaling/v1/HorizontalPodAutoscaler': 'v1.HorizontalPodAutoscaler',
  'autoscaling/v1/HorizontalPodAutoscalerList': 'v1.HorizontalPodAutoscalerList',
};

export const AUTOSCALING_STRUCTS: StructTable = {
  'v2.HorizontalPodAutoscaler': [['kind', 'string', 1], ['apiVersion', 'string', 1], ['metadata', 'S:ObjectMeta', 1], ['spec', 'S:v2.HorizontalPodAutoscalerSpec', 1], ['status', 'S:v2.HorizontalPodAutoscalerStatus', 1]],
  'v2.HorizontalPodAutoscalerList': [['kind', 'string', 1], ['apiVersion', 'string', 1], ['metadata', 'S:ListMeta', 1], ['items', '[]S:v2.HorizontalPodAutoscaler', 0]],
  'v2.HorizontalPodAutoscalerSpec': [['scaleTargetRef', 'S:CrossVersionObjectReference', 0], ['minReplicas', '*int', 1], ['maxReplicas', 'int', 0], ['metrics', '[]S:v2.MetricSpec', 1], ['behavior', '*S:v2.HorizontalPodAutoscalerBehavior', 1]],
  CrossVersionObjectReference: [['kind', 'string', 0], ['name', 'string', 0], ['apiVersion', 'string', 1]],
  'v2.MetricSpec': [['type', 'string', 0], ['object', '*S:v2.ObjectMetricSource', 1], ['pods', '*S:v2.PodsMetricSource', 1], ['resource', '*S:v2.ResourceMetricSource', 1], ['containerResource', '*S:v2.ContainerResourceMetricSource', 1], ['external', '*S:v2.ExternalMetricSource', 1]],
  'v2.ObjectMetricSource': [['describedObject', 'S:CrossVersionObjectReference', 0], ['target', 'S:v2.MetricTarget', 0], ['metric', 'S:v2.MetricIdentifier', 0]],
  'v2.PodsMetricSource': [['metric', 'S:v2.MetricIdentifier', 0], ['target', 'S:v2.MetricTarget', 0]],
  'v2.ResourceMetricSource': [['name', 'string', 0], ['target', 'S:v2.MetricTarget', 0]],
  'v2.ContainerResourceMetricSource': [['name', 'string', 0], ['target', 'S:v2.MetricTarget', 0], ['container', 'string', 0]],
  'v2.ExternalMetricSource': [['metric', 'S:v2.MetricIdentifier', 0], ['target', 'S:v2.MetricTarget', 0]],
  'v2.MetricIdentifier': [['name', 'string', 0], ['selector', '*S:LabelSelector', 1]],
  'v2.MetricTarget': [['type', 'string', 0], ['value', '*quantity', 1], ['averageValue', '*quantity', 1], ['averageUtilization', '*int', 1]],
  'v2.HorizontalPodAutoscalerBehavior': [['scaleUp', '*S:v2.HPAScalingRules', 1], ['scaleDown', '*S:v2.HPAScalingRules', 1]],
  'v2.HPAScalingRules': [['stabilizationWindowSeconds', '*int', 1], ['selectPolicy', '*string', 1], ['policies', '[]S:v2.HPAScalingPolicy', 1], ['tolerance', '*quantity', 1]],
  'v2.HPAScalingPolicy': [['type', 'string', 0], ['value', 'int', 0], ['periodSeconds', 'int', 0]],
  'v2.HorizontalPodAutoscalerStatus': [['observedGeneration', '*int', 1], ['lastScaleTime', '*time', 1], ['currentReplicas', 'int', 1], ['desiredReplicas', 'int', 0], ['currentMetrics', '[]S:v2.MetricStatus', 0], ['conditions', '[]S:v2.HorizontalPodAutoscalerCondition', 1]],
  'v2.MetricStatus': [['type', 'string', 0], ['object', '*S:v2.ObjectMetricStatus', 1], ['pods', '*S:v2.PodsMetricStatus', 1], ['resource', '*S:v2.ResourceMetricStatus', 1], ['containerResource', '*S:v2.ContainerResourceMetricStatus', 1], ['external', '*S:v2.ExternalMetricStatus', 1]],
  'v2.ObjectMetricStatus': [['metric', 'S:v2.MetricIdentifier', 0], ['current', 'S:v2.MetricValueStatus', 0], ['describedObject', 'S:CrossVersionObjectReference', 0]],
  'v2.PodsMetricStatus': [['metric', 'S:v2.MetricIdentifier', 0], ['current', 'S:v2.MetricValueStatus', 0]],
  'v2.ResourceMetricStatus': [['name', 'string', 0], ['current', 'S:v2.MetricValueStatus', 0]],
  'v2.ContainerResourceMetricStatus': [['name', 'string', 0], ['current', 'S:v2.MetricValueStatus', 0], ['container', 'string', 0]],
  'v2.ExternalMetricStatus': [['metric', 'S:v2.MetricIdentifier', 0], ['current', 'S:v2.MetricValueStatus', 0]],
  'v2.MetricValueStatus': [['value', '*quantity', 1], ['averageValue', '*quantity', 1], ['averageUtilization', '*int', 1]],
  'v2.HorizontalPodAutoscalerCondition': [['type', 'string', 0], ['status', 'string', 0], ['lastTransitionTime', 'time', 1], ['reason', 'string', 1], ['message', 'string', 1]],
  'v1.HorizontalPodAutoscaler': [['kind', 'string', 1], ['apiVersion', 'string', 1], ['metadata', 'S:ObjectMeta', 1], ['spec', 'S:v1.HorizontalPodAutoscalerSpec', 1], ['status', 'S:v1.HorizontalPodAutoscalerStatus', 1]],
  'v1.HorizontalPodAutoscalerList': [['kind', 'string', 1], ['apiVersion', 'string', 1], ['metadata', 'S:ListMeta', 1], ['items', '[]S:v1.HorizontalPodAutoscaler', 0]],
  'v1.HorizontalPodAutoscalerSpec': [['scaleTargetRef', 'S:CrossVersionObjectReference', 0], ['minReplicas', '*int', 1], ['maxReplicas', 'int', 0], ['targetCPUUtilizationPercentage', '*int', 1]],
  'v1.HorizontalPodAutoscalerStatus': [['observedGeneration', '*int', 1], ['lastScaleTime', '*time', 1], ['currentReplicas', 'int', 0], ['desiredReplicas', 'int', 0], ['currentCPUUtilizationPercentage', '*int', 1]],
};
