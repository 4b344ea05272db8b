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

/** The namespace of the nodes' heartbeat leases. */
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';

/**
 * metav1.MicroTime as it is serialized (RFC 3339 with exactly six fractional digits, UTC):
 * a Lease's renewTime and acquireTime, `2026-10-26T19:00:10.000000Z`.
 */
export function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
