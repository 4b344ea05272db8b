import { newCondition, setCondition } from './conditions.js';
import { AVAILABLE, MIN_REPLICAS_AVAILABLE, MIN_REPLICAS_UNAVAILABLE } from '../../api/apps/v1/conditions.js';
import { maxUnavailable } from './fenceposts.js';
import { sumSpecReplicas, sumStatus } from './replica-sets.js';
import { type Deployment, type DeploymentStatus, desiredReplicas } from '../../api/apps/v1/deployment.js';
import type { ReplicaSet } from '../../api/apps/v1/replica-set.js';

/**
 * calculateStatus: the Deployment's status from its ReplicaSets' statuses.
 *   replicas            Σ rs.status.replicas (non-terminating pods)
 *   updatedReplicas     new RS status.replicas
 *   readyReplicas       Σ rs.status.readyReplicas
 *   availableReplicas   Σ rs.status.availableReplicas
 *   unavailableReplicas max(0, Σ rs.spec.replicas − available)  (spec: surge pods count as missing)
 *   terminatingReplicas Σ rs.status.terminatingReplicas (1.35 default; see terminatingReplicas())
 * Conditions are carried over, then Available is set: available ≥ replicas − maxUnavailable.
 * Example: 4 replicas, maxUnavailable 0, old 3 + new 2 (spec), available 3 + 1 →
 * unavailableReplicas 5 − 4 = 1, and Available=True because 4 ≥ 4 − 0.
 * The result is in serialized form: zero counters are absent (Go `omitempty`).
 */
export function calculateStatus(allRSs: readonly (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined, d: Deployment, now: string): DeploymentStatus {
  const available = sumStatus(allRSs, 'availableReplicas');
  const unavailable = Math.max(0, sumSpecReplicas(allRSs) - available);
  const status: DeploymentStatus = {};
  setCount(status, 'observedGeneration', d.metadata.generation ?? 0);
  setCount(status, 'replicas', sumStatus(allRSs, 'replicas'));
  setCount(status, 'updatedReplicas', newRS?.status?.replicas ?? 0);
  setCount(status, 'readyReplicas', sumStatus(allRSs, 'readyReplicas'));
  setCount(status, 'availableReplicas', available);
  setCount(status, 'unavailableReplicas', unavailable);
  const terminating = terminatingReplicas(allRSs);
  if (terminating !== undefined) status.terminatingReplicas = terminating;
  if (d.status?.collisionCount !== undefined) status.collisionCount = d.status.collisionCount;
  if (d.status?.conditions?.length) status.conditions = d.status.conditions.map((c) => ({ ...c }));
  if (available >= desiredReplicas(d) - maxUnavailable(d)) {
    setCondition(status, newCondition(AVAILABLE, 'True', MIN_REPLICAS_AVAILABLE, 'Deployment has minimum availability.', now));
  } else {
    setCondition(status, newCondition(AVAILABLE, 'False', MIN_REPLICAS_UNAVAILABLE, 'Deployment does not have minimum availability.', now));
  }
  return status;
}

function setCount(status: DeploymentStatus, field: 'observedGeneration' | 'replicas' | 'updatedReplicas' | 'readyReplicas' | 'availableReplicas' | 'unavailableReplicas', n: number): void {
  if (n !== 0) status[field] = n;
}

/**
 * GetTerminatingReplicaCountForReplicaSets: the sum of rs.status.terminatingReplicas. An RS the
 * ReplicaSet controller never synced (observedGeneration 0, no value) does not count; an RS it
 * synced without reporting a value makes the total unknown (undefined). No RSes at all → 0.
 */
export function terminatingReplicas(allRSs: readonly (ReplicaSet | undefined)[]): number | undefined {
  let total = 0;
  for (const rs of allRSs) {
    if (!rs) continue;
    const t = rs.status?.terminatingReplicas;
    if (t === undefined) {
      if ((rs.status?.observedGeneration ?? 0) === 0) continue;
      return undefined;
    }
    total += t;
  }
  return total;
}
