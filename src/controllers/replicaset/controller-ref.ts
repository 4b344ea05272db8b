import { controllerOf } from '../../api/meta/controller-of.js';
import type { KubeObject, OwnerReference } from '../../api/meta/v1.js';

/**
 * The ControllerRefManager (pkg/controller/controller_ref_manager.go) as a pure plan: which of
 * the candidate pods a ReplicaSet owns, which orphans it adopts and which of its pods it
 * releases. The writes happen in sync.ts.
 */

/** The ownerReference a ReplicaSet puts on its pods: apps/v1, controller, blocking deletion. */
export function controllerRefFor(rs: KubeObject): OwnerReference {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    name: rs.metadata.name ?? '',
    uid: rs.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

export { controllerOf };

export interface ClaimPlan {
  /** pods the ReplicaSet owns after the plan, adopted ones included, in input order */
  claimed: KubeObject[];
  /** orphans to adopt (they match and nobody controls them) */
  adopt: KubeObject[];
  /** own pods that no longer match the selector */
  release: KubeObject[];
}

/**
 * ClaimObject for each pod:
 *   controlled by another UID          → ignored;
 *   controlled by us, selector matches → claimed;
 *   controlled by us, no match         → released (unless we are being deleted: then kept out
 *                                        of the claim but not touched);
 *   orphan, matches, neither we nor the pod being deleted, same namespace → adopted;
 *   anything else                      → ignored.
 */
export function planClaims(
  rs: KubeObject,
  matches: (labels: Record<string, string> | undefined) => boolean,
  pods: readonly KubeObject[],
): ClaimPlan {
  const uid = rs.metadata.uid ?? '';
  const rsDeleting = !!rs.metadata.deletionTimestamp;
  const plan: ClaimPlan = { claimed: [], adopt: [], release: [] };
  for (const pod of pods) {
    const ref = controllerOf(pod);
    const selected = matches(pod.metadata.labels);
    if (ref) {
      if (ref.uid !== uid) continue;
      if (selected) plan.claimed.push(pod);
      else if (!rsDeleting) plan.release.push(pod);
      continue;
    }
    if (rsDeleting || !selected || pod.metadata.deletionTimestamp) continue;
    if ((pod.metadata.namespace ?? '') !== (rs.metadata.namespace ?? '')) continue;
    plan.adopt.push(pod);
    plan.claimed.push(pod);
  }
  return plan;
}

/** The pod with our controller reference added (what the adoption patch produces). */
export function withControllerRef(pod: KubeObject, ref: OwnerReference): KubeObject {
  const refs = (pod.metadata.ownerReferences ?? []).filter((r) => r.uid !== ref.uid);
  return { ...pod, metadata: { ...pod.metadata, ownerReferences: [...refs, ref] } };
}

/** The pod without our reference (what the release patch produces). */
export function withoutOwner(pod: KubeObject, ownerUid: string): KubeObject {
  const refs = (pod.metadata.ownerReferences ?? []).filter((r) => r.uid !== ownerUid);
  const metadata: KubeObject['metadata'] = { ...pod.metadata, ownerReferences: refs };
  if (!refs.length) delete metadata.ownerReferences;
  return { ...pod, metadata };
}
