import type { KubeObject } from '../../api/meta/v1.js';
import { rfc3339 } from '../../sim/clock.js';
import { isPodAvailable, isPodReady } from '../../api/core/v1/pod-util.js';

/** apps/v1 ReplicaSetConditionType for failed creates or deletes. */
export const REPLICA_FAILURE = 'ReplicaFailure';
/** ReplicaFailure reason when pods could not be created. */
export const REASON_FAILED_CREATE = 'FailedCreate';
/** ReplicaFailure reason when pods could not be deleted. */
export const REASON_FAILED_DELETE = 'FailedDelete';

export interface ReplicaSetCondition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** apps/v1 ReplicaSetStatus in Go field order; zero omitempty fields are left out. */
export interface ReplicaSetStatus {
  replicas: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  /** a pointer upstream: 0 is written (DeploymentReplicaSetTerminatingReplicas, on since 1.35) */
  terminatingReplicas?: number;
  observedGeneration?: number;
  conditions?: ReplicaSetCondition[];
}

export interface StatusInputs {
  rs: KubeObject;
  /** claimed pods that are active, as listed before manageReplicas acted */
  active: readonly KubeObject[];
  /** claimed pods being deleted and not finished */
  terminating: readonly KubeObject[];
  /** the error manageReplicas returned, if it failed */
  manageError?: string;
  nowMs: number;
}

interface RsSpecView {
  replicas?: number;
  minReadySeconds?: number;
  template?: { metadata?: { labels?: Record<string, string> } };
}

/**
 * calculateStatus + the observedGeneration of updateReplicaSetStatus. Counts come from the pods
 * listed at the start of the sync, so right after creating 3 pods the status still says
 * replicas 0 and the next sync (on their watch events) says 3 — as upstream's log shows
 * "replicas 4->3" after a replacement was created for a deleted pod.
 *   fullyLabeledReplicas: active pods carrying all the template's labels;
 *   readyReplicas: active pods Ready; availableReplicas: of those, Ready for minReadySeconds;
 *   ReplicaFailure: added when manageReplicas failed and none is present (reason FailedCreate
 *   when pods were missing, FailedDelete when there were too many), removed after a success.
 */
export function calculateStatus(inp: StatusInputs): ReplicaSetStatus {
  const spec = (inp.rs['spec'] ?? {}) as RsSpecView;
  const old = (inp.rs['status'] ?? {}) as Partial<ReplicaSetStatus>;
  const templateLabels = spec.template?.metadata?.labels ?? {};
  const minReady = spec.minReadySeconds ?? 0;
  let fullyLabeled = 0;
  let ready = 0;
  let available = 0;
  for (const pod of inp.active) {
    const labels = pod.metadata.labels ?? {};
    if (Object.entries(templateLabels).every(([k, v]) => labels[k] === v)) fullyLabeled++;
    if (isPodReady(pod)) {
      ready++;
      if (isPodAvailable(pod, minReady, inp.nowMs)) available++;
    }
  }
  let conditions = [...(old.conditions ?? [])];
  const failure = conditions.find((c) => c.type === REPLICA_FAILURE);
  if (inp.manageError !== undefined && !failure) {
    const diff = inp.active.length - (spec.replicas ?? 1);
    const cond: ReplicaSetCondition = { type: REPLICA_FAILURE, status: 'True', lastTransitionTime: rfc3339(inp.nowMs) };
    if (diff < 0) cond.reason = REASON_FAILED_CREATE;
    else if (diff > 0) cond.reason = REASON_FAILED_DELETE;
    cond.message = inp.manageError;
    conditions.push(cond);
  } else if (inp.manageError === undefined && failure) {
    conditions = conditions.filter((c) => c.type !== REPLICA_FAILURE);
  }
  const status: ReplicaSetStatus = { replicas: inp.active.length };
  if (fullyLabeled) status.fullyLabeledReplicas = fullyLabeled;
  if (ready) status.readyReplicas = ready;
  if (available) status.availableReplicas = available;
  status.terminatingReplicas = inp.terminating.length;
  const generation = inp.rs.metadata.generation ?? 0;
  if (generation) status.observedGeneration = generation;
  if (conditions.length) status.conditions = conditions;
  return status;
}
