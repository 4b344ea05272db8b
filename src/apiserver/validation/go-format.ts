/**
 * How apimachinery's field.Error prints a bad value (ErrorBody in
 * k8s.io/apimachinery/pkg/util/validation/field/errors.go):
 *
 *   - Go string            → strconv.Quote:        "Hello_World"
 *   - int32/int64/bool     → %v:                   -1, true
 *   - anything else        → encoding/json.Marshal: {"app":"x"}, "25%", null
 *
 * JSON here is Go's flavour: map keys sorted, `<`, `>`, `&`, U+2028 and U+2029 escaped as
 * \u003c…, and struct fields in declaration order (callers build those objects in that
 * order; see go-structs.ts).
 */
import { compareGoStrings, goQuote } from '../../common/go-strings.js';
import { quoteJsonString } from '../../common/go-json.js';

/** A value that Go would json.Marshal rather than print with %q/%v (e.g. an IntOrString). */
export class GoJson {
  constructor(readonly value: unknown) {}
}

/** A Go map: json.Marshal sorts its keys. Plain JS objects are treated as structs (key order kept). */
export class GoMap {
  constructor(readonly entries: Record<string, unknown> | undefined) {}
}

/**
 * A value ErrorBody prints with %#v (a Go struct it cannot marshal, such as an internal type
 * with pointers): its text as Go prints it, written by the caller.
 */
export class GoText {
  constructor(readonly text: string) {}
}

/** Marks "no value to print" (field.Required/Forbidden carry an empty BadValue that is not shown). */
export const OMIT = Symbol('omit');

/** The value argument of a field error, as its Go counterpart would be typed. */
export type BadValue = string | number | boolean | GoJson | GoMap | GoText | typeof OMIT | null | object;


/** json.Marshal of a value: GoMap sorts keys, plain objects keep their (struct) order. */
export function goJson(v: unknown): string {
  if (v instanceof GoJson) return goJson(v.value);
  if (v instanceof GoMap) {
    if (v.entries === undefined) return 'null';
    const keys = Object.keys(v.entries).sort(compareGoStrings);
    return '{' + keys.map((k) => quoteJsonString(k) + ':' + goJson(v.entries?.[k])).join(',') + '}';
  }
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return quoteJsonString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return '[' + v.map(goJson).join(',') + ']';
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    return '{' + entries.map(([k, x]) => quoteJsonString(k) + ':' + goJson(x)).join(',') + '}';
  }
  return 'null';
}

/** The rendering ErrorBody gives a bad value (without the "Invalid value: " prefix). */
export function renderBadValue(v: BadValue): string {
  if (v instanceof GoText) return v.text;
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return goJson(v);
}
