/**
 * fmt's `%+v` of a decoded JSON value (map[string]interface{} with int64 and float64 numbers),
 * as kube-apiserver quotes a strategic merge patch in its `patch: Invalid value: "..."` cause:
 * `map[spec:map[replicas:four]]`, `[a b]`, `<nil>`, floats as %g (`1.5`, `3e+09`).
 */
import { compareGoStrings } from '../../common/go-strings.js';
import { isJsonObject, type JsonValue } from '../../common/json.js';

export function goSprintV(v: JsonValue): string {
  if (v === null) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goSprintV).join(' ')}]`;
  if (isJsonObject(v)) {
    const keys = Object.keys(v).sort(compareGoStrings);
    return `map[${keys.map((k) => `${k}:${goSprintV(v[k] ?? null)}`).join(' ')}]`;
  }
  if (typeof v === 'number') return goNumber(v);
  return String(v);
}

/** An integral number is an int64 (UnmarshalCaseSensitivePreserveInts); any other a float64 (%g). */
function goNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 2 ** 63) return BigInt(n).toString();
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
  const [mant = '', expText = '0'] = n.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 21 || (exp >= 6 && !Number.isInteger(n))) {
    return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return String(n);
}
