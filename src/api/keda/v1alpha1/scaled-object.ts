/**
 * keda.sh/v1alpha1 ScaledObject (kedacore/keda apis/keda/v1alpha1/scaledobject_types.go): the
 * subset kubemu emulates, in Go field order. A custom resource: stored as sent, no defaulting
 * by the apiserver; KEDA's defaults are applied where the operator reads the fields.
 */
import type { HorizontalPodAutoscalerBehavior } from '../../autoscaling/v2/horizontal-pod-autoscaler.js';
import type { KubeObject } from '../../meta/v1.js';

/** The label KEDA puts on the ScaledObject and in the HPA's external metric selectors (ScaledObjectOwnerAnnotation). */
export const SCALED_OBJECT_NAME_LABEL = 'scaledobject.keda.sh/name';
/** While set, the target is scaled to this count and the HPA is removed (PausedReplicasAnnotation). */
export const PAUSED_REPLICAS_ANNOTATION = 'autoscaling.keda.sh/paused-replicas';
/** While true, scaling stops at the current count and the HPA is removed (PausedAnnotation). */
export const PAUSED_ANNOTATION = 'autoscaling.keda.sh/paused';

/** KEDA's defaults (scaledobject_types.go, pkg/scaling: pollingInterval 30 s, cooldownPeriod 300 s). */
export const SCALED_OBJECT_DEFAULTS = {
  pollingInterval: 30,
  cooldownPeriod: 300,
  minReplicaCount: 0,
  /** defaultHPAMinReplicas: the HPA's minReplicas when minReplicaCount is 0 or unset */
  hpaMinReplicas: 1,
  /** defaultHPAMaxReplicas */
  maxReplicaCount: 100,
} as const;

/** The trigger types kubemu's operator knows. */
export const TRIGGER_TYPE = {
  /** KEDA's cpu scaler: an HPA Resource metric */
  cpu: 'cpu',
  /** kubemu's own external scaler: the value of a kubemu.io/v1alpha1 MetricSource */
  metricSource: 'kubemu-metric-source',
} as const;

/** v1alpha1.ScaleTarget. */
export interface ScaleTarget {
  name: string;
  apiVersion?: string;
  kind?: string;
  envSourceContainerName?: string;
}

/** v1alpha1.HorizontalPodAutoscalerConfig. */
export interface HorizontalPodAutoscalerConfig {
  behavior?: HorizontalPodAutoscalerBehavior;
  name?: string;
}

/** v1alpha1.AdvancedConfig (scalingModifiers not emulated). */
export interface AdvancedConfig {
  horizontalPodAutoscalerConfig?: HorizontalPodAutoscalerConfig;
  restoreToOriginalReplicaCount?: boolean;
}

/** v1alpha1.ScaleTriggers. */
export interface ScaleTriggers {
  type: string;
  name?: string;
  useCachedMetrics?: boolean;
  metadata: Record<string, string>;
  metricType?: string;
}

/** v1alpha1.ScaledObjectSpec. */
export interface ScaledObjectSpec {
  scaleTargetRef: ScaleTarget;
  pollingInterval?: number;
  initialCooldownPeriod?: number;
  cooldownPeriod?: number;
  idleReplicaCount?: number;
  minReplicaCount?: number;
  maxReplicaCount?: number;
  advanced?: AdvancedConfig;
  triggers: ScaleTriggers[];
}

/** v1alpha1.Condition (ConditionType Ready, Active, Fallback, Paused). */
export interface KedaCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

/** v1alpha1.GroupVersionKindResource. */
export interface GroupVersionKindResource {
  group: string;
  version: string;
  kind: string;
  resource: string;
}

/** v1alpha1.ScaledObjectStatus (health, triggersActivity not emulated). */
export interface ScaledObjectStatus {
  scaleTargetKind?: string;
  scaleTargetGVKR?: GroupVersionKindResource;
  originalReplicaCount?: number;
  lastActiveTime?: string;
  externalMetricNames?: string[];
  resourceMetricNames?: string[];
  conditions?: KedaCondition[];
  pausedReplicaCount?: number;
  hpaName?: string;
  triggersTypes?: string;
  authenticationsTypes?: string;
}

/** v1alpha1.ScaledObject. */
export interface ScaledObject extends KubeObject {
  spec: ScaledObjectSpec;
  status?: ScaledObjectStatus;
}

/** Whether an object is a keda.sh/v1alpha1 ScaledObject. */
export function isScaledObject(o: KubeObject): o is ScaledObject {
  return o.kind === 'ScaledObject' && o.apiVersion === 'keda.sh/v1alpha1';
}

/** A KubeObject read as a ScaledObject (the one place); another kind is a programming error. */
export function asScaledObject(o: KubeObject): ScaledObject {
  if (!isScaledObject(o)) throw new TypeError(`expected a keda.sh/v1alpha1 ScaledObject, got ${o.apiVersion ?? ''} ${o.kind || 'an object without kind'}`);
  return o;
}

/** getHPAName: advanced.horizontalPodAutoscalerConfig.name, else `keda-hpa-NAME`. */
export function hpaNameOf(so: ScaledObject): string {
  return so.spec?.advanced?.horizontalPodAutoscalerConfig?.name || `keda-hpa-${so.metadata.name ?? ''}`;
}

/** GetHPAMinReplicas: minReplicaCount when above 0, else 1. */
export function hpaMinReplicas(so: ScaledObject): number {
  const min = so.spec?.minReplicaCount;
  return min !== undefined && min > 0 ? min : SCALED_OBJECT_DEFAULTS.hpaMinReplicas;
}

/** GetHPAMaxReplicas: maxReplicaCount, else 100. */
export function hpaMaxReplicas(so: ScaledObject): number {
  return so.spec?.maxReplicaCount ?? SCALED_OBJECT_DEFAULTS.maxReplicaCount;
}

/**
 * GetPausedReplicaCount: the paused-replicas annotation as an int32 (strconv.ParseInt), undefined
 * when not set; a value that does not parse is an Error with Go's wording.
 */
export function pausedReplicaCount(so: ScaledObject): number | undefined | Error {
  const v = so.metadata.annotations?.[PAUSED_REPLICAS_ANNOTATION];
  if (v === undefined) return undefined;
  if (!/^[+-]?\d+$/.test(v)) return new Error(`strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`);
  const n = Number(v);
  if (n > 2147483647 || n < -2147483648) return new Error(`strconv.ParseInt: parsing ${JSON.stringify(v)}: value out of range`);
  return n;
}

/** NeedToBePausedByAnnotation: paused-replicas set, or paused parsing as true (an unparsable value counts as true). */
export function needsToPause(so: ScaledObject): boolean {
  const a = so.metadata.annotations ?? {};
  if (PAUSED_REPLICAS_ANNOTATION in a) return true;
  const v = a[PAUSED_ANNOTATION];
  if (v === undefined) return false;
  const parsed = parseGoBool(v);
  return parsed ?? true;
}

function parseGoBool(v: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  return undefined;
}
