import type { KubeObject } from '../api/meta/v1.js';
import { asNode } from '../api/core/v1/node.js';
import { TAINT_EFFECT, TAINT_NODE_NOT_READY } from '../api/core/v1/taint.js';

/**
 * The TaintNodesByCondition admission plugin (plugin/pkg/admission/nodetaint, on by default):
 * every Node created gets `node.kubernetes.io/not-ready:NoSchedule` (no timeAdded) unless it
 * has it, so that nothing is scheduled onto it before the node lifecycle controller has looked
 * at its conditions (that controller then keeps or removes it, see controllers/nodelifecycle).
 * Admission runs before validation, so the taints may be malformed here.
 */
export function taintNewNode(obj: KubeObject): void {
  const node = asNode(obj);
  const taints = node.spec?.taints ?? [];
  // A `null` entry (Go decodes it as an empty Taint) is left for validation to refuse.
  if (taints.some((t) => t !== null && typeof t === 'object' && t.key === TAINT_NODE_NOT_READY && t.effect === TAINT_EFFECT.NoSchedule)) return;
  node.spec = { ...node.spec, taints: [...taints, { key: TAINT_NODE_NOT_READY, effect: TAINT_EFFECT.NoSchedule }] };
}
