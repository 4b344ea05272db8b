import type { KubeObject } from '../../api/meta/v1.js';
import { microTime, NODE_LEASE_NAMESPACE } from '../../api/coordination/v1/lease.js';
import { NODE_LEASE_DURATION_SECONDS } from './heartbeats.js';

/**
 * The Lease a kubelet keeps in kube-node-lease (pkg/kubelet/nodelease's newLease): named after
 * its node and owned by it (deleting the Node collects it), holderIdentity the node's name,
 * leaseDurationSeconds 40, renewTime its last renewal (no acquireTime: the kubelet never sets one).
 */
export function nodeLeaseObject(node: string, nodeUid: string, renewMs: number): KubeObject {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: node,
      namespace: NODE_LEASE_NAMESPACE,
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node, uid: nodeUid }],
    },
    spec: { holderIdentity: node, leaseDurationSeconds: NODE_LEASE_DURATION_SECONDS, renewTime: microTime(renewMs) },
  };
}
