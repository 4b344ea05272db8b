/**
 * `kubectl patch --local` and `--dry-run=client`: the patch applied on the client
 * (patch.go getPatchedJSON), with kubectl's own wording where it differs from the server's.
 */
import type { JsonObject, JsonValue } from '../../../common/json.js';
import { isJsonObject } from '../../../common/json.js';
import { applyStrategicMergePatch } from '../../../apiserver/patch/strategic-merge.js';
import { applyJsonMergePatch } from '../../../apiserver/patch/json-merge-patch.js';
import { applyJsonPatch } from '../../../apiserver/patch/json-patch.js';
import { KUBEMU_MAX_DEPTH, MAX_NESTING_DEPTH, jsonDepthBeyond } from '../../../common/json-depth.js';
import { strategicSchemaFor } from '../../../apiserver/patch/patch-meta.js';
import { ERR_BAD_JSON_DOC, ERR_BAD_JSON_PATCH, PatchError, strategicMergeUnsupportedLocally } from '../../../apiserver/patch/patch-errors.js';
import type { PatchType } from '../../../apiserver/patch-object.js';
import { CliError } from '../../util/errors.js';
import type { PatchBody } from './patch-body.js';

/**
 * The patched object, or a CliError with the text kubectl prints after `error: `:
 *  - strategic: a body that is not a JSON object → `invalid JSON document`; a kind without
 *    Go types → `strategic merge patch is not supported for /v1, Kind=X locally, try --type merge`;
 *  - merge: a body that is not valid JSON → `Invalid JSON Patch`;
 *  - json: a body that is not valid JSON → Go's json error (`unexpected end of JSON input`);
 *    an op on a missing key → `Object to be patched is missing field (<key>)`;
 *  - a result that is not an object → `json: cannot unmarshal array into Go value of type unstructured.detector`.
 */
export function patchLocally(obj: JsonObject, type: PatchType, body: PatchBody): JsonObject {
  const result = patched(obj, type, body);
  if (!isJsonObject(result)) {
    throw new CliError(`json: cannot unmarshal ${goJsonKind(result)} into Go value of type unstructured.detector`);
  }
  return result;
}

function patched(obj: JsonObject, type: PatchType, body: PatchBody): JsonValue {
  const result = applyLocally(obj, type, body);
  // As on the server (apiserver/patch-object.ts): a result too deep to print is refused.
  if (jsonDepthBeyond(result, KUBEMU_MAX_DEPTH) > KUBEMU_MAX_DEPTH) {
    throw new CliError(`the patched object nests deeper than ${KUBEMU_MAX_DEPTH} levels (kubemu's limit; kubectl's is ${MAX_NESTING_DEPTH})`);
  }
  return result;
}

function applyLocally(obj: JsonObject, type: PatchType, body: PatchBody): JsonValue {
  try {
    switch (type) {
      case 'strategic': {
        const apiVersion = typeof obj['apiVersion'] === 'string' ? obj['apiVersion'] : '';
        const kind = typeof obj['kind'] === 'string' ? obj['kind'] : '';
        const schema = strategicSchemaFor(apiVersion, kind);
        if (!schema) throw new CliError(strategicMergeUnsupportedLocally(apiVersion, kind));
        // StrategicMergePatch unmarshals the patch into a map first and hides why it failed.
        if (!body.ok || !isJsonObject(body.value)) throw new CliError(ERR_BAD_JSON_DOC);
        return applyStrategicMergePatch(obj, body.value, schema);
      }
      case 'merge':
        if (!body.ok) throw new CliError(ERR_BAD_JSON_PATCH);
        return applyJsonMergePatch(obj, body.value);
      case 'json':
        if (!body.ok) throw new CliError(body.jsonError);
        return applyJsonPatch(obj, body.value);
    }
  } catch (e) {
    if (e instanceof PatchError) throw new CliError(missingFieldMessage(e.message));
    throw e;
  }
}

/**
 * getPatchedJSON's rewording of json-patch's "doc is missing key" errors: everything after
 * `key:` becomes the field. Example:
 * `replace operation does not apply: doc is missing key: /spec/x: missing value` →
 * `Object to be patched is missing field (/spec/x: missing value)`.
 */
export function missingFieldMessage(msg: string): string {
  if (!msg.includes('doc is missing key')) return msg;
  return `Object to be patched is missing field (${msg.slice(msg.indexOf('key:') + 5)})`;
}

/** How encoding/json names a JSON value's kind in UnmarshalTypeError. */
function goJsonKind(v: JsonValue): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}
