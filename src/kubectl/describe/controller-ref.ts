import type { KubeObject } from '../../api/meta/v1.js';
import { controllerOf } from '../../api/meta/controller-of.js';

/** printController: `Kind/name` of the controlling owner, or '' when there is none. */
export function controllerText(obj: KubeObject): string {
  const ref = controllerOf(obj);
  return ref ? `${ref.kind}/${ref.name}` : '';
}
