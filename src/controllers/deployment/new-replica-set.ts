import type { OwnerReference } from '../../api/meta/v1.js';
import { POD_TEMPLATE_HASH_LABEL } from '../../api/apps/v1/annotations.js';
import { maxSurge } from './fenceposts.js';
import { computeHash } from './hash.js';
import { setNewReplicaSetAnnotations } from './revision.js';
import { newRSNewReplicas } from './rolling.js';
import { type Deployment, desiredReplicas } from '../../api/apps/v1/deployment.js';
import type { ReplicaSet } from '../../api/apps/v1/replica-set.js';

/** metav1.NewControllerRef for a Deployment. */
export function controllerRefOf(d: Deployment): OwnerReference {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    name: d.metadata.name ?? '',
    uid: d.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

/**
 * The ReplicaSet getNewReplicaSet creates for the Deployment's current template:
 *   name      <deployment>-<hash of the template and status.collisionCount>
 *   labels    the template's labels + pod-template-hash (not the Deployment's labels)
 *   selector  the Deployment's selector + pod-template-hash, so RSes never share pods
 *   template  the Deployment's template + the pod-template-hash label
 *   replicas  the first step of the rollout (NewRSNewReplicas with the new RS at 0)
 *   annotations  the Deployment's (minus the skip-list), revision, desired/max-replicas
 */
export function buildNewReplicaSet(d: Deployment, oldRSs: readonly ReplicaSet[], newRevision: number): ReplicaSet {
  const template = structuredClone(d.spec.template ?? {});
  const hash = computeHash(template, d.status?.collisionCount);
  const meta = (template.metadata ??= {});
  const labels = { ...(meta.labels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash };
  meta.labels = labels;
  const selector = structuredClone(d.spec.selector ?? {});
  selector.matchLabels = { ...(selector.matchLabels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash };
  const rs: ReplicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `${d.metadata.name ?? ''}-${hash}`,
      namespace: d.metadata.namespace,
      labels: { ...labels },
      ownerReferences: [controllerRefOf(d)],
    },
    spec: { replicas: 0, selector, template },
  };
  if (d.spec.minReadySeconds) rs.spec.minReadySeconds = d.spec.minReadySeconds;
  rs.spec.replicas = newRSNewReplicas(d, [...oldRSs, rs], rs);
  const desired = desiredReplicas(d);
  setNewReplicaSetAnnotations(d, rs, newRevision, false, { desired, max: desired + maxSurge(d) });
  return rs;
}
