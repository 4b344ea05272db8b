/**
 * How Go prints decoded JSON values in the error messages of the patch libraries
 * (`fmt.Sprintf("%v", m)` and `reflect.TypeOf(v)`), so kubemu's messages read the same:
 *
 *   map: map[image:x] does not contain declared merge key: name
 *   expected a []interface {}, but received a string
 */
import type { JsonValue } from '../../common/json.js';
import { isJsonObject } from '../../common/json.js';
import { compareGoStrings } from '../../common/go-strings.js';

/**
 * `%v` of a value from encoding/json: maps print as `map[k:v k2:v2]` with keys sorted
 * (fmt sorts map keys), slices as `[a b]`, nil as `<nil>`, strings unquoted.
 */
export function goFormat(v: JsonValue | undefined): string {
  if (v === undefined || v === null) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goFormat).join(' ')}]`;
  if (isJsonObject(v)) {
    const keys = Object.keys(v).sort(compareGoStrings);
    return `map[${keys.map((k) => `${k}:${goFormat(v[k])}`).join(' ')}]`;
  }
  return String(v);
}

/** `reflect.TypeOf(v)` printed with %s; a nil interface prints as `%!s(<nil>)`. */
export function goTypeName(v: JsonValue | undefined): string {
  if (v === undefined || v === null) return '%!s(<nil>)';
  if (Array.isArray(v)) return '[]interface {}';
  if (isJsonObject(v)) return 'map[string]interface {}';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  return typeof v === 'boolean' ? 'bool' : 'string';
}

