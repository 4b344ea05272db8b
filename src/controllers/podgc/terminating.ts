import type { Node } from '../../api/core/v1/node.js';
import { NODE_CONDITION } from '../../api/core/v1/node.js';
import type { Pod } from '../../api/core/v1/pod.js';
import { TAINT_NODE_OUT_OF_SERVICE } from '../../api/core/v1/taint.js';
import { evictedThenOldest } from './terminated.js';

/**
 * gcTerminating (non-graceful node shutdown): a pod being deleted on a node that is not Ready and
 * carries the `node.kubernetes.io/out-of-service` taint (any effect) will never be finished by its
 * kubelet; Pod GC marks it Failed and deletes it with grace period 0, evicted pods first, then
 * the oldest.
 */

/** nodeutil.IsNodeReady: the Ready condition is True. */
export function isNodeReady(node: Node): boolean {
  const conditions: unknown = node.status?.conditions;
  if (!Array.isArray(conditions)) return false;
  return conditions.some((c) => typeof c === 'object' && c !== null && c.type === NODE_CONDITION.Ready && c.status === 'True');
}

/** taints.TaintKeyExists(node.Spec.Taints, out-of-service). */
export function isOutOfService(node: Node): boolean {
  const taints: unknown = node.spec?.taints;
  return Array.isArray(taints) && taints.some((t) => typeof t === 'object' && t !== null && t.key === TAINT_NODE_OUT_OF_SERVICE);
}

/** Whether the node's terminating pods are Pod GC's to delete. */
export function forceDeletesTerminating(node: Node): boolean {
  return !isNodeReady(node) && isOutOfService(node);
}

/** The terminating pods to force-delete, in deletion order. */
export function terminatingPodsToDelete(pods: readonly Pod[], nodeNamed: (name: string) => Node | undefined): Pod[] {
  return pods
    .filter((p) => {
      if (!p.metadata.deletionTimestamp) return false;
      const node = nodeNamed(p.spec?.nodeName ?? '');
      return node !== undefined && forceDeletesTerminating(node);
    })
    .sort(evictedThenOldest);
}
