/**
 * The patch `kubectl apply` sends for an object that exists (patcher.go patchSimple).
 *
 * Three documents take part: `original` (the last-applied annotation of the live object),
 * `modified` (the file, carrying the new annotation) and `current` (the live object). The
 * patch is
 *   - every addition or change from current to modified — never a deletion, so fields the
 *     cluster or other tools set (status, an env var added by `kubectl set env`, replicas
 *     after `kubectl scale` if the file has none) survive; plus
 *   - every deletion from original to modified — only fields *this file* set earlier and
 *     no longer sets are removed.
 *
 * Worked example (Deployment, file says replicas: 4, live was scaled to 6):
 *   delta current→modified = {spec: {replicas: 4}}, deletions original→modified = {}
 *   → patch {spec: {replicas: 4}}: apply puts it back to 4.
 *
 * Built-in kinds get a strategic merge patch (strategicpatch.CreateThreeWayMergePatch,
 * overwrite=true so conflicts are not checked), other kinds a JSON merge patch
 * (jsonmergepatch.CreateThreeWayJSONMergePatch). An empty patch `{}` means "unchanged".
 */
import type { JsonObject, JsonValue } from '../../common/json.js';
import { cloneJson, isJsonObject } from '../../common/json.js';
import { createJsonMergePatch, applyJsonMergePatch } from '../../apiserver/patch/json-merge-patch.js';
import type { PatchSchema } from '../../apiserver/patch/patch-meta.js';
import { diffMaps } from '../../apiserver/patch/strategic-diff.js';
import { mergeMap } from '../../apiserver/patch/strategic-merge.js';
import { getOwn, hasOwn, setOwn } from '../../common/own-keys.js';

/** The patch and the Content-Type it is sent with. */
export interface ThreeWayPatch {
  type: 'strategic' | 'merge';
  patch: JsonObject;
}

/**
 * The apply patch. `schema` is the strategic schema of the kind, or undefined for kinds
 * without one (custom resources), which get a JSON merge patch.
 */
export function threeWayMergePatch(
  original: JsonObject | undefined,
  modified: JsonObject,
  current: JsonObject,
  schema: PatchSchema | undefined,
): ThreeWayPatch {
  if (schema) return { type: 'strategic', patch: threeWayStrategicMergePatch(original, modified, current, schema) };
  return { type: 'merge', patch: threeWayJsonMergePatch(original, modified, current) };
}

/** strategicpatch.CreateThreeWayMergePatch with overwrite=true. */
export function threeWayStrategicMergePatch(
  original: JsonObject | undefined,
  modified: JsonObject,
  current: JsonObject,
  schema: PatchSchema,
): JsonObject {
  const delta = diffMaps(cloneJson(current), cloneJson(modified), schema, {
    setElementOrder: true,
    ignoreChangesAndAdditions: false,
    ignoreDeletions: true,
    buildRetainKeysDirective: false,
  });
  const deletions = diffMaps(cloneJson(original ?? {}), cloneJson(modified), schema, {
    setElementOrder: true,
    ignoreChangesAndAdditions: true,
    ignoreDeletions: false,
    buildRetainKeysDirective: false,
  });
  // Merge the two patches, keeping nulls and directives (they are instructions for the server).
  return mergeMap(deletions, delta, schema, { mergeParallelList: false, ignoreUnmatchedNulls: false });
}

/** Thrown when a merge patch would change apiVersion, kind or metadata.name. */
export class ApplyPreconditionError extends Error {
  constructor() {
    super('At least one of apiVersion, kind and name was changed');
    this.name = 'ApplyPreconditionError';
  }
}

/**
 * jsonmergepatch.CreateThreeWayJSONMergePatch: the non-null part of the merge patch
 * current→modified, on top of the null part of original→modified.
 *
 * Upstream also checks the two halves for conflicts; they cannot overlap (one only names
 * keys modified has, the other only keys it lacks), so that check is omitted.
 */
export function threeWayJsonMergePatch(
  original: JsonObject | undefined,
  modified: JsonObject,
  current: JsonObject,
): JsonObject {
  const addAndChange = keepOrDeleteNull(createJsonMergePatch(current, modified), false);
  const deletions = keepOrDeleteNull(createJsonMergePatch(original ?? {}, modified), true);
  const patch = applyJsonMergePatch(deletions, addAndChange) as JsonObject;
  const meta = patch['metadata'];
  if ('apiVersion' in patch || 'kind' in patch || (isJsonObject(meta) && 'name' in meta)) {
    throw new ApplyPreconditionError();
  }
  return patch;
}

/**
 * keepNull=true keeps only the nulls of a merge patch (the deletions), false only the rest.
 * Nested maps left empty are dropped; an explicit `{}` value counts as a change.
 */
function keepOrDeleteNull(m: JsonObject, keepNull: boolean): JsonObject {
  const out: JsonObject = {};
  for (const [key, val] of Object.entries(m)) {
    if (val === null) {
      if (keepNull) setOwn(out, key, null);
      continue;
    }
    if (isJsonObject(val)) {
      if (Object.keys(val).length === 0) {
        if (!keepNull) setOwn(out, key, val);
        continue;
      }
      const sub = keepOrDeleteNull(val, keepNull);
      if (Object.keys(sub).length > 0) setOwn(out, key, sub);
      continue;
    }
    if (!keepNull) setOwn(out, key, val as JsonValue);
  }
  return out;
}
