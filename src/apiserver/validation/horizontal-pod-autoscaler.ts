import { isJsonObject, type JsonObject, type JsonValue } from '../../common/json.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { objectJson } from '../../api/meta/v1.js';
import { forbidden, invalid, notSupported, required, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { GoJson } from './go-format.js';
import { objField, objList, strField } from './json-fields.js';
import { isDNS1123Label, nameIsDNSSubdomain } from './name-formats.js';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';
import { parseQuantity } from './quantity.js';

/**
 * autoscaling HorizontalPodAutoscaler (pkg/apis/autoscaling/validation/validation.go), run on the
 * defaulted autoscaling/v2 object whichever version the request came in: ObjectMeta with a DNS-1123
 * subdomain name, then the spec — minReplicas ≥ 1 (HPAScaleToZero is alpha, off), maxReplicas ≥ 1
 * and ≥ minReplicas, scaleTargetRef, each metric, the behavior's rules. An update runs the same
 * spec rules (minReplicas 0 stays allowed on an object that already has it).
 *
 * Bad values print as ErrorBody prints them: int32 pointers dereferenced (`-1`), Quantities as
 * their JSON (`"-1"`), named string types as JSON too (`"Bogus"`).
 */

/** MaxPeriodSeconds and MaxStabilizationWindowSeconds. */
const MAX_PERIOD_SECONDS = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS = 3600;

/** sets.List of each enumeration: sorted. */
const METRIC_SOURCE_TYPES = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];
const SELECT_POLICIES = ['Disabled', 'Max', 'Min'];
const POLICY_TYPES = ['Percent', 'Pods'];

/** pathvalidation.IsValidPathSegmentName. */
function pathSegmentErrors(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const errs: string[] = [];
  for (const c of ['/', '%']) if (name.includes(c)) errs.push(`may not contain '${c}'`);
  return errs;
}

function num(o: JsonObject | undefined, key: string): number | undefined {
  const v = o?.[key];
  return typeof v === 'number' ? v : undefined;
}

/** Quantity.Sign() of a field that is set, or undefined when it is not. */
function sign(o: JsonObject, key: string): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  const q = typeof v === 'string' || typeof v === 'number' ? parseQuantity(v) : undefined;
  if (!q) return 0;
  return q.nanos > 0n ? 1 : q.nanos < 0n ? -1 : 0;
}

const has = (o: JsonObject, key: string): boolean => o[key] !== undefined && o[key] !== null;

export function validateCrossVersionObjectReference(ref: JsonObject | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of ['kind', 'name']) {
    const v = strField(ref, key);
    if (!v) errs.push(required(path.child(key), ''));
    else for (const msg of pathSegmentErrors(v)) errs.push(invalid(path.child(key), v, msg));
  }
  return errs;
}

function validateMetricIdentifier(id: JsonObject | undefined, path: FieldPath): FieldError[] {
  const name = strField(id, 'name');
  if (!name) return [required(path.child('name'), 'must specify a metric name')];
  return pathSegmentErrors(name).map((msg) => invalid(path.child('name'), name, msg));
}

function validateMetricTarget(t: JsonObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = strField(t, 'type');
  if (!type) errs.push(required(path.child('type'), 'must specify a metric target type'));
  if (type !== 'Utilization' && type !== 'Value' && type !== 'AverageValue') {
    errs.push(invalid(path.child('type'), new GoJson(type), 'must be either Utilization, Value, or AverageValue'));
  }
  for (const key of ['value', 'averageValue']) {
    const s = sign(t, key);
    if (s !== undefined && s !== 1) errs.push(invalid(path.child(key), new GoJson(t[key]), 'must be positive'));
  }
  const util = num(t, 'averageUtilization');
  if (util !== undefined && util < 1) errs.push(invalid(path.child('averageUtilization'), util, 'must be greater than 0'));
  return errs;
}

function validateObjectSource(src: JsonObject, path: FieldPath): FieldError[] {
  const t = objField(src, 'target') ?? {};
  const errs = [
    ...validateCrossVersionObjectReference(objField(src, 'describedObject'), path.child('describedObject')),
    ...validateMetricIdentifier(objField(src, 'metric'), path.child('metric')),
    ...validateMetricTarget(t, path.child('target')),
  ];
  if (!has(t, 'value') && !has(t, 'averageValue')) errs.push(required(path.child('target', 'averageValue'), 'must set either a target value or averageValue'));
  return errs;
}

function validateExternalSource(src: JsonObject, path: FieldPath): FieldError[] {
  const t = objField(src, 'target') ?? {};
  const errs = [...validateMetricIdentifier(objField(src, 'metric'), path.child('metric')), ...validateMetricTarget(t, path.child('target'))];
  if (!has(t, 'value') && !has(t, 'averageValue')) errs.push(required(path.child('target', 'averageValue'), 'must set either a target value for metric or a per-pod target'));
  if (has(t, 'value') && has(t, 'averageValue')) errs.push(forbidden(path.child('target', 'value'), 'may not set both a target value for metric and a per-pod target'));
  return errs;
}

function validatePodsSource(src: JsonObject, path: FieldPath): FieldError[] {
  const t = objField(src, 'target') ?? {};
  const errs = [...validateMetricIdentifier(objField(src, 'metric'), path.child('metric')), ...validateMetricTarget(t, path.child('target'))];
  if (!has(t, 'averageValue')) errs.push(required(path.child('target', 'averageValue'), 'must specify a positive target averageValue'));
  return errs;
}

function validateResourceTarget(t: JsonObject, path: FieldPath): FieldError[] {
  const errs = validateMetricTarget(t, path.child('target'));
  if (!has(t, 'averageUtilization') && !has(t, 'averageValue')) errs.push(required(path.child('target', 'averageUtilization'), 'must set either a target raw value or a target utilization'));
  if (has(t, 'averageUtilization') && has(t, 'averageValue')) errs.push(forbidden(path.child('target', 'averageValue'), 'may not set both a target raw value and a target utilization'));
  return errs;
}

function validateResourceSource(src: JsonObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (!strField(src, 'name')) errs.push(required(path.child('name'), 'must specify a resource name'));
  return [...errs, ...validateResourceTarget(objField(src, 'target') ?? {}, path)];
}

function validateContainerResourceSource(src: JsonObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (!strField(src, 'name')) errs.push(required(path.child('name'), 'must specify a resource name'));
  const container = strField(src, 'container');
  if (!container) errs.push(required(path.child('container'), 'must specify a container'));
  else for (const msg of isDNS1123Label(container)) errs.push(invalid(path.child('container'), container, msg));
  return [...errs, ...validateResourceTarget(objField(src, 'target') ?? {}, path)];
}

const SOURCES: readonly [string, (s: JsonObject, p: FieldPath) => FieldError[]][] = [
  ['object', validateObjectSource],
  ['external', validateExternalSource],
  ['pods', validatePodsSource],
  ['resource', validateResourceSource],
  ['containerResource', validateContainerResourceSource],
];

/** The source field each type expects. */
const EXPECTED: Record<string, string> = { Object: 'object', Pods: 'pods', Resource: 'resource', External: 'external', ContainerResource: 'containerResource' };

function validateMetricSpec(spec: JsonObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = strField(spec, 'type');
  if (!type) errs.push(required(path.child('type'), 'must specify a metric source type'));
  if (!METRIC_SOURCE_TYPES.includes(type)) errs.push(notSupported(path.child('type'), new GoJson(type), METRIC_SOURCE_TYPES));
  const present: string[] = [];
  for (const [field, validate] of SOURCES) {
    const src = spec[field];
    if (!isJsonObject(src)) continue;
    present.push(field);
    if (present.length === 1) errs.push(...validate(src, path.child(field)));
  }
  const expected = EXPECTED[type];
  if (expected === undefined) errs.push(notSupported(path.child('type'), new GoJson(type), METRIC_SOURCE_TYPES));
  else if (!present.includes(expected)) errs.push(required(path.child(expected), 'must populate information for the given metric source'));
  if (present.length !== 1) {
    for (const f of present) if (f !== expected) errs.push(forbidden(path.child(f), 'must populate the given metric source only'));
  }
  return errs;
}

function validateMetrics(metrics: JsonObject[], path: FieldPath, minReplicas: number | undefined): FieldError[] {
  const errs = metrics.flatMap((m, i) => validateMetricSpec(m, path.index(i)));
  if (minReplicas === 0 && !metrics.some((m) => m['type'] === 'Object' || m['type'] === 'External')) {
    errs.push(forbidden(path, 'must specify at least one Object or External metric to support scaling to zero replicas'));
  }
  return errs;
}

function validateScalingRules(rules: JsonObject | undefined, path: FieldPath): FieldError[] {
  if (!rules) return [];
  const errs: FieldError[] = [];
  const window = num(rules, 'stabilizationWindowSeconds');
  if (window !== undefined && window < 0) errs.push(invalid(path.child('stabilizationWindowSeconds'), window, 'must be greater than or equal to zero'));
  if (window !== undefined && window > MAX_STABILIZATION_WINDOW_SECONDS) {
    errs.push(invalid(path.child('stabilizationWindowSeconds'), window, `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`));
  }
  const select = rules['selectPolicy'];
  if (typeof select === 'string' && !SELECT_POLICIES.includes(select)) errs.push(notSupported(path.child('selectPolicy'), new GoJson(select), SELECT_POLICIES));
  const policiesPath = path.child('policies');
  const policies = objList(rules, 'policies');
  if (!policies.length) errs.push(required(policiesPath, 'must specify at least one Policy'));
  policies.forEach((p, i) => {
    const at = policiesPath.index(i);
    const type = strField(p, 'type');
    if (!POLICY_TYPES.includes(type)) errs.push(notSupported(at.child('type'), new GoJson(type), POLICY_TYPES));
    const value = num(p, 'value') ?? 0;
    if (value <= 0) errs.push(invalid(at.child('value'), value, 'must be greater than zero'));
    const period = num(p, 'periodSeconds') ?? 0;
    if (period <= 0) errs.push(invalid(at.child('periodSeconds'), period, 'must be greater than zero'));
    if (period > MAX_PERIOD_SECONDS) errs.push(invalid(at.child('periodSeconds'), period, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  });
  return errs;
}

/** validateHorizontalPodAutoscalerSpec. */
export function validateHpaSpec(spec: JsonObject, path: FieldPath, minReplicasLowerBound: number): FieldError[] {
  const errs: FieldError[] = [];
  const min = num(spec, 'minReplicas');
  const max = num(spec, 'maxReplicas') ?? 0;
  if (min !== undefined && min < minReplicasLowerBound) {
    errs.push(invalid(path.child('minReplicas'), min, `must be greater than or equal to ${minReplicasLowerBound}`));
  }
  if (max < 1) errs.push(invalid(path.child('maxReplicas'), max, 'must be greater than 0'));
  if (min !== undefined && max < min) errs.push(invalid(path.child('maxReplicas'), max, 'must be greater than or equal to `minReplicas`'));
  errs.push(...validateCrossVersionObjectReference(objField(spec, 'scaleTargetRef'), path.child('scaleTargetRef')));
  errs.push(...validateMetrics(objList(spec, 'metrics'), path.child('metrics'), min));
  const behavior = objField(spec, 'behavior');
  if (behavior) {
    errs.push(...validateScalingRules(objField(behavior, 'scaleUp'), path.child('behavior', 'scaleUp')));
    errs.push(...validateScalingRules(objField(behavior, 'scaleDown'), path.child('behavior', 'scaleDown')));
  }
  return errs;
}

const specOf = (o: KubeObject): JsonObject => objField(objectJson(o), 'spec') ?? {};

export function validateHpaCreate(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, FieldPath.root('metadata'));
  errs.push(...validateHpaSpec(specOf(obj), FieldPath.root('spec'), 1));
  return errs;
}

export function validateHpaUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata'));
  const oldMin: JsonValue | undefined = specOf(old)['minReplicas'];
  errs.push(...validateHpaSpec(specOf(obj), FieldPath.root('spec'), oldMin === 0 ? 0 : 1));
  return errs;
}
