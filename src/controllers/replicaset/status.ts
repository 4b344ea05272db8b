import type { KubeObject } from '../../api/meta/v1.js';
import { REASON_FAILED_CREATE, REASON_FAILED_DELETE, REPLICA_FAILURE } from '../../api/apps/v1/conditions.js';
import type { ReplicaSet, ReplicaSetCondition, ReplicaSetStatus } from '../../api/apps/v1/replica-set.js';
import { rfc3339 } from '../../sim/clock.js';
import { factsAvailable, podFacts } from './pod-facts.js';

export interface StatusInputs {
  rs: ReplicaSet;
  /** claimed pods that are active, as listed before manageReplicas acted */
  active: readonly KubeObject[];
  /** claimed pods being deleted and not finished */
  terminating: readonly KubeObject[];
  /** the error manageReplicas returned, if it failed */
  manageError?: string;
  nowMs: number;
}

/**
 * calculateStatus + the observedGeneration of updateReplicaSetStatus, in Go field order with
 * zero omitempty fields left out. Counts come from the pods listed at the start of the sync, so
 * right after creating 3 pods the status still says
 * replicas 0 and the next sync (on their watch events) says 3 — as upstream's log shows
 * "replicas 4->3" after a replacement was created for a deleted pod.
 *   fullyLabeledReplicas: active pods carrying all the template's labels;
 *   readyReplicas: active pods Ready; availableReplicas: of those, Ready for minReadySeconds;
 *   ReplicaFailure: added when manageReplicas failed and none is present (reason FailedCreate
 *   when pods were missing, FailedDelete when there were too many), removed after a success.
 */
export function calculateStatus(inp: StatusInputs): ReplicaSetStatus & { replicas: number } {
  const spec = inp.rs.spec;
  const old = inp.rs.status ?? {};
  const templateLabels = spec.template?.metadata?.labels ?? {};
  const minReady = spec.minReadySeconds ?? 0;
  let fullyLabeled = 0;
  let ready = 0;
  let available = 0;
  const wanted = Object.entries(templateLabels);
  for (const pod of inp.active) {
    if (carriesAll(pod.metadata.labels ?? {}, wanted)) fullyLabeled++;
    const f = podFacts(pod);
    if (f.ready) {
      ready++;
      if (factsAvailable(f, minReady, inp.nowMs)) available++;
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
  const status: ReplicaSetStatus & { replicas: number } = { replicas: inp.active.length };
  if (fullyLabeled) status.fullyLabeledReplicas = fullyLabeled;
  if (ready) status.readyReplicas = ready;
  if (available) status.availableReplicas = available;
  status.terminatingReplicas = inp.terminating.length;
  const generation = inp.rs.metadata.generation ?? 0;
  if (generation) status.observedGeneration = generation;
  if (conditions.length) status.conditions = conditions;
  return status;
}

/** Whether labels has every wanted label with its value (a plain loop: 1,000 pods at each of a rollout's 22 syncs). */
function carriesAll(labels: Readonly<Record<string, string>>, wanted: readonly [string, string][]): boolean {
  for (let i = 0; i < wanted.length; i++) {
    const w = wanted[i]!;
    if (labels[w[0]] !== w[1]) return false;
  }
  return true;
}
