/**
 * The disruption controller's finders (disruption.go finders()): for a pod's controller
 * reference, the controller whose scale the budget counts. A ReplicaSet owned by a Deployment
 * counts as the Deployment (getPodDeployment, so that its old and new ReplicaSets are one
 * controller); a bare ReplicaSet counts as itself (getPodReplicaSet); a ReplicaSet whose
 * Deployment is gone counts as itself through its scale subresource (getScaleController). The
 * other workload kinds are not served by kubemu: their pods' controllers are not found.
 */
import { controllerOf } from '../../api/meta/controller-of.js';
import type { KubeObject, OwnerReference } from '../../api/meta/v1.js';
import { asReplicaSet } from '../../api/apps/v1/replica-set.js';
import { asDeployment } from '../../api/apps/v1/deployment.js';
import type { ApiServer } from '../../apiserver/server.js';
import { findByKind } from '../../apiserver/resources.js';
import type { PodController } from './expected-pods.js';

const REPLICA_SETS = findByKind('apps/v1', 'ReplicaSet')!;
const DEPLOYMENTS = findByKind('apps/v1', 'Deployment')!;


/** verifyGroupKind: the reference's kind, in one of the groups (apps, or the old extensions). */
function isKind(ref: OwnerReference, kind: string): boolean {
  const group = ref.apiVersion.includes('/') ? ref.apiVersion.split('/')[0] : '';
  return ref.kind === kind && (group === 'apps' || group === 'extensions');
}

/** The controller of one pod and its scale, as the finders would find it. */
export function podController(api: ApiServer, pod: KubeObject): PodController {
  const ref = controllerOf(pod);
  if (!ref) return { kind: 'unmanaged' };
  if (!isKind(ref, 'ReplicaSet')) return { kind: 'notFound' };
  const found = api.tryGet(REPLICA_SETS, pod.metadata.namespace, ref.name);
  if (!found || found.metadata.uid !== ref.uid) return { kind: 'notFound' };
  const rs = asReplicaSet(found);
  const rsRef = controllerOf(rs);
  if (rsRef && isKind(rsRef, 'Deployment')) {
    const d = api.tryGet(DEPLOYMENTS, rs.metadata.namespace, rsRef.name);
    if (d && d.metadata.uid === rsRef.uid) {
      return { kind: 'managed', controller: { uid: rsRef.uid, scale: asDeployment(d).spec.replicas ?? 1 } };
    }
  }
  return { kind: 'managed', controller: { uid: rs.metadata.uid ?? '', scale: rs.spec.replicas ?? 1 } };
}
