import { isJsonObject } from '../../common/json.js';
import { invalid, notSupported, required, type FieldError } from './field-error.js';
import type { FieldPath } from './field-path.js';

/**
 * Validation of an ImageRepository behaviour's `logs:` (the shape is documented with its reader,
 * src/images/log-spec.ts, which the API server cannot import: src/images sits above it). Worded
 * like kube-apiserver's field errors:
 *
 *   spec.behavior.logs: Invalid value: "x": must be an object with start, listening, every, crash, stop
 *   spec.tags[1.1].logs.crash[0]: Invalid value: 5: must be a string
 *   spec.behavior.logs.every[0].seconds: Invalid value: 0: must be a positive integer
 *   spec.behavior.logs.every[0].line: Required value
 *   spec.behavior.logs.stop2: Unsupported value: "stop2": supported values: "start", ...
 */

/** The keys of `logs:`, in the order the documentation lists them (src/images/log-spec.ts LOG_SPEC_KEYS). */
const KEYS = ['start', 'listening', 'every', 'crash', 'stop'] as const;
const LINE_LISTS = ['start', 'listening', 'crash', 'stop'] as const;

function validateLines(v: unknown, path: FieldPath): FieldError[] {
  if (v === undefined || v === null || typeof v === 'string') return [];
  if (!Array.isArray(v)) return [invalid(path, v as object, 'must be a list of strings')];
  const errs: FieldError[] = [];
  v.forEach((l, i) => {
    if (typeof l !== 'string') errs.push(invalid(path.index(i), l as object, 'must be a string'));
  });
  return errs;
}

function validatePeriodic(item: unknown, path: FieldPath): FieldError[] {
  if (!isJsonObject(item)) return [invalid(path, item as object, 'must be an object with seconds and line')];
  const errs: FieldError[] = [];
  const seconds = item['seconds'];
  if (seconds === undefined || seconds === null) errs.push(required(path.child('seconds')));
  else if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds <= 0) {
    errs.push(invalid(path.child('seconds'), seconds as object, 'must be a positive integer'));
  }
  const line = item['line'];
  if (line === undefined || line === null) errs.push(required(path.child('line')));
  else if (typeof line !== 'string') errs.push(invalid(path.child('line'), line as object, 'must be a string'));
  for (const k of Object.keys(item).sort()) {
    if (k !== 'seconds' && k !== 'line') errs.push(notSupported(path.child(k), k, ['seconds', 'line']));
  }
  return errs;
}

/** The errors of a behaviour's `logs` value (undefined or null: none). */
export function validateLogs(v: unknown, path: FieldPath): FieldError[] {
  if (v === undefined || v === null) return [];
  if (!isJsonObject(v)) return [invalid(path, v as object, `must be an object with ${KEYS.join(', ')}`)];
  const errs: FieldError[] = [];
  for (const k of Object.keys(v).sort()) {
    if (!(KEYS as readonly string[]).includes(k)) errs.push(notSupported(path.child(k), k, KEYS));
  }
  for (const k of LINE_LISTS) errs.push(...validateLines(v[k], path.child(k)));
  const every = v['every'];
  if (Array.isArray(every)) every.forEach((item, i) => errs.push(...validatePeriodic(item, path.child('every').index(i))));
  else if (every !== undefined && every !== null) errs.push(...validatePeriodic(every, path.child('every')));
  return errs;
}
