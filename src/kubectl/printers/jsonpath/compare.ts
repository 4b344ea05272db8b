/**
 * The comparisons of jsonpath filters (`?(@.a==1)`), which upstream borrows from Go's
 * text/template: both sides must be of the same basic kind, except that signed and
 * unsigned integers compare by value.
 *
 * So with unstructured data `?(@.replicas==3)` works (int64 vs int), `?(@.ratio==1)` with
 * ratio 1.5 fails with "incompatible types for comparison" (float64 vs int), and comparing a
 * map or a null fails with "invalid type for comparison".
 */
import { JsonPathError } from './errors.js';
import { goKind, numberOf, type Value } from './values.js';
import { compareGoStrings } from '../../../common/go-strings.js';

type BasicKind = 'bool' | 'int' | 'uint' | 'float' | 'string';

const BAD_TYPE = 'invalid type for comparison';
const INCOMPATIBLE = 'incompatible types for comparison';

function basicKind(v: Value): BasicKind {
  switch (goKind(v)) {
    case 'bool':
      return 'bool';
    case 'int':
    case 'int64':
      return 'int';
    case 'uint8':
      return 'uint';
    case 'float64':
      return 'float';
    case 'string':
      return 'string';
    default:
      throw new JsonPathError(BAD_TYPE);
  }
}

function isIntegerKind(k: BasicKind): boolean {
  return k === 'int' || k === 'uint';
}

function equal(a: Value, b: Value): boolean {
  const ka = basicKind(a);
  const kb = basicKind(b);
  if (ka !== kb && !(isIntegerKind(ka) && isIntegerKind(kb))) throw new JsonPathError(INCOMPATIBLE);
  if (ka === 'string' || ka === 'bool') return a === b;
  return numberOf(a) === numberOf(b);
}

function less(a: Value, b: Value): boolean {
  const ka = basicKind(a);
  const kb = basicKind(b);
  if (ka !== kb && !(isIntegerKind(ka) && isIntegerKind(kb))) throw new JsonPathError(INCOMPATIBLE);
  if (ka === 'bool') throw new JsonPathError(BAD_TYPE);
  if (ka === 'string') return compareGoStrings(a as string, b as string) < 0;
  return (numberOf(a) as number) < (numberOf(b) as number);
}

/** Applies a filter operator; throws JsonPathError with the upstream message on misuse. */
export function compareFilter(operator: string, left: Value, right: Value): boolean {
  switch (operator) {
    case '<':
      return less(left, right);
    case '>':
      // Upstream: > is "not <=", and <= is "< or ==".
      return !(less(left, right) || equal(left, right));
    case '==':
      return equal(left, right);
    case '!=':
      return !equal(left, right);
    case '<=':
      return less(left, right) || equal(left, right);
    case '>=':
      return !less(left, right);
    default:
      throw new JsonPathError(`unrecognized filter operator ${operator}`);
  }
}
