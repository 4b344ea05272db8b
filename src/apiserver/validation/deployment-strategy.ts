import type { JsonObject, JsonValue } from '../../common/json.js';
import { objField, strField } from './json-fields.js';
import { forbidden, invalid, notSupported, nonNegative, required, type FieldError } from './field-error.js';
import type { FieldPath } from './field-path.js';
import { GoJson } from './go-format.js';
import { isValidPercent } from './name-formats.js';

/**
 * Deployment strategy validation (ValidateDeploymentStrategy and friends). maxSurge and
 * maxUnavailable are IntOrString: an int must be ≥ 0, a string must be "<digits>%".
 */

const STRATEGY_TYPES = ['Recreate', 'RollingUpdate'];

/** intstr.IntValue(): a string is Atoi'd, so "25%" or "abc" read as 0. */
function intValue(v: JsonValue | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^[+-]?[0-9]+$/.test(v)) return Number(v);
  return 0;
}

/** getPercentValue: the number of a valid percent string ("25%" → 25), else undefined. */
function percentValue(v: JsonValue | undefined): number | undefined {
  if (typeof v !== 'string' || isValidPercent(v).length) return undefined;
  return Number(v.slice(0, -1));
}

/** getIntOrPercentValue: 25 for "25%", the int for an int, 0 for anything else. */
function intOrPercentValue(v: JsonValue | undefined): number {
  return percentValue(v) ?? intValue(v);
}

/** ValidatePositiveIntOrPercent. The bad value prints as JSON: 25 or "25x". */
export function validatePositiveIntOrPercent(v: JsonValue | undefined, path: FieldPath): FieldError[] {
  if (typeof v === 'string') return isValidPercent(v).map((msg) => invalid(path, new GoJson(v), msg));
  return nonNegative(intValue(v), path);
}

/** IsNotMoreThan100Percent. */
function notMoreThan100Percent(v: JsonValue | undefined, path: FieldPath): FieldError[] {
  const p = percentValue(v);
  return p !== undefined && p > 100 ? [invalid(path, new GoJson(v), 'must not be greater than 100%')] : [];
}

/**
 * The strategy as json.Marshal prints the internal apps.DeploymentStrategy, which has no JSON
 * tags: {"Type":"Foo","RollingUpdate":null} (or {"MaxUnavailable":…,"MaxSurge":…}).
 */
function internalStrategyValue(strategy: JsonObject): object {
  const ru = objField(strategy, 'rollingUpdate');
  return {
    Type: strField(strategy, 'type'),
    RollingUpdate: ru ? { MaxUnavailable: ru['maxUnavailable'] ?? 0, MaxSurge: ru['maxSurge'] ?? 0 } : null,
  };
}

export function validateDeploymentStrategy(strategy: JsonObject, path: FieldPath): FieldError[] {
  const type = strField(strategy, 'type');
  const ru = objField(strategy, 'rollingUpdate');
  switch (type) {
    case 'Recreate':
      return ru ? [forbidden(path.child('rollingUpdate'), "may not be specified when strategy `type` is 'Recreate'")] : [];
    case 'RollingUpdate': {
      if (!ru) return [required(path.child('rollingUpdate'), 'this should be defaulted and never be nil')];
      const rp = path.child('rollingUpdate');
      const errs = validatePositiveIntOrPercent(ru['maxUnavailable'], rp.child('maxUnavailable'));
      errs.push(...validatePositiveIntOrPercent(ru['maxSurge'], rp.child('maxSurge')));
      if (intOrPercentValue(ru['maxUnavailable']) === 0 && intOrPercentValue(ru['maxSurge']) === 0) {
        errs.push(invalid(rp.child('maxUnavailable'), new GoJson(ru['maxUnavailable'] ?? 0), 'may not be 0 when `maxSurge` is 0'));
      }
      errs.push(...notMoreThan100Percent(ru['maxUnavailable'], rp.child('maxUnavailable')));
      return errs;
    }
    default:
      return [notSupported(path, internalStrategyValue(strategy), STRATEGY_TYPES)];
  }
}
