/** core/v1 Taint (on a node) and Toleration (on a pod). */

/** v1.Taint: key and effect are required by validation. */
export interface Taint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string;
}

/** v1.Toleration. */
export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/** The taint a cordoned node (spec.unschedulable) is treated as having. */
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/** The taint an administrator puts on a node that is shut down for good (non-graceful node shutdown): Pod GC force-deletes its terminating pods. */
export const TAINT_NODE_OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';
