import type { KubeObject, OwnerReference } from './v1.js';

/** metav1.GetControllerOf: the owner reference with controller: true, if any. */
export function controllerOf(obj: KubeObject): OwnerReference | undefined {
  return (obj.metadata.ownerReferences ?? []).find((r) => r.controller === true);
}
