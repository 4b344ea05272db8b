/**
 * Go's encoding/json output of a jsonpath result (common/go-json.ts quotes its strings): map keys
 * sorted, compact for `json.Marshal` or 4-space indented for `json.MarshalIndent(v, "", "    ")`;
 * here because a result can hold jsonpath's own values (an invalid value, a typed Go number).
 */
import { isJsonObject } from '../../../common/json.js';
import { quoteJsonString } from '../../../common/go-json.js';
import { INVALID, GoNumber, sortedKeys, type Value } from './values.js';
import { JsonPathError } from './errors.js';

function encode(v: Value, indent: string | null, depth: number): string {
  if (v === INVALID) {
    // Upstream panics here (reflect: call of reflect.Value.Interface on zero Value).
    throw new JsonPathError('reflect: call of reflect.Value.Interface on zero Value');
  }
  if (v === null) return 'null';
  if (typeof v === 'string') return quoteJsonString(v);
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
    const parts = keys.map((k) => `${quoteJsonString(k)}${sep}${encode(v[k] as Value, indent, depth + 1)}`);
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
