import type { JsonObject } from '../../common/json.js';
import { objField, objList } from '../validation/json-fields.js';
import { compareQuantity, parseQuantity } from '../validation/quantity.js';

/**
 * The pod's QoS class (pkg/apis/core/helper/qos), which kube-apiserver records in
 * status.qosClass when the pod is created:
 *   BestEffort  no container requests or limits cpu or memory
 *   Guaranteed  every container limits cpu and memory and requests equal limits
 *   Burstable   anything else
 */
export function podQOSClass(spec: JsonObject): 'BestEffort' | 'Burstable' | 'Guaranteed' {
  const containers = [...objList(spec, 'initContainers'), ...objList(spec, 'containers')];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const res = objField(c, 'resources');
    const requests = objField(res, 'requests') ?? {};
    const limits = objField(res, 'limits') ?? {};
    for (const r of ['cpu', 'memory']) {
      const req = requests[r];
      const lim = limits[r];
      if (req !== undefined || lim !== undefined) any = true;
      if (lim === undefined) {
        guaranteed = false;
        continue;
      }
      if (req === undefined) continue;
      const a = parseQuantity(String(req));
      const b = parseQuantity(String(lim));
      if (!a || !b || compareQuantity(a, b) !== 0) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
