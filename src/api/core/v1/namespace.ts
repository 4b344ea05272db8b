/** core/v1 Namespace. */
import type { KubeObject } from '../../meta/v1.js';

/** v1.NamespaceCondition. */
export interface NamespaceCondition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** v1.Namespace. */
export interface Namespace extends KubeObject {
  spec?: { finalizers?: string[] };
  status?: { phase?: string; conditions?: NamespaceCondition[] };
}

/** NamespacePhase values. */
export const NAMESPACE_PHASE = {
  Active: 'Active',
  Terminating: 'Terminating',
} as const;

/** Whether an object is a Namespace. */
export function isNamespace(o: KubeObject): o is Namespace {
  return o.kind === 'Namespace';
}

/** A KubeObject read as a Namespace (the one place); a different kind is a programming error. */
export function asNamespace(o: KubeObject): Namespace {
  if (!isNamespace(o)) throw new TypeError(`expected a Namespace, got ${o.kind || 'an object without kind'}`);
  return o;
}
