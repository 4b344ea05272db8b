/**
 * Applying a strategic merge patch (strategicpatch.StrategicMergeMapPatch and its mergeMap).
 *
 * Like a JSON merge patch — maps merge key by key, `null` deletes — except where the schema
 * says otherwise:
 *  - lists tagged `patchStrategy: merge` merge element by element on their merge key
 *    (containers by name, ports by containerPort, ...) or, for scalars, as a set;
 *  - directives: `$patch: replace|delete` on a map or list element, `$retainKeys`,
 *    `$deleteFromPrimitiveList/<field>`, `$setElementOrder/<field>`.
 *
 * The same mergeMap also merges two patches into one (apply's three-way merge), with
 * `mergeParallelList: false`: directives are then carried into the result instead of applied.
 */
import type { JsonObject, JsonValue } from '../../common/json.js';
import { cloneJson, isJsonObject, jsonEqual } from '../../common/json.js';
import {
  DELETE_DIRECTIVE,
  DELETE_FROM_PRIMITIVE_LIST_PREFIX,
  DIRECTIVE_MARKER,
  MERGE_DIRECTIVE,
  REPLACE_DIRECTIVE,
  RETAIN_KEYS_DIRECTIVE,
  SET_ELEMENT_ORDER_PREFIX,
  splitRetainKeys,
} from './directives.js';
import { goFormat } from './go-format.js';
import {
  type ElementKind,
  extractToDeleteItems,
  findMapByKey,
  normalizeElementOrder,
  partitionMaps,
  partitionPrimitives,
  sliceElementKind,
  deduplicateScalars,
} from './list-order.js';
import {
  ERR_BAD_PATCH_FORMAT_PRIMITIVE_LIST,
  ERR_BAD_PATCH_FORMAT_RETAIN_KEYS,
  ERR_BAD_PATCH_FORMAT_SET_ELEMENT_ORDER,
  errBadArgType,
  errBadPatchType,
  errNoMergeKey,
  smpBadRequest,
  smpError,
} from './patch-errors.js';
import { lookupField, type PatchSchema } from './patch-meta.js';
import { getOwn, hasOwn, setOwn } from '../../common/own-keys.js';

export interface MergeOptions {
  /** Apply `$deleteFromPrimitiveList`/`$setElementOrder`/`$retainKeys` (server side) rather than keep them. */
  readonly mergeParallelList: boolean;
  /** Drop `null`s that match nothing in the original (server side) rather than keep them. */
  readonly ignoreUnmatchedNulls: boolean;
}

const SERVER_SIDE: MergeOptions = { mergeParallelList: true, ignoreUnmatchedNulls: true };

/**
 * Applies `patch` to `original` as kube-apiserver does for
 * `Content-Type: application/strategic-merge-patch+json`. Neither input is modified.
 * Throws PatchError (see patch-errors.ts for the status the server turns it into).
 */
export function applyStrategicMergePatch(original: JsonObject, patch: JsonValue, schema: PatchSchema): JsonObject {
  if (!isJsonObject(patch)) {
    throw smpBadRequest(`json: cannot unmarshal ${goJsonTypeWord(patch)} into Go value of type map[string]interface {}`);
  }
  return mergeMap(cloneJson(original), cloneJson(patch), schema, SERVER_SIDE);
}

/** The word encoding/json uses for a JSON value's type in UnmarshalTypeError. */
function goJsonTypeWord(v: JsonValue): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v === 'boolean' ? 'bool' : typeof v;
}

/** reflect.TypeOf equality, for the JSON value kinds. */
function kindOf(v: JsonValue | undefined): string {
  if (v === undefined || v === null) return 'nil';
  if (Array.isArray(v)) return 'slice';
  return isJsonObject(v) ? 'map' : typeof v;
}

/**
 * Merges `patch` into `original` (both are mutated; the result may be either).
 * Exported for the three-way merge, which merges a delta patch into a deletions patch.
 */
export function mergeMap(original: JsonObject, patch: JsonObject, schema: PatchSchema, opts: MergeOptions): JsonObject {
  if (DIRECTIVE_MARKER in patch) return handleDirectiveInMergeMap(patch[DIRECTIVE_MARKER], patch);

  applyRetainKeysDirective(original, patch, opts);
  mergePatchIntoOriginal(original, patch, schema, opts);

  for (const k of Object.keys(patch)) {
    const patchV = patch[k] as JsonValue;
    let key = k;
    let isDeleteList = false;
    if (k.startsWith(DELETE_FROM_PRIMITIVE_LIST_PREFIX)) {
      if (!opts.mergeParallelList) {
        setOwn(original, k, patchV);
        continue;
      }
      key = extractKey(k, DELETE_FROM_PRIMITIVE_LIST_PREFIX);
      isDeleteList = true;
    }

    // null deletes; client side it is kept so the merged patch still says "delete".
    if (patchV === null) {
      delete original[key];
      if (opts.ignoreUnmatchedNulls) continue;
    }

    if (!hasOwn(original, key) || kindOf(getOwn(original, key)) !== kindOf(patchV)) {
      // Not in the original, or the type changed: take the patch value, minus directives.
      if (!isDeleteList) setWithoutDirectives(original, key, patchV, opts);
      continue;
    }

    const origV = getOwn(original, key) as JsonValue;
    if (isJsonObject(origV) && isJsonObject(patchV)) {
      const { schema: sub, meta } = lookupField(schema, key);
      const { strategy } = splitRetainKeys(meta.strategies);
      setOwn(original, key, strategy === REPLACE_DIRECTIVE ? patchV : mergeMap(origV, patchV, sub, opts));
    } else if (Array.isArray(origV) && Array.isArray(patchV)) {
      const { schema: sub, meta } = lookupField(schema, key);
      const { strategy } = splitRetainKeys(meta.strategies);
      setOwn(original, key, mergeSliceHandler(origV, patchV, sub, strategy, meta.mergeKey, isDeleteList, opts));
    } else {
      setWithoutDirectives(original, key, patchV, { ...opts, ignoreUnmatchedNulls: false });
    }
  }
  return original;
}

function setWithoutDirectives(target: JsonObject, key: string, v: JsonValue, opts: MergeOptions): void {
  if (opts.ignoreUnmatchedNulls) discardNullValues(v);
  const r = removeDirectives(v);
  if (r.keep) setOwn(target, key, r.value);
  else delete target[key];
}

/** `$patch` on a map: `replace` → the patch itself, `delete` → an empty map. */
function handleDirectiveInMergeMap(directive: JsonValue | undefined, patch: JsonObject): JsonObject {
  if (directive === REPLACE_DIRECTIVE) {
    delete patch[DIRECTIVE_MARKER];
    return patch;
  }
  if (directive === DELETE_DIRECTIVE) return {};
  throw errBadPatchType(directive, patch);
}

/** `$deleteFromPrimitiveList/finalizers` → `finalizers`. */
function extractKey(s: string, prefix: string): string {
  const slash = s.indexOf('/');
  if (slash < 0 || s.slice(0, slash) !== prefix) {
    throw smpBadRequest(
      prefix === DELETE_FROM_PRIMITIVE_LIST_PREFIX ? ERR_BAD_PATCH_FORMAT_PRIMITIVE_LIST : ERR_BAD_PATCH_FORMAT_SET_ELEMENT_ORDER,
    );
  }
  return s.slice(slash + 1);
}

/**
 * `$retainKeys: [a, b]`: server side, every other key of the original map is dropped, and
 * the patch may only set listed keys. Client side, the directive is copied into the merged
 * patch (both patches must agree on it).
 */
function applyRetainKeysDirective(original: JsonObject, patch: JsonObject, opts: MergeOptions): void {
  if (!(RETAIN_KEYS_DIRECTIVE in patch)) return;
  const retainKeys = patch[RETAIN_KEYS_DIRECTIVE] as JsonValue;
  delete patch[RETAIN_KEYS_DIRECTIVE];

  if (!opts.mergeParallelList) {
    if (RETAIN_KEYS_DIRECTIVE in original) {
      const mine = original[RETAIN_KEYS_DIRECTIVE] as JsonValue;
      if (!jsonEqual(mine, retainKeys)) {
        throw smpError(
          `${goFormat(mine)} and ${goFormat(retainKeys)} are not deep equal: this may happen when calculating the 3-way diff patch`,
        );
      }
    } else {
      original[RETAIN_KEYS_DIRECTIVE] = retainKeys;
    }
    return;
  }

  if (!Array.isArray(retainKeys)) throw smpBadRequest(ERR_BAD_PATCH_FORMAT_RETAIN_KEYS);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || k.startsWith(DELETE_FROM_PRIMITIVE_LIST_PREFIX) || k.startsWith(SET_ELEMENT_ORDER_PREFIX)) continue;
    if (!retainKeys.includes(k)) throw smpBadRequest(ERR_BAD_PATCH_FORMAT_RETAIN_KEYS);
  }
  for (const k of Object.keys(original)) {
    if (!retainKeys.includes(k)) delete original[k];
  }
}

/**
 * Handles every `$setElementOrder/<field>` of the patch together with `<field>`: merges the
 * list, then orders it — items named in the directive as it says, the others (server only)
 * where they were (see list-order.ts). Both keys are removed from the patch.
 */
function mergePatchIntoOriginal(original: JsonObject, patch: JsonObject, schema: PatchSchema, opts: MergeOptions): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER_PREFIX)) continue;
    const setOrder = patch[key] as JsonValue;
    if (!opts.mergeParallelList) {
      if (hasOwn(original, key)) {
        if (!jsonEqual(getOwn(original, key), setOrder)) throw smpBadRequest(ERR_BAD_PATCH_FORMAT_SET_ELEMENT_ORDER);
      } else {
        setOwn(original, key, setOrder);
      }
    }
    delete patch[key];

    if (!Array.isArray(setOrder)) throw errBadArgType('slice', setOrder);
    const field = extractKey(key, SET_ELEMENT_ORDER_PREFIX);
    const foundOriginal = hasOwn(original, field);
    const foundPatch = hasOwn(patch, field);
    const originalList = getOwn(original, field);
    const patchList = getOwn(patch, field);
    if (foundOriginal && !Array.isArray(originalList)) throw errBadArgType('slice', originalList);
    if (foundPatch && !Array.isArray(patchList)) throw errBadArgType('slice', patchList);
    const origArr = foundOriginal ? (originalList as JsonValue[]) : undefined;
    const patchArr = foundPatch ? (patchList as JsonValue[]) : undefined;

    const { schema: sub, meta } = lookupField(schema, field);
    const { strategy } = splitRetainKeys(meta.strategies);
    validatePatchWithSetOrderList(patchArr ?? [], setOrder, meta.mergeKey);

    let merged: JsonValue[];
    if (origArr && !patchArr) merged = origArr;
    else if (!origArr && patchArr) merged = removeDirectives(patchArr).value as JsonValue[];
    else if (origArr && patchArr) merged = mergeSliceHandler(origArr, patchArr, sub, strategy, meta.mergeKey, false, opts);
    else continue;

    const [patchItems, serverOnly] = meta.mergeKey
      ? partitionMaps(merged, setOrder, meta.mergeKey)
      : partitionPrimitives(merged, setOrder);
    const kind = sliceElementKind(origArr, patchArr);
    setOwn(original, field, normalizeElementOrder(patchItems, serverOnly, setOrder, origArr ?? [], meta.mergeKey, kind));
    delete patch[field];
  }
}

/**
 * The patch list must list its (non-deleted) items in the relative order `$setElementOrder`
 * gives them, and name no item the directive lacks.
 */
function validatePatchWithSetOrderList(patchList: readonly JsonValue[], setOrder: readonly JsonValue[], mergeKey: string): void {
  if (setOrder.length === 0 || patchList.length === 0) return;
  const nonDelete = mergeKey ? extractToDeleteItems(patchList).keep : [...patchList];
  let p = 0;
  let s = 0;
  while (p < nonDelete.length && s < setOrder.length) {
    const item = nonDelete[p] as JsonValue;
    if (isJsonObject(item) && DIRECTIVE_MARKER in item) {
      p++;
      continue;
    }
    if (mergeKeyValueEqual(item, setOrder[s] as JsonValue, mergeKey)) p++;
    s++;
  }
  if (p < nonDelete.length && s >= setOrder.length) {
    throw smpError(
      `The order in patch list:\n${goFormat([...patchList])}\n doesn't match ${SET_ELEMENT_ORDER_PREFIX} list:\n${goFormat([...setOrder])}\n`,
    );
  }
}

function mergeKeyValueEqual(left: JsonValue, right: JsonValue, mergeKey: string): boolean {
  if (!mergeKey) return left === right;
  if (!isJsonObject(left)) throw errBadArgType('map', left);
  if (!isJsonObject(right)) throw errBadArgType('map', right);
  if (!hasOwn(left, mergeKey)) throw errNoMergeKey(left, mergeKey);
  if (!hasOwn(right, mergeKey)) throw errNoMergeKey(right, mergeKey);
  return getOwn(left, mergeKey) === getOwn(right, mergeKey);
}

/** A list field: merged if tagged `merge` (or it is a deletion list), replaced otherwise. */
function mergeSliceHandler(
  original: JsonValue[],
  patch: JsonValue[],
  schema: PatchSchema,
  strategy: string,
  mergeKey: string,
  isDeleteList: boolean,
  opts: MergeOptions,
): JsonValue[] {
  if (strategy === MERGE_DIRECTIVE || isDeleteList) return mergeSlice(original, patch, schema, mergeKey, opts, isDeleteList);
  return patch;
}

function mergeSlice(
  original: JsonValue[],
  patch: JsonValue[],
  schema: PatchSchema,
  mergeKey: string,
  opts: MergeOptions,
  isDeleteList: boolean,
): JsonValue[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind: ElementKind = sliceElementKind(original, patch);

  let merged: JsonValue[];
  if (kind !== 'map') {
    if (opts.mergeParallelList && isDeleteList) return original.filter((v) => !patch.includes(v));
    merged = deduplicateScalars([...original, ...patch]);
  } else {
    if (!mergeKey) throw smpError('cannot merge lists without merge key for struct');
    [original, patch] = mergeSliceWithSpecialElements(original, patch, mergeKey);
    merged = mergeSliceWithoutSpecialElements(original, patch, mergeKey, schema, opts);
  }

  const [patchItems, serverOnly] = mergeKey ? partitionMaps(merged, patch, mergeKey) : partitionPrimitives(merged, patch);
  return normalizeElementOrder(patchItems, serverOnly, patch, original, mergeKey, kind);
}

/**
 * Applies the `$patch` elements of a list patch: `{name: x, $patch: delete}` removes x from
 * the original, `{$patch: replace}` makes the rest of the patch list the whole list.
 */
function mergeSliceWithSpecialElements(
  original: JsonValue[],
  patch: JsonValue[],
  mergeKey: string,
): [JsonValue[], JsonValue[]] {
  const plain: JsonValue[] = [];
  let replace = false;
  for (const v of patch) {
    const m = v as JsonObject;
    if (!(DIRECTIVE_MARKER in m)) {
      plain.push(v);
      continue;
    }
    const directive = m[DIRECTIVE_MARKER];
    if (directive === DELETE_DIRECTIVE) {
      if (!hasOwn(m, mergeKey)) throw errNoMergeKey(m, mergeKey);
      const value = getOwn(m, mergeKey);
      let found = findMapByKey(original, mergeKey, value);
      while (found) {
        original = [...original.slice(0, found.index), ...original.slice(found.index + 1)];
        found = findMapByKey(original, mergeKey, value);
      }
    } else if (directive === REPLACE_DIRECTIVE) {
      replace = true;
    } else if (directive === MERGE_DIRECTIVE) {
      throw smpError('merging lists cannot yet be specified in the patch');
    } else {
      throw errBadPatchType(directive, m);
    }
  }
  return replace ? [plain, []] : [original, plain];
}

/** Merges each patch element into the original element with the same key, or appends it. */
function mergeSliceWithoutSpecialElements(
  original: JsonValue[],
  patch: JsonValue[],
  mergeKey: string,
  schema: PatchSchema,
  opts: MergeOptions,
): JsonValue[] {
  const out = [...original];
  for (const v of patch) {
    const m = v as JsonObject;
    if (!hasOwn(m, mergeKey)) throw errNoMergeKey(m, mergeKey);
    const found = findMapByKey(out, mergeKey, getOwn(m, mergeKey));
    if (found) out[found.index] = mergeMap(found.map, m, schema, opts);
    else out.push(v); // appended as is: upstream strips neither nulls nor directives here
  }
  return out;
}

/**
 * Drops `$patch`-carrying maps (and list items) from a value taken whole from the patch.
 * Returns keep=false when the value itself is such a map.
 */
export function removeDirectives(v: JsonValue): { value: JsonValue; keep: boolean } {
  if (isJsonObject(v)) {
    if (DIRECTIVE_MARKER in v) return { value: null, keep: false };
    for (const k of Object.keys(v)) {
      const r = removeDirectives(v[k] as JsonValue);
      if (r.keep) setOwn(v, k, r.value);
      else delete v[k];
    }
    return { value: v, keep: true };
  }
  if (Array.isArray(v)) {
    const out: JsonValue[] = [];
    for (const item of v) {
      const r = removeDirectives(item);
      if (r.keep) out.push(r.value);
    }
    return { value: out, keep: true };
  }
  return { value: v, keep: true };
}

/** Deletes every null-valued map entry, recursively (lists keep their null items). */
function discardNullValues(v: JsonValue): void {
  if (isJsonObject(v)) {
    for (const k of Object.keys(v)) {
      const c = v[k] as JsonValue;
      if (c === null) delete v[k];
      else discardNullValues(c);
    }
  } else if (Array.isArray(v)) {
    v.forEach(discardNullValues);
  }
}
