import { isJsonObject, type JsonObject } from '../../common/json.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { objectJson } from '../../api/meta/v1.js';
import { NUMERIC_BEHAVIOR_FIELDS } from '../defaults/imagerepository.js';
import { IS_NEGATIVE, invalid, required, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { inclusiveRangeError, isDNS1123Subdomain, nameIsDNSSubdomain } from './name-formats.js';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';
import { objField } from './json-fields.js';
import { validateLogs } from './imagerepository-logs.js';
import { validateImageFiles } from './image-files.js';
import { validateUsage } from './imagerepository-usage.js';

/**
 * ImageRepository validation, worded like kube-apiserver's field errors:
 *
 *   spec.repository: Required value
 *   spec.behavior.pullSeconds: Invalid value: -1: must be greater than or equal to 0
 *   spec.tags[1.3].startSeconds: Invalid value: -2: must be greater than or equal to 0
 *   spec.behavior.requiredEnv[0]: Invalid value: 5: must be a string
 *   spec.behavior.sigtermExitCode: Invalid value: 300: must be between 0 and 255, inclusive
 *   spec.behavior.pullJitterPercent: Invalid value: 150: must be between 0 and 100, inclusive
 */

/** A process's exit status is one byte: 0 to 255 (validation.InclusiveRangeError's wording). */
const EXIT_STATUS_RANGE = 'must be between 0 and 255, inclusive';
/**
 * The numeric fields with an upper bound: a pull cannot take less than no time (its jitter is at
 * most 100 %), and a start spread longer than a minute would be a slow node, not a spread.
 */
const UPPER_BOUNDS: readonly [string, number][] = [
  ['pullJitterPercent', 100],
  ['startJitterMilliseconds', 60_000],
];

function validateBehavior(b: JsonObject | undefined, path: FieldPath): FieldError[] {
  if (!b) return [];
  const errs: FieldError[] = [];
  for (const field of NUMERIC_BEHAVIOR_FIELDS) {
    const v = b[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !Number.isInteger(v)) errs.push(invalid(path.child(field), v, 'must be an integer'));
    else if (v < 0) errs.push(invalid(path.child(field), v, IS_NEGATIVE));
  }
  // (the loop above already refused a non-integer or negative value)
  for (const [field, max] of UPPER_BOUNDS) {
    const v = b[field];
    if (typeof v === 'number' && Number.isInteger(v) && v > max) errs.push(invalid(path.child(field), v, inclusiveRangeError(0, max)));
  }
  const sigterm = b['sigtermExitCode'];
  if (sigterm !== undefined && sigterm !== null) {
    const at = path.child('sigtermExitCode');
    if (typeof sigterm !== 'number' || !Number.isInteger(sigterm)) errs.push(invalid(at, sigterm, 'must be an integer'));
    else if (sigterm < 0 || sigterm > 255) errs.push(invalid(at, sigterm, EXIT_STATUS_RANGE));
  }
  const env = b['requiredEnv'];
  if (env !== undefined && env !== null) {
    if (!Array.isArray(env)) errs.push(invalid(path.child('requiredEnv'), env, 'must be a list of variable names'));
    else env.forEach((e, i) => {
      if (typeof e !== 'string' || e === '') errs.push(invalid(path.child('requiredEnv').index(i), e, 'must be a non-empty string'));
    });
  }
  const presentOn = b['presentOn'];
  if (presentOn !== undefined && presentOn !== null) {
    if (!Array.isArray(presentOn)) errs.push(invalid(path.child('presentOn'), presentOn, 'must be a list of node names'));
    else presentOn.forEach((n, i) => {
      const at = path.child('presentOn').index(i);
      if (typeof n !== 'string') errs.push(invalid(at, n, 'must be a string'));
      else for (const m of isDNS1123Subdomain(n)) errs.push(invalid(at, n, m));
    });
  }
  const neverReady = b['neverReady'];
  if (neverReady !== undefined && neverReady !== null && typeof neverReady !== 'boolean') {
    errs.push(invalid(path.child('neverReady'), neverReady, 'must be a boolean'));
  }
  errs.push(...validateLogs(b['logs'], path.child('logs')));
  errs.push(...validateImageFiles(b['files'], path.child('files')));
  errs.push(...validateImageFiles(b['appFiles'], path.child('appFiles')));
  errs.push(...validateUsage(b['usage'], path.child('usage')));
  return errs;
}

function validateSpec(obj: KubeObject): FieldError[] {
  const spec = objField(objectJson(obj), 'spec');
  const path = FieldPath.root('spec');
  const errs: FieldError[] = [];
  const repo = spec?.['repository'];
  if (typeof repo !== 'string' || repo === '') errs.push(required(path.child('repository')));
  errs.push(...validateBehavior(objField(spec, 'behavior'), path.child('behavior')));
  const tags = spec?.['tags'];
  if (tags !== undefined && tags !== null) {
    if (!isJsonObject(tags)) errs.push(invalid(path.child('tags'), tags, 'must be a map of tag to behavior'));
    else {
      for (const tag of Object.keys(tags).sort()) {
        const t = tags[tag];
        if (t === null || t === undefined) continue;
        if (!isJsonObject(t)) errs.push(invalid(path.child('tags').key(tag), t, 'must be an object'));
        else errs.push(...validateBehavior(t, path.child('tags').key(tag)));
      }
    }
  }
  return errs;
}

export function validateImageRepositoryCreate(obj: KubeObject): FieldError[] {
  return [...validateObjectMeta(obj.metadata, false, nameIsDNSSubdomain, FieldPath.root('metadata')), ...validateSpec(obj)];
}

export function validateImageRepositoryUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata')), ...validateSpec(obj)];
}
