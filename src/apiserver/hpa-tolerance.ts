import { isJsonObject, type JsonObject } from '../common/json.js';
import type { KubeObject } from '../api/meta/v1.js';
import { objectJson } from '../api/meta/v1.js';

/**
 * The horizontalpodautoscaler strategy's dropDisabledFields: spec.behavior.scaleUp/scaleDown
 * .tolerance is alpha in 1.33 (HPAConfigurableTolerance, off by default), so a write drops it —
 * unless the stored object already uses it.
 */
function rules(o: KubeObject | undefined): JsonObject[] {
  const spec = o ? objectJson(o)['spec'] : undefined;
  const behavior = isJsonObject(spec) ? spec['behavior'] : undefined;
  if (!isJsonObject(behavior)) return [];
  return [behavior['scaleUp'], behavior['scaleDown']].filter(isJsonObject);
}

export function dropHpaTolerance(obj: KubeObject, old: KubeObject | undefined): void {
  if (rules(old).some((r) => r['tolerance'] !== undefined)) return;
  for (const r of rules(obj)) delete r['tolerance'];
}
