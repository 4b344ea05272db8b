/**
 * How much nesting and aliasing a manifest may have, and why.
 *
 * kubectl's limits (all 10,000, from Go's encoding/json and go-yaml v2):
 *  - JSON: the scanner refuses a container opened 10,001 levels deep:
 *    `json: offset 10069: invalid character '[' exceeded max depth`;
 *  - YAML: go-yaml's scanner refuses a 10,001st flow level (`[` / `{`) or indentation level:
 *    `yaml: line 4: exceeded max depth of 10000`;
 *  - YAML converted to JSON is then decoded by encoding/json, which applies its own limit to
 *    the whole (alias-expanded) value.
 *
 * kubemu's own limit is lower, KUBEMU_MAX_DEPTH: js-yaml composes documents recursively, and
 * so do the printers, patch engines and validators every object passes through afterwards;
 * JavaScript's default stack holds roughly 1,600 levels of js-yaml and 2,000 of
 * structuredClone. A document deeper than KUBEMU_MAX_DEPTH but within kubectl's limit is
 * refused with a message that says it is kubemu's limit (no real manifest comes close: a
 * CustomResourceDefinition's schema is a few dozen levels deep).
 */

import { jsonDepthBeyond } from '../../common/json-depth.js';
import { KUBEMU_MAX_DEPTH, MAX_NESTING_DEPTH } from '../../common/json-depth.js';

export { KUBEMU_MAX_DEPTH, MAX_NESTING_DEPTH };

/** The message for a document within kubectl's limits but beyond kubemu's. */
export function kubemuDepthMessage(): string {
  return `exceeded max depth of ${KUBEMU_MAX_DEPTH} (kubemu's limit; kubectl's is ${MAX_NESTING_DEPTH})`;
}

/**
 * JSON text from a user-controlled string (an annotation such as last-applied-configuration),
 * parsed with JSON.parse, or undefined if it is not JSON or nests deeper than kubemu reads
 * (JSON.parse itself is not recursive, but everything that walks its result is).
 */
export function parseBoundedJson(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return jsonDepthBeyond(parsed, KUBEMU_MAX_DEPTH) > KUBEMU_MAX_DEPTH ? undefined : parsed;
}
