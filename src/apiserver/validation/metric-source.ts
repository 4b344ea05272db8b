import { isJsonObject, type JsonObject } from '../../common/json.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { objectJson } from '../../api/meta/v1.js';
import { INTERPOLATION } from '../../api/kubemu/v1alpha1/metric-source.js';
import { parseGoDuration } from '../../common/go-duration.js';
import { IS_NEGATIVE, duplicate, forbidden, invalid, notSupported, required, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { validateLabelSelector } from './label-selector.js';
import { nameIsDNSSubdomain } from './name-formats.js';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';
import { objField } from './json-fields.js';

/**
 * kubemu.io/v1alpha1 MetricSource validation (api/kubemu/v1alpha1/metric-source.ts), worded like
 * kube-apiserver's field errors:
 *
 *   spec: Required value: one of series or queue must be specified
 *   spec.queue: Forbidden: may not be specified when series is set
 *   spec.series.points: Required value
 *   spec.series.points[1].after: Invalid value: "5x": must be a duration such as 30s or 5m
 *   spec.series.points[1].after: Duplicate value: "5m"
 *   spec.series.interpolation: Unsupported value: "Cubic": supported values: "Linear", "Step"
 *   spec.queue.producerRate: Invalid value: -1: must be greater than or equal to 0
 *   spec.podSelector: Required value: a queue counts its consumers with it
 */

const INTERPOLATIONS = [INTERPOLATION.Linear, INTERPOLATION.Step];

function number(v: unknown, path: FieldPath, isRequired: boolean): FieldError[] {
  if (v === undefined || v === null) return isRequired ? [required(path)] : [];
  if (typeof v !== 'number' || !Number.isFinite(v)) return [invalid(path, v as object, 'must be a number')];
  return [];
}

function nonNegative(v: unknown, path: FieldPath, isRequired: boolean): FieldError[] {
  const errs = number(v, path, isRequired);
  if (!errs.length && typeof v === 'number' && v < 0) errs.push(invalid(path, v, IS_NEGATIVE));
  return errs;
}

function validateSeries(series: JsonObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const interp = series['interpolation'];
  if (interp !== undefined && interp !== null && !(INTERPOLATIONS as unknown[]).includes(interp)) {
    errs.push(notSupported(path.child('interpolation'), interp as string, INTERPOLATIONS));
  }
  const points = series['points'];
  const pp = path.child('points');
  if (points === undefined || points === null || (Array.isArray(points) && !points.length)) return [...errs, required(pp)];
  if (!Array.isArray(points)) return [...errs, invalid(pp, points as object, 'must be a list of points (after, value)')];
  const seen = new Set<number>();
  points.forEach((p, i) => {
    const at = pp.index(i);
    if (!isJsonObject(p)) {
      errs.push(invalid(at, p as object, 'must be an object with after and value'));
      return;
    }
    const after = p['after'];
    if (after === undefined || after === null || after === '') errs.push(required(at.child('after')));
    else {
      const ms = typeof after === 'string' ? parseGoDuration(after) : undefined;
      if (ms === undefined || ms < 0) errs.push(invalid(at.child('after'), after as object, 'must be a duration such as 30s or 5m'));
      else if (seen.has(ms)) errs.push(duplicate(at.child('after'), after as string));
      else seen.add(ms);
    }
    errs.push(...number(p['value'], at.child('value'), true));
    for (const k of Object.keys(p).sort()) if (k !== 'after' && k !== 'value') errs.push(notSupported(at.child(k), k, ['after', 'value']));
  });
  return errs;
}

function validateQueue(queue: JsonObject, path: FieldPath): FieldError[] {
  return [
    ...nonNegative(queue['initial'], path.child('initial'), false),
    ...nonNegative(queue['producerRate'], path.child('producerRate'), true),
    ...nonNegative(queue['consumerRate'], path.child('consumerRate'), true),
  ];
}

function validateSpec(obj: KubeObject): FieldError[] {
  const spec = objField(objectJson(obj), 'spec');
  const path = FieldPath.root('spec');
  const errs: FieldError[] = [];
  const metricName = spec?.['metricName'];
  if (metricName !== undefined && metricName !== null && typeof metricName !== 'string') errs.push(invalid(path.child('metricName'), metricName as object, 'must be a string'));
  const sel = spec?.['podSelector'];
  if (sel !== undefined && sel !== null) {
    if (!isJsonObject(sel)) errs.push(invalid(path.child('podSelector'), sel as object, 'must be a label selector'));
    else errs.push(...validateLabelSelector(sel, path.child('podSelector')));
  }
  const series = spec?.['series'];
  const queue = spec?.['queue'];
  const hasSeries = series !== undefined && series !== null;
  const hasQueue = queue !== undefined && queue !== null;
  if (!hasSeries && !hasQueue) errs.push(required(path, 'one of series or queue must be specified'));
  if (hasSeries && hasQueue) errs.push(forbidden(path.child('queue'), 'may not be specified when series is set'));
  if (hasSeries) {
    if (!isJsonObject(series)) errs.push(invalid(path.child('series'), series as object, 'must be an object with interpolation and points'));
    else errs.push(...validateSeries(series, path.child('series')));
  }
  if (hasQueue) {
    if (!isJsonObject(queue)) errs.push(invalid(path.child('queue'), queue as object, 'must be an object with initial, producerRate and consumerRate'));
    else errs.push(...validateQueue(queue, path.child('queue')));
    if (sel === undefined || sel === null) errs.push(required(path.child('podSelector'), 'a queue counts its consumers with it'));
  }
  return errs;
}

export function validateMetricSourceCreate(obj: KubeObject): FieldError[] {
  return [...validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, FieldPath.root('metadata')), ...validateSpec(obj)];
}

export function validateMetricSourceUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata')), ...validateSpec(obj)];
}
