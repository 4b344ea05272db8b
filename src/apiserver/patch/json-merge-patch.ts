/**
 * JSON merge patch (RFC 7386) as gopkg.in/evanphx/json-patch.v4 implements it — the library
 * kube-apiserver uses for `application/merge-patch+json` and kubectl for `--type merge`.
 *
 * Besides the RFC: a key whose original value is `null` counts as absent, and nulls are
 * pruned from values that are added whole (but kept as list items).
 */
import type { JsonObject, JsonValue } from '../../common/json.js';
import { cloneJson, isJsonObject, jsonEqual } from '../../common/json.js';
import { ERR_BAD_JSON_PATCH, mergePatchError } from './patch-errors.js';
import { getOwn, hasOwn, setOwn } from '../../common/own-keys.js';

/**
 * Applies a merge patch. The result is whatever the patch makes of the document: a patch
 * that is not an object replaces it (the API server then fails to decode it).
 * A `null` or scalar patch is rejected with `Invalid JSON Patch` (400 from the server).
 */
export function applyJsonMergePatch(original: JsonValue, patch: JsonValue): JsonValue {
  // evanphx decodes the patch as an object, then as a list; anything else is not a patch.
  if (!isJsonObject(patch) && !Array.isArray(patch)) throw mergePatchError(ERR_BAD_JSON_PATCH);
  const p = cloneJson(patch);
  if (!isJsonObject(p) || !isJsonObject(original)) return pruneNulls(p);
  return mergeDocs(cloneJson(original), p);
}

function mergeDocs(doc: JsonObject, patch: JsonObject): JsonObject {
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) {
      delete doc[k];
      continue;
    }
    const cur = getOwn(doc, k);
    if (cur === undefined || cur === null) setOwn(doc, k, pruneNulls(v));
    else setOwn(doc, k, merge(cur, v));
  }
  return doc;
}

function merge(cur: JsonValue, patch: JsonValue): JsonValue {
  if (!isJsonObject(cur)) return pruneNulls(patch);
  if (!isJsonObject(patch)) return patch;
  return mergeDocs(cur, patch);
}

/** Removes null map entries, recursively; list items that are null stay. */
function pruneNulls(v: JsonValue): JsonValue {
  if (isJsonObject(v)) {
    for (const k of Object.keys(v)) {
      const c = v[k] as JsonValue;
      if (c === null) delete v[k];
      else pruneNulls(c);
    }
  } else if (Array.isArray(v)) {
    for (const item of v) if (item !== null) pruneNulls(item);
  }
  return v;
}

/**
 * The merge patch turning `original` into `modified` (jsonpatch.CreateMergePatch's getDiff):
 * changed or added keys with their new value, nested maps as nested patches, removed keys as
 * null. Lists are compared whole.
 */
export function createJsonMergePatch(original: JsonObject, modified: JsonObject): JsonObject {
  const into: JsonObject = {};
  for (const [key, bv] of Object.entries(modified)) {
    if (!hasOwn(original, key)) {
      setOwn(into, key, bv);
      continue;
    }
    const av = getOwn(original, key) as JsonValue;
    if (isJsonObject(av) && isJsonObject(bv)) {
      const sub = createJsonMergePatch(av, bv);
      if (Object.keys(sub).length > 0) setOwn(into, key, sub);
    } else if (!jsonEqual(av, bv)) {
      setOwn(into, key, bv);
    }
  }
  for (const key of Object.keys(original)) {
    if (!hasOwn(modified, key)) setOwn(into, key, null);
  }
  return into;
}
