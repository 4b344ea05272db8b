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

/**
 * The Eviction kubectl drain posts for a pod (drain.go EvictPod): policy/v1, the pod's name and
 * namespace, and DeleteOptions with the grace period when one is given (`--grace-period`; a
 * negative one means the pod's own, so none is sent).
 */
export function evictionFor(namespace: string, name: string, gracePeriodSeconds?: number): Eviction {
  const e: Eviction = { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace } };
  if (gracePeriodSeconds !== undefined && gracePeriodSeconds >= 0) e.deleteOptions = { gracePeriodSeconds };
  return e;
}
