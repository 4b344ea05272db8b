/**
 * autoscaling/v1 ↔ autoscaling/v2 HorizontalPodAutoscaler, as kube-apiserver converts them through
 * its internal type (pkg/apis/autoscaling/v1/conversion.go):
 *  - v2 → v1: the first `Resource cpu` metric's averageUtilization becomes
 *    targetCPUUtilizationPercentage; every other metric goes, as v1 MetricSpec JSON (the old
 *    v2beta1 shape: targetAverageValue, metricName...), into the `autoscaling.alpha.kubernetes.io/
 *    metrics` annotation; all of status.currentMetrics into `.../current-metrics` (the CPU one too,
 *    for its raw value), the conditions into `.../conditions`, spec.behavior into `.../behavior`
 *    (as json.Marshal of the internal type, whose fields have no JSON tags: `{"ScaleUp":...}`);
 *  - v1 → v2: the reverse; the annotations are consumed (removed), and an HPA with no metric at all
 *    gets the implicit CPU 80 % target v1 always had.
 * Objects are plain JSON here; both directions return new objects and leave their input alone.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../../common/json.js';
import type { KubeObject } from '../../meta/v1.js';
import { objectJson, unverifiedKubeObject } from '../../meta/v1.js';
import { DEFAULT_CPU_UTILIZATION, HPA_V1_ANNOTATION } from './horizontal-pod-autoscaler.js';

const obj = (v: JsonValue | undefined): JsonObject | undefined => (isJsonObject(v) ? v : undefined);
const list = (v: JsonValue | undefined): JsonObject[] => (Array.isArray(v) ? v.filter(isJsonObject) : []);

/** A JSON object without its undefined members (Go's omitempty of nil pointers). */
function compact(o: Record<string, JsonValue | undefined>): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}

function isCpuUtilization(m: JsonObject): boolean {
  const r = obj(m['resource']);
  return m['type'] === 'Resource' && r !== undefined && r['name'] === 'cpu' && obj(r['target'])?.['averageUtilization'] !== undefined;
}

/** Go's zero Quantity, as its JSON. */
const ZERO = '0';

function metricSpecToV1(m: JsonObject): JsonObject {
  const out: Record<string, JsonValue | undefined> = { type: m['type'] };
  const o = obj(m['object']);
  if (o) {
    const t = obj(o['target']) ?? {};
    const id = obj(o['metric']) ?? {};
    out['object'] = compact({ target: obj(o['describedObject']) ?? { kind: '', name: '' }, metricName: id['name'] ?? '', targetValue: t['value'] ?? ZERO, selector: id['selector'], averageValue: t['averageValue'] });
  }
  const p = obj(m['pods']);
  if (p) {
    const id = obj(p['metric']) ?? {};
    out['pods'] = compact({ metricName: id['name'] ?? '', targetAverageValue: obj(p['target'])?.['averageValue'] ?? ZERO, selector: id['selector'] });
  }
  const r = obj(m['resource']);
  if (r) {
    const t = obj(r['target']) ?? {};
    out['resource'] = compact({ name: r['name'] ?? '', targetAverageUtilization: t['averageUtilization'], targetAverageValue: t['averageValue'] });
  }
  const c = obj(m['containerResource']);
  if (c) {
    const t = obj(c['target']) ?? {};
    out['containerResource'] = compact({ name: c['name'] ?? '', targetAverageUtilization: t['averageUtilization'], targetAverageValue: t['averageValue'], container: c['container'] ?? '' });
  }
  const e = obj(m['external']);
  if (e) {
    const t = obj(e['target']) ?? {};
    const id = obj(e['metric']) ?? {};
    out['external'] = compact({ metricName: id['name'] ?? '', metricSelector: id['selector'], targetValue: t['value'], targetAverageValue: t['averageValue'] });
  }
  return compact(out);
}

function metricSpecFromV1(m: JsonObject): JsonObject {
  const out: Record<string, JsonValue | undefined> = { type: m['type'] };
  const o = obj(m['object']);
  if (o) {
    const avg = o['averageValue'];
    out['object'] = {
      describedObject: obj(o['target']) ?? { kind: '', name: '' },
      target: compact({ type: avg === undefined ? 'Value' : 'AverageValue', value: o['targetValue'] ?? ZERO, averageValue: avg }),
      metric: compact({ name: o['metricName'] ?? '', selector: o['selector'] }),
    };
  }
  const p = obj(m['pods']);
  if (p) {
    out['pods'] = { metric: compact({ name: p['metricName'] ?? '', selector: p['selector'] }), target: { type: 'AverageValue', averageValue: p['targetAverageValue'] ?? ZERO } };
  }
  const r = obj(m['resource']);
  if (r) {
    const util = r['targetAverageUtilization'];
    out['resource'] = { name: r['name'] ?? '', target: compact({ type: util === undefined ? 'AverageValue' : 'Utilization', averageValue: r['targetAverageValue'], averageUtilization: util }) };
  }
  const c = obj(m['containerResource']);
  if (c) {
    const util = c['targetAverageUtilization'];
    out['containerResource'] = {
      name: c['name'] ?? '',
      target: compact({ type: util === undefined ? 'AverageValue' : 'Utilization', averageValue: c['targetAverageValue'], averageUtilization: util }),
      container: c['container'] ?? '',
    };
  }
  const e = obj(m['external']);
  if (e) {
    const value = e['targetValue'];
    out['external'] = {
      metric: compact({ name: e['metricName'] ?? '', selector: e['metricSelector'] }),
      target: compact({ type: value === undefined ? 'AverageValue' : 'Value', value, averageValue: e['targetAverageValue'] }),
    };
  }
  return compact(out);
}

function metricStatusToV1(m: JsonObject): JsonObject {
  const out: Record<string, JsonValue | undefined> = { type: m['type'] };
  const cur = (x: JsonObject) => obj(x['current']) ?? {};
  const o = obj(m['object']);
  if (o) {
    const id = obj(o['metric']) ?? {};
    out['object'] = compact({ target: obj(o['describedObject']) ?? { kind: '', name: '' }, metricName: id['name'] ?? '', currentValue: cur(o)['value'] ?? ZERO, selector: id['selector'], averageValue: cur(o)['averageValue'] });
  }
  const p = obj(m['pods']);
  if (p) {
    const id = obj(p['metric']) ?? {};
    out['pods'] = compact({ metricName: id['name'] ?? '', currentAverageValue: cur(p)['averageValue'] ?? ZERO, selector: id['selector'] });
  }
  const r = obj(m['resource']);
  if (r) out['resource'] = compact({ name: r['name'] ?? '', currentAverageUtilization: cur(r)['averageUtilization'], currentAverageValue: cur(r)['averageValue'] ?? ZERO });
  const c = obj(m['containerResource']);
  if (c) out['containerResource'] = compact({ name: c['name'] ?? '', currentAverageUtilization: cur(c)['averageUtilization'], currentAverageValue: cur(c)['averageValue'] ?? ZERO, container: c['container'] ?? '' });
  const e = obj(m['external']);
  if (e) {
    const id = obj(e['metric']) ?? {};
    out['external'] = compact({ metricName: id['name'] ?? '', metricSelector: id['selector'], currentValue: cur(e)['value'] ?? ZERO, currentAverageValue: cur(e)['averageValue'] });
  }
  return compact(out);
}

function metricStatusFromV1(m: JsonObject): JsonObject {
  const out: Record<string, JsonValue | undefined> = { type: m['type'] };
  const o = obj(m['object']);
  if (o) {
    out['object'] = {
      metric: compact({ name: o['metricName'] ?? '', selector: o['selector'] }),
      current: compact({ value: o['currentValue'] ?? ZERO, averageValue: o['averageValue'] }),
      describedObject: obj(o['target']) ?? { kind: '', name: '' },
    };
  }
  const p = obj(m['pods']);
  if (p) out['pods'] = { metric: compact({ name: p['metricName'] ?? '', selector: p['selector'] }), current: { averageValue: p['currentAverageValue'] ?? ZERO } };
  const r = obj(m['resource']);
  if (r) out['resource'] = { name: r['name'] ?? '', current: compact({ averageValue: r['currentAverageValue'] ?? ZERO, averageUtilization: r['currentAverageUtilization'] }) };
  const c = obj(m['containerResource']);
  if (c) {
    out['containerResource'] = {
      name: c['name'] ?? '',
      current: compact({ averageValue: c['currentAverageValue'] ?? ZERO, averageUtilization: c['currentAverageUtilization'] }),
      container: c['container'] ?? '',
    };
  }
  const e = obj(m['external']);
  if (e) {
    out['external'] = { metric: compact({ name: e['metricName'] ?? '', selector: e['metricSelector'] }), current: compact({ value: e['currentValue'] ?? ZERO, averageValue: e['currentAverageValue'] }) };
  }
  return compact(out);
}

/** json.Marshal of the internal HPAScalingRules (no JSON tags: Go field names, nil pointers as null). */
function internalRules(r: JsonObject | undefined): JsonValue {
  if (!r) return null;
  const policies = Array.isArray(r['policies'])
    ? list(r['policies']).map((p) => ({ Type: p['type'] ?? '', Value: p['value'] ?? 0, PeriodSeconds: p['periodSeconds'] ?? 0 }))
    : null;
  return { StabilizationWindowSeconds: r['stabilizationWindowSeconds'] ?? null, SelectPolicy: r['selectPolicy'] ?? null, Policies: policies, Tolerance: r['tolerance'] ?? null };
}

function rulesFromInternal(r: JsonValue | undefined): JsonObject | undefined {
  const o = obj(r);
  if (!o) return undefined;
  const policies = Array.isArray(o['Policies'])
    ? list(o['Policies']).map((p) => ({ type: p['Type'] ?? '', value: p['Value'] ?? 0, periodSeconds: p['PeriodSeconds'] ?? 0 }))
    : undefined;
  return compact({
    stabilizationWindowSeconds: o['StabilizationWindowSeconds'] ?? undefined,
    selectPolicy: o['SelectPolicy'] ?? undefined,
    policies,
    tolerance: o['Tolerance'] ?? undefined,
  });
}

const ROUND_TRIP = Object.values(HPA_V1_ANNOTATION) as string[];

/** The stored autoscaling/v2 object as autoscaling/v1 serves it. */
export function hpaV2ToV1(o: KubeObject): KubeObject {
  const src = objectJson(o);
  const spec = obj(src['spec']) ?? {};
  const status = obj(src['status']);
  const metrics = list(spec['metrics']);
  const meta = structuredClone(o.metadata);
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(meta.annotations ?? {})) if (!ROUND_TRIP.includes(k)) annotations[k] = v;
  const other = metrics.filter((m) => !isCpuUtilization(m)).map(metricSpecToV1);
  if (other.length) annotations[HPA_V1_ANNOTATION.metrics] = JSON.stringify(other);
  const current = list(status?.['currentMetrics']);
  if (current.length) annotations[HPA_V1_ANNOTATION.currentMetrics] = JSON.stringify(current.map(metricStatusToV1));
  const conditions = list(status?.['conditions']);
  if (conditions.length) annotations[HPA_V1_ANNOTATION.conditions] = JSON.stringify(conditions);
  const behavior = obj(spec['behavior']);
  if (behavior) annotations[HPA_V1_ANNOTATION.behavior] = JSON.stringify({ ScaleUp: internalRules(obj(behavior['scaleUp'])), ScaleDown: internalRules(obj(behavior['scaleDown'])) });
  if (Object.keys(annotations).length) meta.annotations = annotations;
  else delete meta.annotations;

  const cpu = metrics.find((m) => m['type'] === 'Resource' && obj(m['resource'])?.['name'] === 'cpu');
  const cpuTarget = cpu ? obj(obj(cpu['resource'])?.['target'])?.['averageUtilization'] : undefined;
  const v1Spec = compact({ scaleTargetRef: spec['scaleTargetRef'], minReplicas: spec['minReplicas'], maxReplicas: spec['maxReplicas'] ?? 0, targetCPUUtilizationPercentage: cpuTarget });
  const out: JsonObject = { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: meta as unknown as JsonObject, spec: v1Spec };
  if (status) {
    const cpuNow = current.find((m) => m['type'] === 'Resource' && obj(m['resource'])?.['name'] === 'cpu');
    out['status'] = compact({
      observedGeneration: status['observedGeneration'],
      lastScaleTime: status['lastScaleTime'],
      currentReplicas: status['currentReplicas'] ?? 0,
      desiredReplicas: status['desiredReplicas'] ?? 0,
      currentCPUUtilizationPercentage: cpuNow ? obj(obj(cpuNow['resource'])?.['current'])?.['averageUtilization'] : undefined,
    });
  }
  return unverifiedKubeObject(out);
}

/** JSON.parse of an annotation value; undefined when it does not parse (kube-apiserver would refuse the request). */
function parsed(text: string | undefined): JsonValue | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/** An autoscaling/v1 object (a request body) as the autoscaling/v2 object that is stored. */
export function hpaV1ToV2(o: KubeObject): KubeObject {
  const src = objectJson(o);
  const spec = obj(src['spec']) ?? {};
  const status = obj(src['status']);
  const meta = structuredClone(o.metadata ?? {});
  const annotations = { ...(meta.annotations ?? {}) };
  let metrics: JsonObject[] = [];
  const cpu = spec['targetCPUUtilizationPercentage'];
  const cpuMetric: JsonObject | undefined =
    typeof cpu === 'number' ? { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: cpu } } } : undefined;
  const other = parsed(annotations[HPA_V1_ANNOTATION.metrics]);
  if (annotations[HPA_V1_ANNOTATION.metrics] !== undefined) {
    metrics = list(other).map(metricSpecFromV1);
    delete annotations[HPA_V1_ANNOTATION.metrics];
  }
  if (cpuMetric) metrics.push(cpuMetric);
  if (!metrics.length) metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
  const behaviorText = annotations[HPA_V1_ANNOTATION.behavior];
  let behavior: JsonObject | undefined;
  if (behaviorText !== undefined) {
    const b = obj(parsed(behaviorText));
    if (b) behavior = compact({ scaleUp: rulesFromInternal(b['ScaleUp']), scaleDown: rulesFromInternal(b['ScaleDown']) });
    delete annotations[HPA_V1_ANNOTATION.behavior];
  }
  let currentMetrics: JsonValue | undefined;
  let conditions: JsonValue | undefined;
  if (annotations[HPA_V1_ANNOTATION.currentMetrics] !== undefined) {
    currentMetrics = list(parsed(annotations[HPA_V1_ANNOTATION.currentMetrics])).map(metricStatusFromV1);
    delete annotations[HPA_V1_ANNOTATION.currentMetrics];
  }
  if (annotations[HPA_V1_ANNOTATION.conditions] !== undefined) {
    conditions = list(parsed(annotations[HPA_V1_ANNOTATION.conditions]));
    delete annotations[HPA_V1_ANNOTATION.conditions];
  }
  if (Object.keys(annotations).length) meta.annotations = annotations;
  else delete meta.annotations;
  const v2Spec = compact({ scaleTargetRef: spec['scaleTargetRef'], minReplicas: spec['minReplicas'], maxReplicas: spec['maxReplicas'], metrics, behavior });
  const out: JsonObject = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: meta as unknown as JsonObject, spec: v2Spec };
  if (status) {
    const cpuNow = status['currentCPUUtilizationPercentage'];
    if (currentMetrics === undefined && typeof cpuNow === 'number') currentMetrics = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: cpuNow } } }];
    out['status'] = compact({
      observedGeneration: status['observedGeneration'],
      lastScaleTime: status['lastScaleTime'],
      currentReplicas: status['currentReplicas'] || undefined,
      desiredReplicas: status['desiredReplicas'] ?? 0,
      currentMetrics: currentMetrics ?? null,
      conditions,
    });
  }
  return unverifiedKubeObject(out);
}

/** An HPA of either served version read as autoscaling/v2 (what printers and describers work on). */
export function hpaInV2(o: KubeObject): KubeObject {
  return o.apiVersion === 'autoscaling/v1' ? hpaV1ToV2(o) : o;
}
