import { byRevision } from './replica-sets.js';
import type { Deployment } from '../../api/apps/v1/deployment.js';
import { type ReplicaSet, specReplicas } from '../../api/apps/v1/replica-set.js';

const MAX_INT32 = 2147483647;

/**
 * cleanupDeployment: which old ReplicaSets revisionHistoryLimit pushes out. Of the old RSes not
 * being deleted, the `count − limit` lowest revisions are candidates; a candidate is deleted
 * only if it is fully scaled down and observed (spec 0, status 0, observedGeneration caught
 * up) — otherwise it is skipped, not replaced by the next one.
 * Example: limit 2, old revisions 1 (empty), 2 (still has a pod), 3, 4 → diff 2: delete 1,
 * keep 2 (busy); 3 and 4 are not candidates.
 */
export function planHistoryCleanup(d: Deployment, oldRSs: readonly (ReplicaSet | undefined)[]): ReplicaSet[] {
  const limit = d.spec.revisionHistoryLimit;
  if (limit === undefined || limit === MAX_INT32) return [];
  const cleanable = oldRSs.filter((rs): rs is ReplicaSet => rs !== undefined && !rs.metadata.deletionTimestamp);
  const diff = cleanable.length - limit;
  if (diff <= 0) return [];
  cleanable.sort(byRevision);
  return cleanable
    .slice(0, diff)
    .filter(
      (rs) =>
        (rs.status?.replicas ?? 0) === 0 &&
        specReplicas(rs) === 0 &&
        (rs.metadata.generation ?? 0) <= (rs.status?.observedGeneration ?? 0),
    );
}
