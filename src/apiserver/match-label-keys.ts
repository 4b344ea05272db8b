import type { JsonObject } from '../common/json.js';
import { arrField, objField, objList } from './validation/json-fields.js';

/**
 * mutateTopologySpreadConstraints (the pod strategy's PrepareForCreate, v1.34+): for each key of a
 * constraint's matchLabelKeys that the pod has as a label, `key In (value)` is appended to the
 * constraint's labelSelector.matchExpressions; a constraint without a selector is left alone (it
 * selects nothing anyway). Example: matchLabelKeys [pod-template-hash] on a pod labelled
 * pod-template-hash=5d8f7 → {key: pod-template-hash, operator: In, values: [5d8f7]} added.
 */
export function mergeMatchLabelKeys(spec: JsonObject, labels: Record<string, string> | undefined): void {
  for (const c of objList(spec, 'topologySpreadConstraints')) {
    const keys = arrField(c, 'matchLabelKeys');
    const selector = objField(c, 'labelSelector');
    if (!keys.length || !selector) continue;
    const added: JsonObject[] = [];
    for (const k of keys) {
      if (typeof k !== 'string' || !labels || !Object.prototype.hasOwnProperty.call(labels, k)) continue;
      added.push({ key: k, operator: 'In', values: [labels[k] ?? ''] });
    }
    if (added.length) selector['matchExpressions'] = [...objList(selector, 'matchExpressions'), ...added];
  }
}
