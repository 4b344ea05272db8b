/**
 * The HPA controller's settings (kube-controller-manager's flags,
 * pkg/controller/podautoscaler/config/v1alpha1/defaults.go) and the behavior defaults the API
 * server fills in (pkg/apis/autoscaling/v2/defaults.go), which the controller applies itself to
 * an object that arrives without them.
 */
import type { HPAScalingRules } from '../../api/autoscaling/v2/horizontal-pod-autoscaler.js';

export interface HpaControllerSettings {
  /** --horizontal-pod-autoscaler-sync-period (15 s) */
  syncPeriodMs: number;
  /** --horizontal-pod-autoscaler-downscale-stabilization (5 min) */
  downscaleStabilizationMs: number;
  /** --horizontal-pod-autoscaler-tolerance (0.1) */
  tolerance: number;
  /** --horizontal-pod-autoscaler-cpu-initialization-period (5 min) */
  cpuInitializationPeriodMs: number;
  /** --horizontal-pod-autoscaler-initial-readiness-delay (30 s) */
  delayOfInitialReadinessStatusMs: number;
}

export const DEFAULT_SETTINGS: HpaControllerSettings = {
  syncPeriodMs: 15_000,
  downscaleStabilizationMs: 300_000,
  tolerance: 0.1,
  cpuInitializationPeriodMs: 300_000,
  delayOfInitialReadinessStatusMs: 30_000,
};

/** horizontal.go's scaleUpLimitFactor and scaleUpLimitMinimum (the rate limit without behavior). */
export const SCALE_UP_LIMIT_FACTOR = 2;
export const SCALE_UP_LIMIT_MINIMUM = 4;

/** The default metric of an HPA without any (SetDefaults_HorizontalPodAutoscaler): cpu at 80 %. */
export const DEFAULT_CPU_UTILIZATION = 80;

/** GenerateHPAScaleUpRules: nil fields from 0 s, Max, [4 Pods / 15 s, 100 Percent / 15 s]. */
export function scaleUpRules(r: HPAScalingRules | undefined): Required<Omit<HPAScalingRules, 'tolerance'>> & Pick<HPAScalingRules, 'tolerance'> {
  return {
    stabilizationWindowSeconds: r?.stabilizationWindowSeconds ?? 0,
    selectPolicy: r?.selectPolicy ?? 'Max',
    policies: r?.policies ?? [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
    ...(r?.tolerance !== undefined ? { tolerance: r.tolerance } : {}),
  };
}

/**
 * GenerateHPAScaleDownRules: Max, [100 Percent / 15 s]; the window stays nil there and the
 * controller puts its --horizontal-pod-autoscaler-downscale-stabilization in
 * (maybeInitScaleDownStabilizationWindow).
 */
export function scaleDownRules(r: HPAScalingRules | undefined, downscaleStabilizationMs: number): Required<Omit<HPAScalingRules, 'tolerance'>> & Pick<HPAScalingRules, 'tolerance'> {
  return {
    stabilizationWindowSeconds: r?.stabilizationWindowSeconds ?? Math.trunc(downscaleStabilizationMs / 1000),
    selectPolicy: r?.selectPolicy ?? 'Max',
    policies: r?.policies ?? [{ type: 'Percent', value: 100, periodSeconds: 15 }],
    ...(r?.tolerance !== undefined ? { tolerance: r.tolerance } : {}),
  };
}

export type ScalingRules = ReturnType<typeof scaleUpRules>;
