/**
 * Go's fmt rendering of the values jsonpath and custom-columns produce.
 *
 * kubectl prints scalars from jsonpath with `fmt.Fprint`, custom-columns cells with
 * `fmt.Sprint`, and the object in an execution error with `%#v`. These are their rules for
 * the value kinds an unstructured object can hold.
 */
import { INVALID, GoNumber, goKind, sortedKeys, type Value } from './values.js';
import { isJsonObject } from '../../../common/json.js';
import { goQuote } from '../../../common/go-strings.js';

/**
 * `fmt.Sprint(float64)`, i.e. strconv's `'g'` format with the shortest digits: exponent
 * form when the decimal exponent is below -4 or at least 6 (the precision Go uses for
 * that decision when the digits are "shortest"), with at least two exponent digits.
 *   4 → `4`, 1.5 → `1.5`, 100000 → `100000`, 1234567.5 → `1.2345675e+06`,
 *   0.0001 → `0.0001`, 0.00001 → `1e-05`, 1e21 → `1e+21`.
 */
export function formatGoFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (!Number.isFinite(f)) return f > 0 ? '+Inf' : '-Inf';
  if (f === 0) return '0';
  const [mantissa, expText] = f.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const abs = Math.abs(exp).toString().padStart(2, '0');
    return `${mantissa}e${exp < 0 ? '-' : '+'}${abs}`;
  }
  return String(f);
}

function formatNumber(v: number | GoNumber): string {
  const n = v instanceof GoNumber ? v.value : v;
  return goKind(v) === 'float64' ? formatGoFloat(n) : String(n);
}

/** `fmt.Sprint(v)` (the `%v` verb): `map[a:1 b:[x y]]`, `<nil>`, strings raw. */
export function goSprint(v: Value): string {
  if (v === INVALID) return '<invalid reflect.Value>';
  if (v === null) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number' || v instanceof GoNumber) return formatNumber(v);
  if (Array.isArray(v)) return `[${v.map(goSprint).join(' ')}]`;
  if (isJsonObject(v)) return `map[${sortedKeys(v).map((k) => `${k}:${goSprint(v[k] as Value)}`).join(' ')}]`;
  return String(v);
}

/**
 * `fmt.Sprintf("%#v", v)` of an unstructured value, as kubectl's jsonpath printer shows the
 * object in its execution error:
 *   `map[string]interface {}{"kind":"Pod", "spec":map[string]interface {}{"n":interface {}(nil)}}`.
 */
export function goSharpV(v: Value): string {
  if (v === INVALID) return '<invalid reflect.Value>';
  if (v === null) return 'interface {}(nil)';
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number' || v instanceof GoNumber) return formatNumber(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSharpV).join(', ')}}`;
  if (isJsonObject(v)) {
    const body = sortedKeys(v)
      .map((k) => `${goQuote(k)}:${goSharpV(v[k] as Value)}`)
      .join(', ');
    return `map[string]interface {}{${body}}`;
  }
  return String(v);
}
