/** coordination.k8s.io/v1 Lease: a node's heartbeat (kube-node-lease/<node>) and leader election. */
import type { KubeObject } from '../../meta/v1.js';

/** v1.LeaseSpec. */
export interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}

/** v1.Lease. */
export interface Lease extends KubeObject {
  spec?: LeaseSpec;
}

/** Whether an object is a Lease. */
export function isLease(o: KubeObject): o is Lease {
  return o.kind === 'Lease';
}

/** A KubeObject read as a Lease (the one place); a different kind is a programming error. */
export function asLease(o: KubeObject): Lease {
  if (!isLease(o)) throw new TypeError(`expected a Lease, got ${o.kind || 'an object without kind'}`);
  return o;
}
