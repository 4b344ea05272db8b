import type { JsonObject } from '../../common/json.js';
import { isJsonObject } from '../../common/json.js';

/**
 * What a Node's trip through the internal type does to its pod CIDRs (Convert_v1_NodeSpec_To_core_NodeSpec
 * and back): the internal Node has only podCIDRs, taken from v1's podCIDRs, or from podCIDR alone
 * when podCIDRs is absent; v1's podCIDR is then podCIDRs[0]. A Node applied with
 * `podCIDRs: [10.244.9.0/24]` alone reads back with `podCIDR: 10.244.9.0/24` (so neither the node
 * IPAM controller nor the kubelet takes it for a Node without one), and one with only `podCIDR`
 * gets the list.
 */
export function defaultNode(o: JsonObject): void {
  const spec = o['spec'];
  if (!isJsonObject(spec)) return;
  const list = spec['podCIDRs'];
  if (Array.isArray(list) && list.length > 0) {
    const first = list[0];
    if (typeof first === 'string') spec['podCIDR'] = first;
  } else if (list === undefined && typeof spec['podCIDR'] === 'string' && spec['podCIDR'] !== '') {
    spec['podCIDRs'] = [spec['podCIDR']];
  }
}
