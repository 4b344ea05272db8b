import { isJsonObject } from '../../common/json.js';
import { USAGE_NUMERIC_FIELDS } from '../defaults/imagerepository.js';
import { IS_NEGATIVE, invalid, notSupported, required, type FieldError } from './field-error.js';
import type { FieldPath } from './field-path.js';
import { isDNS1123Subdomain } from './name-formats.js';

/**
 * Validation of an ImageRepository behaviour's `usage:` (defaults/imagerepository.ts ImageUsage),
 * worded like kube-apiserver's field errors:
 *
 *   spec.behavior.usage.cpu.idleMillicores: Invalid value: -1: must be greater than or equal to 0
 *   spec.behavior.usage.memory.idleMiB: Invalid value: "8Mi": must be a number
 *   spec.behavior.usage.load.metricSource: Required value
 *   spec.behavior.usage.jitterPercent: Invalid value: 150: must be between 0 and 100, inclusive
 *   spec.behavior.usage.disk: Unsupported value: "disk": supported values: "cpu", "memory", "load", "jitterPercent"
 */

const KEYS = ['cpu', 'memory', 'load', 'jitterPercent'] as const;

function nonNegativeNumber(v: unknown, path: FieldPath): FieldError[] {
  if (v === undefined || v === null) return [];
  if (typeof v !== 'number' || !Number.isFinite(v)) return [invalid(path, v as object, 'must be a number')];
  return v < 0 ? [invalid(path, v, IS_NEGATIVE)] : [];
}

function validateBlock(v: unknown, fields: readonly string[], path: FieldPath): FieldError[] {
  if (v === undefined || v === null) return [];
  if (!isJsonObject(v)) return [invalid(path, v as object, `must be an object with ${fields.join(', ')}`)];
  const errs: FieldError[] = [];
  for (const k of Object.keys(v).sort()) if (!fields.includes(k)) errs.push(notSupported(path.child(k), k, fields));
  for (const f of fields) errs.push(...nonNegativeNumber(v[f], path.child(f)));
  return errs;
}

/** The errors of a behaviour's `usage` value (undefined or null: none). */
export function validateUsage(v: unknown, path: FieldPath): FieldError[] {
  if (v === undefined || v === null) return [];
  if (!isJsonObject(v)) return [invalid(path, v as object, `must be an object with ${KEYS.join(', ')}`)];
  const errs: FieldError[] = [];
  for (const k of Object.keys(v).sort()) if (!(KEYS as readonly string[]).includes(k)) errs.push(notSupported(path.child(k), k, KEYS));
  errs.push(...validateBlock(v['cpu'], USAGE_NUMERIC_FIELDS.cpu, path.child('cpu')));
  errs.push(...validateBlock(v['memory'], USAGE_NUMERIC_FIELDS.memory, path.child('memory')));
  const jitter = v['jitterPercent'];
  const jp = path.child('jitterPercent');
  if (jitter !== undefined && jitter !== null) {
    if (typeof jitter !== 'number' || !Number.isFinite(jitter)) errs.push(invalid(jp, jitter as object, 'must be a number'));
    else if (jitter < 0 || jitter > 100) errs.push(invalid(jp, jitter, 'must be between 0 and 100, inclusive'));
  }
  const load = v['load'];
  const lp = path.child('load');
  if (load !== undefined && load !== null) {
    if (!isJsonObject(load)) errs.push(invalid(lp, load as object, 'must be an object with metricSource'));
    else {
      for (const k of Object.keys(load).sort()) if (k !== 'metricSource') errs.push(notSupported(lp.child(k), k, ['metricSource']));
      const name = load['metricSource'];
      if (name === undefined || name === null || name === '') errs.push(required(lp.child('metricSource')));
      else if (typeof name !== 'string') errs.push(invalid(lp.child('metricSource'), name as object, 'must be a string'));
      else for (const msg of isDNS1123Subdomain(name)) errs.push(invalid(lp.child('metricSource'), name, msg));
    }
  }
  return errs;
}
