/**
 * One requirement of a label selector (apimachinery `labels.Requirement`): its
 * construction-time validation, matching and string form.
 */
import { compareGoStrings } from '../common/go-strings.js';
import { SelectorError } from './errors.js';
import { aggregateMessage, fieldInvalid, labelValueErrors, qualifiedNameErrors } from './label-validation.js';

/** selection.Operator values; `gt`/`lt` are only reachable from the string syntax `>`/`<`. */
export type Operator = '=' | '==' | '!=' | 'in' | 'notin' | 'exists' | '!' | 'gt' | 'lt';

export interface Requirement {
  readonly key: string;
  readonly operator: Operator;
  /** As given; the parser hands them sorted and de-duplicated. */
  readonly values: readonly string[];
}

/** The binary operators in the order apimachinery lists them in its error messages. */
export const BINARY_OPERATORS: readonly Operator[] = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];

/** Go's strconv.ParseInt(s, 10, 64). */
export function parseInt64(s: string): bigint | null {
  if (!/^[+-]?\d+$/.test(s)) return null;
  const n = BigInt(s);
  return n > 9223372036854775807n || n < -9223372036854775808n ? null : n;
}

/**
 * labels.NewRequirement: validates key, operator arity and values, collecting every problem
 * into one aggregate error. `values` of null stands for a nil slice (`[]string(nil)`).
 */
export function newRequirement(key: string, operator: Operator, values: readonly string[] | null): Requirement {
  const vals = values ?? [];
  const errs: string[] = [];
  const keyErrs = qualifiedNameErrors(key);
  if (keyErrs.length) errs.push(fieldInvalid('key', key, keyErrs.join('; ')));
  switch (operator) {
    case 'in':
    case 'notin':
      if (vals.length === 0) errs.push(fieldInvalid('values', values, "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case '=':
    case '==':
    case '!=':
      if (vals.length !== 1) errs.push(fieldInvalid('values', values, 'exact-match compatibility requires one single value'));
      break;
    case 'exists':
    case '!':
      if (vals.length !== 0) errs.push(fieldInvalid('values', values, 'values set must be empty for exists and does not exist'));
      break;
    case 'gt':
    case 'lt':
      if (vals.length !== 1) errs.push(fieldInvalid('values', values, "for 'Gt', 'Lt' operators, exactly one value is required"));
      vals.forEach((v, i) => {
        if (parseInt64(v) === null) {
          errs.push(fieldInvalid(`values[${i}]`, v, "for 'Gt', 'Lt' operators, the value must be an integer"));
        }
      });
      break;
  }
  vals.forEach((v, i) => {
    const valueErrs = labelValueErrors(v);
    if (valueErrs.length) errs.push(fieldInvalid(`values[${i}][${key}]`, v, valueErrs.join('; ')));
  });
  if (errs.length) throw new SelectorError(aggregateMessage(errs));
  return { key, operator, values: [...vals] };
}

export function requirementMatches(r: Requirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  const value = has ? labels[r.key] : undefined;
  switch (r.operator) {
    case 'in':
    case '=':
    case '==':
      return has && r.values.includes(value as string);
    case 'notin':
    case '!=':
      return !has || !r.values.includes(value as string);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (!has || r.values.length !== 1) return false;
      const lv = parseInt64(value as string);
      const rv = parseInt64(r.values[0] as string);
      if (lv === null || rv === null) return false;
      return r.operator === 'gt' ? lv > rv : lv < rv;
    }
  }
}

/** Requirement.String(): `k=v`, `k!=v`, `k in (a,b)` (values sorted), `k`, `!k`, `k>3`. */
export function requirementString(r: Requirement): string {
  switch (r.operator) {
    case 'exists':
      return r.key;
    case '!':
      return `!${r.key}`;
  }
  const op = { '=': '=', '==': '==', '!=': '!=', in: ' in ', notin: ' notin ', gt: '>', lt: '<' }[r.operator];
  const vals = r.values.length === 1 ? (r.values[0] as string) : [...r.values].sort(compareGoStrings).join(',');
  return r.operator === 'in' || r.operator === 'notin' ? `${r.key}${op}(${vals})` : `${r.key}${op}${vals}`;
}
