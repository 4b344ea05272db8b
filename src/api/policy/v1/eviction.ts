/**
 * policy/v1 Eviction: the body POSTed to pods/NAME/eviction (v1beta1 is accepted too). Its
 * deleteOptions are carried to the pod's deletion.
 */
import type { KubeObject } from '../../meta/v1.js';

/** metav1.DeleteOptions, the fields an eviction carries. */
export interface EvictionDeleteOptions {
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  propagationPolicy?: string;
  dryRun?: string[];
}

/** v1.Eviction. */
export interface Eviction extends KubeObject {
  deleteOptions?: EvictionDeleteOptions;
}

/** The apiVersions an Eviction may be posted in. */
export const EVICTION_API_VERSIONS: readonly string[] = ['policy/v1', 'policy/v1beta1'];

/** Whether an object is an Eviction. */
export function isEviction(o: KubeObject): o is Eviction {
  return o.kind === 'Eviction';
}
