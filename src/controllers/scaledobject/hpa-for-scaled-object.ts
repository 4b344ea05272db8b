/**
 * The HorizontalPodAutoscaler a ScaledObject owns (controllers/keda/hpa.go newHPAForScaledObject),
 * built purely so that its fields can be checked as data:
 *   name         status.hpaName, else advanced.horizontalPodAutoscalerConfig.name, else keda-hpa-NAME
 *   labels       app.kubernetes.io/{name: the HPA name (63 characters at most), version: KEDA's,
 *                part-of: the ScaledObject, managed-by: keda-operator}, then the ScaledObject's own
 *                labels (scaledobject.keda.sh/name among them)
 *   annotations  the ScaledObject's, as they are
 *   owner        the ScaledObject, controller and blockOwnerDeletion true
 *   spec         scaleTargetRef {kind, name, apiVersion} of the resolved target; minReplicas =
 *                max(minReplicaCount, 1); maxReplicas = maxReplicaCount (100); the triggers' metrics;
 *                advanced.horizontalPodAutoscalerConfig.behavior
 */
import type { HorizontalPodAutoscaler } from '../../api/autoscaling/v2/horizontal-pod-autoscaler.js';
import { hpaMaxReplicas, hpaMinReplicas, hpaNameOf, type ScaledObject } from '../../api/keda/v1alpha1/scaled-object.js';
import type { OwnerReference } from '../../api/meta/v1.js';
import type { MetricSpec } from '../../api/autoscaling/v2/horizontal-pod-autoscaler.js';

/** The KEDA release whose operator kubemu's imitates (the app.kubernetes.io/version label of its HPAs). */
export const KEDA_VERSION = '2.20.2';

/** The resolved scale target (ParseGVKR of scaleTargetRef). */
export interface ScaleTargetGvk {
  group: string;
  version: string;
  kind: string;
}

/** metav1.NewControllerRef for a ScaledObject. */
export function scaledObjectOwnerRef(so: ScaledObject): OwnerReference {
  return { apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', name: so.metadata.name ?? '', uid: so.metadata.uid ?? '', controller: true, blockOwnerDeletion: true };
}

/** The HPA name label: the name cut to 63 characters, then trailing non-alphanumerics dropped. */
export function hpaNameLabel(name: string): string {
  if (name.length <= 63) return name;
  return name.slice(0, 63).replace(/[^\p{L}\p{N}]+$/u, '');
}

export function hpaForScaledObject(so: ScaledObject, target: ScaleTargetGvk, metrics: MetricSpec[]): HorizontalPodAutoscaler {
  const name = hpaNameOf(so);
  const labels: Record<string, string> = {
    'app.kubernetes.io/name': hpaNameLabel(name),
    'app.kubernetes.io/version': KEDA_VERSION,
    'app.kubernetes.io/part-of': so.metadata.name ?? '',
    'app.kubernetes.io/managed-by': 'keda-operator',
    ...(so.metadata.labels ?? {}),
  };
  const behavior = so.spec.advanced?.horizontalPodAutoscalerConfig?.behavior;
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: {
      name,
      namespace: so.metadata.namespace ?? '',
      labels,
      ...(so.metadata.annotations ? { annotations: { ...so.metadata.annotations } } : {}),
      ownerReferences: [scaledObjectOwnerRef(so)],
    },
    spec: {
      scaleTargetRef: { kind: target.kind, name: so.spec.scaleTargetRef.name, apiVersion: target.group ? `${target.group}/${target.version}` : target.version },
      minReplicas: hpaMinReplicas(so),
      maxReplicas: hpaMaxReplicas(so),
      metrics,
      ...(behavior ? { behavior } : {}),
    },
  };
}

/**
 * equality.Semantic.DeepDerivative(desired, found): every field set in desired has the same
 * value in found (fields only found has, the apiserver's defaults, do not count); a list of
 * desired is compared item by item and may be shorter.
 */
export function isDerivative(desired: unknown, found: unknown): boolean {
  if (desired === undefined || desired === null) return true;
  if (Array.isArray(desired)) {
    if (!Array.isArray(found) || desired.length > found.length) return false;
    return desired.every((d, i) => isDerivative(d, found[i]));
  }
  if (typeof desired === 'object') {
    if (typeof found !== 'object' || found === null || Array.isArray(found)) return false;
    const f = found as Record<string, unknown>;
    return Object.entries(desired as Record<string, unknown>).every(([k, v]) => isDerivative(v, f[k]));
  }
  // Go's zero values ('' and 0) are "unset" for DeepDerivative too
  if (desired === '' || desired === 0 || desired === false) return found === undefined || found === desired;
  return desired === found;
}
