/**
 * Go's encoding/json output of an unstructured value: map keys sorted, `<`, `>` and `&`
 * escaped as `\u003c`, `\u003e`, `\u0026` (and U+2028/U+2029 likewise), compact for
 * `json.Marshal` or 4-space indented for `json.MarshalIndent(v, "", "    ")`.
 */
import { isJsonObject } from '../../../common/json.js';
import { INVALID, GoNumber, sortedKeys, type Value } from './values.js';
import { JsonPathError } from './errors.js';

const HTML_UNSAFE = /[<>&\u2028\u2029]/g;

function escapeString(s: string): string {
  // Go escapes \b and \f as such since Go 1.22, as JSON.stringify does.
  return JSON.stringify(s).replace(
    HTML_UNSAFE,
    (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
  );
}

function encode(v: Value, indent: string | null, depth: number): string {
  if (v === INVALID) {
    // Upstream panics here (reflect: call of reflect.Value.Interface on zero Value).
    throw new JsonPathError('reflect: call of reflect.Value.Interface on zero Value');
  }
  if (v === null) return 'null';
  if (typeof v === 'string') return escapeString(v);
  if (typeof v === 'boolean') return String(v);
  // Go writes floats in %f form below 1e21 and %e form above, exactly as JavaScript does.
  if (typeof v === 'number') return JSON.stringify(v);
  if (v instanceof GoNumber) return JSON.stringify(v.value);
  const inner = indent === null ? '' : '\n' + indent.repeat(depth + 1);
  const outer = indent === null ? '' : '\n' + indent.repeat(depth);
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[${inner}${v.map((x) => encode(x, indent, depth + 1)).join(`,${inner}`)}${outer}]`;
  }
  if (isJsonObject(v)) {
    const keys = sortedKeys(v);
    if (keys.length === 0) return '{}';
    const sep = indent === null ? ':' : ': ';
    const parts = keys.map((k) => `${escapeString(k)}${sep}${encode(v[k] as Value, indent, depth + 1)}`);
    return `{${inner}${parts.join(`,${inner}`)}${outer}}`;
  }
  return String(v);
}

/** `json.Marshal(v)`. */
export function goJsonMarshal(v: Value): string {
  return encode(v, null, 0);
}

/** `json.MarshalIndent(v, "", "    ")`. */
export function goJsonMarshalIndent(v: Value): string {
  return encode(v, '    ', 0);
}
