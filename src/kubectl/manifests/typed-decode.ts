/**
 * kubectl's typed decoding of what it read with -f, with encoding/json's wording:
 *  - every object's metadata goes into a typed ObjectMeta while reading (the decoder's
 *    metadataOnlyObject), so `labels: [a, b]`, `name: true` (also YAML 1.1's `y`) or
 *    `labels: {a: 5}` are refused before anything is sent;
 *  - commands that read into typed objects (set image, set env) decode the whole object.
 * The first error is the first in the bytes kubectl decodes: the document's own key order for
 * JSON input, Go's sorted keys for YAML (which kubectl converts to JSON through a Go map).
 * Objects remember those bytes (RawDocument.raw) for that.
 */
import type { JsonObject, JsonValue } from '../../common/json.js';
import { DOCUMENT_ORDER, SORTED_KEYS, jsonDecodeError } from '../../apiserver/decode/json-decode.js';
import { metadataOnlyObject } from '../../apiserver/decode/meta-types.js';
import { goTypeOf } from '../../apiserver/decode/index.js';
import type { GoType } from '../../apiserver/decode/go-types.js';

/**
 * The JSON text each top-level manifest object was decoded from, as a thunk: only an error needs
 * it, and producing it for a large YAML document costs a whole serialisation (RawDocument.raw).
 */
const bytesOf = new WeakMap<object, () => string>();

export function rememberBytes(obj: JsonObject, raw: () => string): void {
  bytesOf.set(obj, raw);
}

function decodeError(value: JsonValue, raw: (() => string) | undefined, type: GoType): string | undefined {
  // Errors are rare: look in any order first, and find the first in byte order only then.
  if (jsonDecodeError(value, type, DOCUMENT_ORDER) === undefined) return undefined;
  if (raw !== undefined) {
    try {
      return jsonDecodeError(JSON.parse(raw()) as JsonValue, type, DOCUMENT_ORDER);
    } catch {
      // not JSON after all: fall back to Go's sorted order
    }
  }
  return jsonDecodeError(value, type, SORTED_KEYS);
}

/** The metadataOnlyObject error of one document's value, or undefined. */
export function metadataDecodeError(value: JsonValue, raw: () => string): string | undefined {
  return decodeError(value, raw, metadataOnlyObject);
}

/** The error of decoding a manifest object into its kind's Go type, or undefined. */
export function typedDecodeError(obj: JsonObject, apiVersion: string, kind: string): string | undefined {
  const type = goTypeOf(apiVersion, kind);
  return type && decodeError(obj, bytesOf.get(obj), type);
}
