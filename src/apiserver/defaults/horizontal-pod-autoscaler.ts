import { isJsonObject, type JsonObject } from '../../common/json.js';
import { DEFAULT_CPU_UTILIZATION } from '../../api/autoscaling/v1/horizontal-pod-autoscaler.js';
import { formatQuantity, parseQuantity } from '../validation/quantity.js';

/**
 * autoscaling/v2 HorizontalPodAutoscaler defaults (pkg/apis/autoscaling/v2/defaults.go, v1.33):
 *  - minReplicas 1;
 *  - no metrics: one Resource cpu metric, Utilization 80 % (autoscaling.DefaultCPUUtilization);
 *  - a behavior that is set gets both directions completed, field by field: scale up
 *    stabilization 0, selectPolicy Max, policies [Pods 4 per 15 s, Percent 100 per 15 s];
 *    scale down selectPolicy Max, policies [Percent 100 per 15 s] and no stabilization window
 *    (the controller's --horizontal-pod-autoscaler-downscale-stabilization, 300 s, applies).
 *    A behavior that is not set stays unset (the controller uses the same defaults then).
 * Quantities are kept in their canonical text, as the API server re-encodes them (`0.5` → `500m`).
 */

const scaleUpDefaults = (): JsonObject => ({
  stabilizationWindowSeconds: 0,
  selectPolicy: 'Max',
  policies: [
    { type: 'Pods', value: 4, periodSeconds: 15 },
    { type: 'Percent', value: 100, periodSeconds: 15 },
  ],
});

const scaleDownDefaults = (): JsonObject => ({ selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });

/** copyHPAScalingRules: the set fields of `from` over the defaults, in Go field order. */
function completed(from: JsonObject | undefined, defaults: JsonObject): JsonObject {
  if (!from) return defaults;
  const out: JsonObject = {};
  const pick = (k: string) => {
    const v = from[k] !== undefined && from[k] !== null ? from[k] : defaults[k];
    if (v !== undefined) out[k] = v;
  };
  pick('stabilizationWindowSeconds');
  pick('selectPolicy');
  pick('policies');
  pick('tolerance');
  for (const [k, v] of Object.entries(from)) if (!(k in out)) out[k] = v;
  return out;
}

function canonical(o: JsonObject | undefined, key: string): void {
  const v = o?.[key];
  if (o && (typeof v === 'string' || typeof v === 'number')) {
    const q = parseQuantity(v);
    if (q) o[key] = formatQuantity(q);
  }
}

export function defaultHorizontalPodAutoscaler(o: JsonObject): void {
  const spec = isJsonObject(o['spec']) ? o['spec'] : (o['spec'] = {});
  if (spec['minReplicas'] === undefined || spec['minReplicas'] === null) spec['minReplicas'] = 1;
  const metrics = spec['metrics'];
  if (!Array.isArray(metrics) || metrics.length === 0) {
    spec['metrics'] = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
  } else {
    for (const m of metrics) {
      if (!isJsonObject(m)) continue;
      for (const source of ['object', 'pods', 'resource', 'containerResource', 'external']) {
        const s = m[source];
        const target = isJsonObject(s) && isJsonObject(s['target']) ? s['target'] : undefined;
        canonical(target, 'value');
        canonical(target, 'averageValue');
      }
    }
  }
  const behavior = spec['behavior'];
  if (isJsonObject(behavior)) {
    behavior['scaleUp'] = completed(isJsonObject(behavior['scaleUp']) ? behavior['scaleUp'] : undefined, scaleUpDefaults());
    behavior['scaleDown'] = completed(isJsonObject(behavior['scaleDown']) ? behavior['scaleDown'] : undefined, scaleDownDefaults());
  }
}
