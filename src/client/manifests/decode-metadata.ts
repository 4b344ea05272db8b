/**
 * kubectl decodes every object's metadata into a typed ObjectMeta while reading `-f` (the
 * decoder's metadataOnlyObject), so `labels: [a, b]`, `name: true` (also YAML 1.1's `y`) or
 * `labels: {a: 5}` are refused before anything is sent, with encoding/json's wording.
 * The first error is the first in the bytes kubectl decodes: the document's own key order for
 * JSON input, Go's sorted keys for YAML (which kubectl converts to JSON through a Go map).
 */
import type { JsonValue } from '../../common/json.js';
import { DOCUMENT_ORDER, SORTED_KEYS, jsonDecodeError } from '../../apiserver/decode/json-decode.js';
import { metadataOnlyObject } from '../../apiserver/decode/meta-types.js';
import type { RawDocument } from './decode-stream.js';

export function metadataDecodeError(doc: RawDocument): string | undefined {
  // Errors are rare: look with any order first, and find the first in byte order only then.
  if (jsonDecodeError(doc.value, metadataOnlyObject, DOCUMENT_ORDER) === undefined) return undefined;
  // doc.raw holds the bytes kubectl decodes (the JSON text, or sorted JSON from YAML).
  let bytes: JsonValue = doc.value;
  try {
    bytes = JSON.parse(doc.raw) as JsonValue;
  } catch {
    return jsonDecodeError(doc.value, metadataOnlyObject, SORTED_KEYS);
  }
  return jsonDecodeError(bytes, metadataOnlyObject, DOCUMENT_ORDER);
}
