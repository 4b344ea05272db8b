/**
 * JSON exactly as kubectl prints it with `-o json`: Go's `json.MarshalIndent(v, "", "    ")`
 * followed by a newline.
 *
 * Go's encoder differs from JSON.stringify in ways that show up in transcripts:
 *  - `<`, `>`, `&` are escaped as `\u003c`, `\u003e`, `\u0026` (HTML-safe by default), and so
 *    are U+2028 / U+2029;
 *  - other control characters use `\b`, `\f`, `\n`, `\r`, `\t` or `\u00XX` (lower-case hex);
 *  - empty objects and arrays print as `{}` and `[]` on one line;
 *  - maps (everything in an unstructured object) are written with keys sorted by bytes;
 *    typed objects keep struct field order — use toTypedOrder and `sortKeys: false` for those.
 */
import type { JsonValue } from './json.js';
import { compareGoStrings } from './go-strings.js';

export interface JsonTextOptions {
  /**
   * Sort object keys by their UTF-8 bytes, as Go does for maps (default true: server objects
   * are unstructured maps). Pass false to keep the value's own key order (typed output).
   */
  sortKeys?: boolean;
}

/** `json.MarshalIndent(value, "", "    ")` + "\n". */
export function toJsonText(value: JsonValue, opts: JsonTextOptions = {}): string {
  const out: string[] = [];
  writeValue(out, value, '', opts.sortKeys ?? true, '    ');
  out.push('\n');
  return out.join('');
}

/**
 * Compact `json.Marshal(value)` (no trailing newline): what kubectl puts in the
 * last-applied-configuration annotation and prints for maps in jsonpath results.
 */
export function toCompactJson(value: JsonValue, opts: JsonTextOptions = {}): string {
  const out: string[] = [];
  writeValue(out, value, null, opts.sortKeys ?? true, '');
  return out.join('');
}

/**
 * A number as Go's encoding/json writes it. Integers that fit int64 print in full
 * (9007199254740993 would print as ...992: JavaScript has already rounded it). Other
 * float64 values use the shortest representation, in exponent form only below 1e-6 or
 * from 1e21 up, with a minimal exponent: 1.5e-7 → `1.5e-7`, 1e21 → `1e+21` — which is
 * exactly what JavaScript's Number#toString produces in those ranges.
 */
export function formatJsonNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`json: unsupported value: ${n}`);
  if (Number.isInteger(n) && Math.abs(n) < 2 ** 63) return BigInt(n).toString();
  return String(n);
}

/** Characters quoteJsonString writes other than as themselves (surrogates: in case one is alone). */
const NEEDS_ESCAPE = /[\u0000-\u001f"\\<>&\u2028\u2029\ud800-\udfff]/u;

/** Go's encodeState.string with escapeHTML = true. */
export function quoteJsonString(s: string): string {
  // Most strings need no escaping at all: skip the per-character loop (a 30 MB value takes
  // seconds in it).
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  let out = '"';
  for (const c of s) {
    const cp = c.codePointAt(0) ?? 0;
    switch (c) {
      case '"':
        out += '\\"';
        continue;
      case '\\':
        out += '\\\\';
        continue;
      case '\n':
        out += '\\n';
        continue;
      case '\r':
        out += '\\r';
        continue;
      case '\t':
        out += '\\t';
        continue;
      case '\b':
        out += '\\b';
        continue;
      case '\f':
        out += '\\f';
        continue;
    }
    if (cp < 0x20 || c === '<' || c === '>' || c === '&' || cp === 0x2028 || cp === 0x2029) {
      out += '\\u' + cp.toString(16).padStart(4, '0');
    } else if (cp >= 0xd800 && cp <= 0xdfff) {
      // A lone surrogate is invalid UTF-8 in Go's terms; it writes U+FFFD.
      out += '\\ufffd';
    } else {
      out += c;
    }
  }
  return out + '"';
}

function writeValue(out: string[], v: JsonValue, indent: string | null, sortKeys: boolean, step: string): void {
  if (v === null) out.push('null');
  else if (typeof v === 'boolean') out.push(v ? 'true' : 'false');
  else if (typeof v === 'number') out.push(formatJsonNumber(v));
  else if (typeof v === 'string') out.push(quoteJsonString(v));
  else if (Array.isArray(v)) {
    if (v.length === 0) {
      out.push('[]');
      return;
    }
    const inner = indent === null ? null : indent + step;
    out.push('[');
    v.forEach((item, i) => {
      if (i > 0) out.push(',');
      if (inner !== null) out.push('\n', inner);
      writeValue(out, item, inner, sortKeys, step);
    });
    if (indent !== null) out.push('\n', indent);
    out.push(']');
  } else {
    const keys = Object.keys(v);
    if (keys.length === 0) {
      out.push('{}');
      return;
    }
    if (sortKeys) keys.sort(compareGoStrings);
    const inner = indent === null ? null : indent + step;
    out.push('{');
    keys.forEach((k, i) => {
      if (i > 0) out.push(',');
      if (inner !== null) out.push('\n', inner);
      out.push(quoteJsonString(k), inner !== null ? ': ' : ':');
      writeValue(out, v[k] as JsonValue, inner, sortKeys, step);
    });
    if (indent !== null) out.push('\n', indent);
    out.push('}');
  }
}
