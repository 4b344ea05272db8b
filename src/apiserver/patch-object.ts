import type { JsonObject, JsonValue } from '../common/json.js';
import type { KubeObject } from '../api/meta/v1.js';
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
 * does not decode fails the patch. The result still goes through admission and the update rules.
 */
export function patchObject(obj: KubeObject, type: PatchType, patch: JsonValue): KubeObject {
  const result = applyPatch(obj, type, patch);
  // A patch may nest one deep value inside another: refuse a result too deep to walk (the
  // API server's own limit, 10,000, is the JSON decoder's; see common/json-depth.ts).
  if (jsonDepthBeyond(result, KUBEMU_MAX_DEPTH) > KUBEMU_MAX_DEPTH) {
    throw badRequest(`the patched object nests deeper than ${KUBEMU_MAX_DEPTH} levels (kubemu's limit; the API server's is ${MAX_NESTING_DEPTH})`);
  }
  const err =
    type === 'strategic'
      ? strategicPatchResultError(result, patch)
      : jsonPatchResultError(marshalOrder(result as unknown as JsonObject, type, patch) as unknown as KubeObject);
  if (err) throw err;
  return result;
}

function applyPatch(obj: KubeObject, type: PatchType, patch: JsonValue): KubeObject {
  const doc = obj as unknown as JsonObject;
  try {
    switch (type) {
      case 'strategic': {
        const schema = strategicSchemaFor(obj.apiVersion, obj.kind);
        if (!schema) throw strategicMergeUnsupported();
        return applyStrategicMergePatch(doc, patch, schema) as unknown as KubeObject;
      }
      case 'merge':
        return applyJsonMergePatch(doc, patch) as unknown as KubeObject;
      case 'json':
        return applyJsonPatch(doc, patch) as unknown as KubeObject;
    }
  } catch (e) {
    if (e instanceof PatchError) throw toStatusError(e);
    if (e instanceof StatusError) throw e;
    throw e;
  }
}
