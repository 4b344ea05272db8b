import type { KubeObject, OwnerReference } from '../../api/meta/v1.js';

/** metav1.GetControllerOf: the owner reference with controller: true, if any. */
export function controllerOf(obj: KubeObject): OwnerReference | undefined {
  return (obj.metadata.ownerReferences ?? []).find((r) => r.controller === true);
}

/** printController: `Kind/name` of the controlling owner, or '' when there is none. */
export function controllerText(obj: KubeObject): string {
  const ref = controllerOf(obj);
  return ref ? `${ref.kind}/${ref.name}` : '';
}
