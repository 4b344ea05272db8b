/**
 * JSON text exactly as Go's encoding/json.Marshal writes an unstructured object — which is
 * what kubectl stores in `kubectl.kubernetes.io/last-applied-configuration` and sends as
 * patch bodies:
 *  - compact, map keys sorted (byte order);
 *  - `<`, `>`, `&` escaped as \u003c, \u003e, \u0026, and U+2028/U+2029 as \u2028/\u2029
 *    (HTML-safe escaping is on by default in Go);
 *  - numbers as Go prints float64/int64: the same shortest forms JS produces
 *    (1e+21 and 1e-7 switch to exponents at the same thresholds).
 *
 * Example: {"b":"<x>","a":1} → {"a":1,"b":"\u003cx\u003e"}
 */
import type { JsonValue } from '../../common/json.js';
import { isJsonObject } from '../../common/json.js';

export function goJsonMarshal(v: JsonValue): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `[${v.map(goJsonMarshal).join(',')}]`;
  if (isJsonObject(v)) {
    const keys = Object.keys(v).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${goJsonString(k)}:${goJsonMarshal(v[k] as JsonValue)}`).join(',')}}`;
  }
  if (typeof v === 'string') return goJsonString(v);
  return JSON.stringify(v);
}

/** A JSON string literal with Go's HTML-safe escaping on top of the usual escapes. */
export function goJsonString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
