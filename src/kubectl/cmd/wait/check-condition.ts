import { type KubeObject, objectJson } from '../../../api/meta/v1.js';
import { findJsonPathResults, goSprint, type JsonPathTemplate } from '../../printers/jsonpath/index.js';
import { goKind } from '../../printers/jsonpath/values.js';
import { CliError } from '../../util/errors.js';
import { isJsonObject } from '../../../common/json.js';

/** Unicode simple case folding, as strings.EqualFold compares (close enough: full lower-casing). */
function equalFold(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase() || a.toUpperCase() === b.toUpperCase();
}

/**
 * ConditionalWait.checkCondition: the first condition whose type equals `name` (case-folded)
 * decides: it is met when its status equals `value` (case-folded) — unless the object's
 * generation is newer than the observedGeneration (of the condition, else of the status), in
 * which case the controller has not caught up yet and it is not met.
 *
 *     generation 3, status.observedGeneration 2, Available=True → not met (stale)
 */
export function conditionMet(obj: KubeObject, name: string, value: string): boolean {
  // Any kind can be waited for, so its status is read as JSON, whatever its shape.
  const status = isJsonObject(obj['status']) ? obj['status'] : undefined;
  const conditions = status?.['conditions'];
  for (const c of Array.isArray(conditions) ? conditions : []) {
    if (!isJsonObject(c)) continue;
    const type = c['type'];
    const condStatus = c['status'];
    if (typeof type !== 'string' || !equalFold(type, name)) continue;
    if (typeof condStatus !== 'string') continue;
    const generation = obj.metadata.generation;
    if (typeof generation === 'number') {
      const observed = typeof c['observedGeneration'] === 'number' ? c['observedGeneration'] : status?.['observedGeneration'];
      if (typeof observed === 'number' && observed < generation) return false;
    }
    return equalFold(condStatus, value);
  }
  return false;
}

/**
 * JSONPathWait.checkCondition: no result → not met; more than one → an error; a map or list →
 * an error; otherwise met when no value was asked for, or when fmt's %v of the result equals
 * the value (both trimmed).
 */
export function jsonPathMet(obj: KubeObject, template: JsonPathTemplate, value: string | undefined): boolean {
  const results = findJsonPathResults(template, objectJson(obj), { allowMissingKeys: true });
  const first = results[0];
  if (!first || first.length === 0) return false;
  if (results.length > 1) throw new CliError('given jsonpath expression matches more than one list');
  if (first.length > 1) throw new CliError('given jsonpath expression matches more than one value');
  if (value === undefined) return true;
  const v = first[0]!;
  if (goKind(v) === 'map' || goKind(v) === 'slice') {
    throw new CliError('jsonpath leads to a nested object or list which is not supported');
  }
  return goSprint(v).trim() === value.trim();
}
