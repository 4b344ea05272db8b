import { activeReplicaSets } from './replica-sets.js';
import type { ScaleStep } from './scale-step.js';
import type { Pod } from '../../api/core/v1/pod.js';
import type { ReplicaSet } from '../../api/apps/v1/replica-set.js';

/**
 * The Recreate strategy (upstream recreate.go): every old ReplicaSet to 0, wait until not a
 * single old pod exists any more (terminating ones included), only then create/scale the new
 * ReplicaSet to the full count. The wait ends with a pod DELETED event, which is why the
 * controller listens to pod deletions for Recreate Deployments.
 */

/** scaleDownOldReplicaSetsForRecreate: the active old RSes, each to 0, in list order. */
export function planRecreateScaleDown(oldRSs: readonly ReplicaSet[]): ScaleStep[] {
  return activeReplicaSets(oldRSs).map((rs) => ({ rs, to: 0 }));
}

/** Pods grouped by the UID of the ReplicaSet controlling them (getPodMapForDeployment). */
export type PodMap = ReadonlyMap<string, readonly Pod[]>;

/**
 * oldPodsRunning: old RSes still report pods, or some pod of an old RS has not finished
 * (Pending, Running, Unknown, no phase yet — terminating or not). Succeeded/Failed pods do not
 * hold a Recreate rollout back.
 */
export function oldPodsRunning(newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[], podMap: PodMap): boolean {
  const oldReported = oldRSs.reduce((n, rs) => n + (rs.status?.replicas ?? 0), 0);
  if (oldReported > 0) return true;
  for (const [uid, pods] of podMap) {
    if (newRS && newRS.metadata.uid === uid) continue;
    for (const pod of pods) {
      const phase = pod.status?.phase;
      if (phase === 'Succeeded' || phase === 'Failed') continue;
      return true;
    }
  }
  return false;
}
