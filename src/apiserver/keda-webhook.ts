/**
 * KEDA's validating admission webhook for ScaledObjects (apis/keda/v1alpha1/scaledobject_webhook.go,
 * `vscaledobject.kb.io`), the checks that need nothing but the object: verifyReplicaCount
 * (CheckReplicaCountBoundsAreValid), verifyName, verifyTriggers (ValidateTriggers). A denial
 * reaches the client as kube-apiserver words a webhook's: 403 Forbidden,
 * `admission webhook "vscaledobject.kb.io" denied the request: <KEDA's error>`. Not emulated:
 * verifyScaledObjects/verifyHpas (another owner of the same workload), the cpu/memory request checks.
 */
import type { KubeObject } from '../api/meta/v1.js';
import { asScaledObject, hpaNameOf, hpaMaxReplicas, hpaMinReplicas, isScaledObject, SCALED_OBJECT_NAME_LABEL, type ScaledObject } from '../api/keda/v1alpha1/scaled-object.js';
import { StatusError } from './errors.js';

/** The webhook's name as its configuration registers it. */
export const SCALED_OBJECT_WEBHOOK = 'vscaledobject.kb.io';

const MAX_LABEL_VALUE = 63;

/** Throws the webhook's denial when KEDA's webhook would refuse the ScaledObject; other kinds pass. */
export function admitScaledObjectWebhook(obj: KubeObject): void {
  if (!isScaledObject(obj)) return;
  const why = scaledObjectWebhookError(asScaledObject(obj));
  if (why) throw new StatusError('Forbidden', 403, `admission webhook "${SCALED_OBJECT_WEBHOOK}" denied the request: ${why}`, {});
}

/** The first of the webhook's errors, or undefined. */
export function scaledObjectWebhookError(so: ScaledObject): string | undefined {
  return replicaCountError(so) ?? nameError(so) ?? triggersError(so);
}

/** CheckReplicaCountBoundsAreValid: min (when set: GetHPAMinReplicas, so 0 reads as 1) ≤ max; idle < min. */
export function replicaCountError(so: ScaledObject): string | undefined {
  const min = so.spec.minReplicaCount !== undefined ? hpaMinReplicas(so) : 0;
  const max = hpaMaxReplicas(so);
  if (min > max) return `MinReplicaCount=${min} must be less than MaxReplicaCount=${max}`;
  const idle = so.spec.idleReplicaCount;
  if (idle !== undefined && idle >= min) return `IdleReplicaCount=${idle} must be less than MinReplicaCount=${min}`;
  return undefined;
}

function nameError(so: ScaledObject): string | undefined {
  const name = so.metadata.name ?? '';
  if (name.length > MAX_LABEL_VALUE) {
    return `scaledobject name "${name}" is ${name.length} characters long; must be no more than ${MAX_LABEL_VALUE} characters because it is used as the "${SCALED_OBJECT_NAME_LABEL}" label value`;
  }
  const hpa = hpaNameOf(so);
  if (hpa.length > MAX_LABEL_VALUE) {
    return `HPA name "${hpa}" derived from scaledobject is ${hpa.length} characters long; must be no more than ${MAX_LABEL_VALUE} characters; set spec.advanced.horizontalPodAutoscalerConfig.name to a shorter name or shorten the scaledobject name`;
  }
  return undefined;
}

/** ValidateTriggers: at least one, and trigger names unique. */
export function triggersError(so: ScaledObject): string | undefined {
  const triggers = so.spec.triggers ?? [];
  if (!triggers.length) return 'no triggers defined in the ScaledObject/ScaledJob';
  const seen = new Set<string>();
  for (const t of triggers) {
    if (!t.name) continue;
    if (seen.has(t.name)) return `triggerName "${t.name}" is defined multiple times in the ScaledObject/ScaledJob, but it must be unique`;
    seen.add(t.name);
  }
  return undefined;
}
