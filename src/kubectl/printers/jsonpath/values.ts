/**
 * The values the jsonpath evaluator passes around, with the Go types they stand for.
 *
 * kubectl evaluates templates over an unstructured object (`map[string]interface{}`), so
 * Go's reflection decides much of the behaviour: a JSON integer is an `int64`, a JSON
 * fraction a `float64`, a JSON null a nil interface that most steps skip. Literals in the
 * template add Go `int`, `float64`, `bool` and `string` values, and indexing a string
 * yields its bytes as `uint8`. The evaluator needs those distinctions for comparisons
 * (`int64 == int` is fine, `float64 == int` is "incompatible types") and for printing.
 */
import type { JsonValue } from '../../../common/json.js';
import { compareGoStrings } from '../../../common/go-strings.js';

/** A number whose Go type is not the one its JSON form implies. */
export class GoNumber {
  constructor(
    readonly kind: 'int' | 'float64' | 'uint8',
    readonly value: number,
  ) {}
}

/**
 * The zero `reflect.Value`: what `range` hands to its body for a null element, and what the
 * body is walked with when the range matched nothing. It prints as `<no value>`.
 */
export const INVALID: unique symbol = Symbol('invalid reflect.Value');

export type Value = JsonValue | GoNumber | typeof INVALID;

export type GoKind = 'invalid' | 'nil' | 'map' | 'slice' | 'string' | 'bool' | 'int' | 'int64' | 'uint8' | 'float64';

/** 2^63: integers from JSON at or beyond this do not fit an int64 and decode as float64. */
const INT64_LIMIT = 9223372036854775808;

export function goKind(v: Value): GoKind {
  if (v === INVALID) return 'invalid';
  if (v === null) return 'nil';
  if (v instanceof GoNumber) return v.kind;
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < INT64_LIMIT ? 'int64' : 'float64';
  if (Array.isArray(v)) return 'slice';
  return 'map';
}

/** `reflect.Type.String()` of a value, as Go error messages show it. */
export function goTypeName(v: Value): string {
  const k = goKind(v);
  if (k === 'map') return 'map[string]interface {}';
  if (k === 'slice') return '[]interface {}';
  if (k === 'nil') return 'interface {}';
  return k;
}

/** The numeric value of a number of any Go kind. */
export function numberOf(v: Value): number | undefined {
  if (typeof v === 'number') return v;
  if (v instanceof GoNumber) return v.value;
  return undefined;
}

export function sortedKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o).sort(compareGoStrings);
}
