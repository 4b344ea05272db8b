/**
 * autoscaling/v1 HorizontalPodAutoscaler (k8s.io/api/autoscaling/v1 types.go): a CPU target only.
 * kube-apiserver serves it by converting from the stored autoscaling/v2 object (conversion.ts);
 * what v1 cannot hold travels in the `autoscaling.alpha.kubernetes.io/*` annotations.
 */
import type { KubeObject } from '../../meta/v1.js';
import type { CrossVersionObjectReference } from '../v2/horizontal-pod-autoscaler.js';

/** v1.HorizontalPodAutoscalerSpec. */
export interface HorizontalPodAutoscalerSpecV1 {
  scaleTargetRef: CrossVersionObjectReference;
  minReplicas?: number;
  maxReplicas: number;
  targetCPUUtilizationPercentage?: number;
}

/** v1.HorizontalPodAutoscalerStatus (currentReplicas and desiredReplicas have no omitempty). */
export interface HorizontalPodAutoscalerStatusV1 {
  observedGeneration?: number;
  lastScaleTime?: string;
  currentReplicas: number;
  desiredReplicas: number;
  currentCPUUtilizationPercentage?: number;
}

/** v1.HorizontalPodAutoscaler. */
export interface HorizontalPodAutoscalerV1 extends KubeObject {
  spec: HorizontalPodAutoscalerSpecV1;
  status?: HorizontalPodAutoscalerStatusV1;
}

/** pkg/apis/autoscaling annotations.go: where v1 keeps what only v2 can say. */
export const HPA_V1_ANNOTATION = {
  /** the spec metrics other than a CPU utilization target, as v1 MetricSpec JSON */
  metrics: 'autoscaling.alpha.kubernetes.io/metrics',
  /** status.currentMetrics, as v1 MetricStatus JSON */
  currentMetrics: 'autoscaling.alpha.kubernetes.io/current-metrics',
  /** status.conditions */
  conditions: 'autoscaling.alpha.kubernetes.io/conditions',
  /** spec.behavior */
  behavior: 'autoscaling.alpha.kubernetes.io/behavior',
} as const;

/** autoscaling.DefaultCPUUtilization: the target an HPA without metrics gets. */
export const DEFAULT_CPU_UTILIZATION = 80;
