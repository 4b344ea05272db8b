import { isJsonObject, type JsonValue } from '../common/json.js';
import { type KubeObject, objectJson, unverifiedKubeObject } from '../api/meta/v1.js';
import { applyStrategicMergePatch } from './patch/strategic-merge.js';
import { applyJsonMergePatch } from './patch/json-merge-patch.js';
import { applyJsonPatch } from './patch/json-patch.js';
import { strategicSchemaFor } from './patch/patch-meta.js';
import { PatchError, strategicMergeUnsupported, toStatusError } from './patch/patch-errors.js';
import { StatusError, badRequest } from './errors.js';
import { KUBEMU_MAX_DEPTH, MAX_NESTING_DEPTH, jsonDepthBeyond } from '../common/json-depth.js';
import { jsonPatchResultError, strategicPatchResultError } from './decode/index.js';
import { marshalOrder } from './decode/marshal-order.js';

/** The PATCH content types: strategic merge, JSON merge (RFC 7386), JSON patch (RFC 6902). */
export type PatchType = 'strategic' | 'merge' | 'json';

/**
 * Applies a PATCH body to the stored object as kube-apiserver's patch handler does, with its
 * errors, then decodes the result into the kind's Go type (decode/index.ts): a result that
 * does not decode fails the patch. The result still goes through admission and the update rules,
 * which check what the patch made of the object's name, apiVersion and kind (hence unverified).
 */
export function patchObject(obj: KubeObject, type: PatchType, patch: JsonValue): KubeObject {
  const result = applyPatch(obj, type, patch);
  // A patch may nest one deep value inside another: refuse a result too deep to walk (the
  // API server's own limit, 10,000, is the JSON decoder's; see common/json-depth.ts).
  if (jsonDepthBeyond(result, KUBEMU_MAX_DEPTH) > KUBEMU_MAX_DEPTH) {
    throw badRequest(`the patched object nests deeper than ${KUBEMU_MAX_DEPTH} levels (kubemu's limit; the API server's is ${MAX_NESTING_DEPTH})`);
  }
  const err = patchResultError(result, type, patch);
  if (err) throw err;
  return unverifiedKubeObject(result);
}

/**
 * The decode error of a patch result. A JSON or merge patch may turn the object into any JSON
 * value (a merge patch that is a list replaces it): only objects get their keys re-ordered.
 */
function patchResultError(result: JsonValue, type: PatchType, patch: JsonValue): StatusError | undefined {
  if (type !== 'strategic') return jsonPatchResultError(isJsonObject(result) ? marshalOrder(result, type, patch) : result);
  // applyStrategicMergePatch always answers an object.
  return isJsonObject(result) ? strategicPatchResultError(result, patch) : undefined;
}

function applyPatch(obj: KubeObject, type: PatchType, patch: JsonValue): JsonValue {
  const doc = objectJson(obj);
  try {
    switch (type) {
      case 'strategic': {
        const schema = strategicSchemaFor(obj.apiVersion, obj.kind);
        if (!schema) throw strategicMergeUnsupported();
        return applyStrategicMergePatch(doc, patch, schema);
      }
      case 'merge':
        return applyJsonMergePatch(doc, patch);
      case 'json':
        return applyJsonPatch(doc, patch);
    }
  } catch (e) {
    if (e instanceof PatchError) throw toStatusError(e);
    if (e instanceof StatusError) throw e;
    throw e;
  }
}
