import type { JsonObject } from '../common/json.js';

/** metav1.OwnerReference. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** metav1.ObjectMeta, the fields kubemu reads and writes; anything else is carried as JSON. */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  [key: string]: unknown;
}

/**
 * A Kubernetes object as JSON. Kind-specific fields stay untyped here; code that needs
 * them narrows with its own interfaces (see apiserver/types/*).
 */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [key: string]: unknown;
}

/** Treat a parsed JSON object as a KubeObject (after the caller checked apiVersion/kind). */
export function asKubeObject(o: JsonObject): KubeObject {
  return o as unknown as KubeObject;
}

export function toJson(o: KubeObject): JsonObject {
  return o as unknown as JsonObject;
}
