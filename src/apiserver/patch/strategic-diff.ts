/**
 * Computing a strategic merge patch from two documents (strategicpatch.diffMaps and friends).
 *
 * The patch holds: keys added or changed in `modified` with their new value; keys missing
 * from `modified` as null; for merging lists, only the changed elements (with their merge
 * key), `{<key>: v, $patch: delete}` for removed elements, `$deleteFromPrimitiveList/<f>`
 * for removed scalars, and `$setElementOrder/<f>` giving the full order of the list; for
 * retainKeys fields, `$retainKeys` listing the keys to keep.
 *
 * Options let apply's three-way merge compute "additions and changes only" (live → file)
 * and "deletions only" (last-applied → file) separately.
 */
import type { JsonObject, JsonValue } from '../../common/json.js';
import { isJsonObject, jsonEqual } from '../../common/json.js';
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
import { compareGoStrings } from '../../common/go-strings.js';
import {
  deduplicateScalars,
  normalizeSliceOrder,
  scalarText,
  sliceElementKind,
  sortScalars,
} from './list-order.js';
import { errBadArgType, errNoMergeKey, smpError } from './patch-errors.js';
import { lookupField, type PatchSchema } from './patch-meta.js';
import { getOwn, hasOwn, setOwn } from '../../common/own-keys.js';

export interface DiffOptions {
  /** Emit `$setElementOrder` lists for merging lists that changed. */
  readonly setElementOrder: boolean;
  /** Leave out additions and changes (the "deletions" half of a three-way merge). */
  readonly ignoreChangesAndAdditions: boolean;
  /** Leave out deletions (the "delta" half of a three-way merge). */
  readonly ignoreDeletions: boolean;
  /** Emit `$retainKeys` for this map (its field is tagged retainKeys). */
  readonly buildRetainKeysDirective: boolean;
}

/** Options of CreateTwoWayMergePatch. */
export const TWO_WAY: DiffOptions = {
  setElementOrder: true,
  ignoreChangesAndAdditions: false,
  ignoreDeletions: false,
  buildRetainKeysDirective: false,
};

/** The strategic merge patch that turns `original` into `modified`. */
export function diffMaps(original: JsonObject, modified: JsonObject, schema: PatchSchema, opts: DiffOptions): JsonObject {
  const patch: JsonObject = {};
  const retainKeys: JsonValue[] = [];

  for (const [key, modifiedValue] of Object.entries(modified)) {
    if (opts.buildRetainKeysDirective && modifiedValue !== null) retainKeys.push(key);

    if (!hasOwn(original, key)) {
      if (!opts.ignoreChangesAndAdditions) setOwn(patch, key, modifiedValue);
      continue;
    }
    const originalValue = getOwn(original, key) as JsonValue;

    if (key === DIRECTIVE_MARKER) {
      if (typeof originalValue !== 'string' || typeof modifiedValue !== 'string') {
        throw smpError(`invalid value for special key: ${DIRECTIVE_MARKER}`);
      }
      if (originalValue !== modifiedValue) setOwn(patch, key, modifiedValue);
      continue;
    }

    if (goKind(originalValue) !== goKind(modifiedValue)) {
      if (!opts.ignoreChangesAndAdditions) setOwn(patch, key, modifiedValue);
      continue;
    }

    if (isJsonObject(originalValue) && isJsonObject(modifiedValue)) {
      handleMapDiff(key, originalValue, modifiedValue, patch, schema, opts);
    } else if (Array.isArray(originalValue) && Array.isArray(modifiedValue)) {
      handleSliceDiff(key, originalValue, modifiedValue, patch, schema, opts);
    } else if (!opts.ignoreChangesAndAdditions && !jsonEqual(originalValue, modifiedValue)) {
      setOwn(patch, key, modifiedValue);
    }
  }

  if (!opts.ignoreDeletions) {
    for (const key of Object.keys(original)) if (!hasOwn(modified, key)) setOwn(patch, key, null);
  }

  // $retainKeys only when something changes, or the original has keys to clear.
  if (retainKeys.length > 0 && (Object.keys(patch).length > 0 || hasAdditionalNewField(original, modified))) {
    patch[RETAIN_KEYS_DIRECTIVE] = sortScalars(retainKeys);
  }
  return patch;
}

/** reflect.TypeOf equality for JSON values (numbers are one kind in JS). */
function goKind(v: JsonValue): string {
  if (v === null) return 'nil';
  if (Array.isArray(v)) return 'slice';
  return isJsonObject(v) ? 'map' : typeof v;
}

function handleMapDiff(
  key: string,
  original: JsonObject,
  modified: JsonObject,
  patch: JsonObject,
  schema: PatchSchema,
  opts: DiffOptions,
): void {
  const { schema: sub, meta } = lookupField(schema, key);
  const { retainKeys, strategy } = splitRetainKeys(meta.strategies);
  if (strategy === REPLACE_DIRECTIVE) {
    if (!opts.ignoreChangesAndAdditions) setOwn(patch, key, modified);
    return;
  }
  const p = diffMaps(original, modified, sub, { ...opts, buildRetainKeysDirective: retainKeys });
  if (Object.keys(p).length > 0) setOwn(patch, key, p);
}

function handleSliceDiff(
  key: string,
  original: JsonValue[],
  modified: JsonValue[],
  patch: JsonObject,
  schema: PatchSchema,
  opts: DiffOptions,
): void {
  const { schema: sub, meta } = lookupField(schema, key);
  const { retainKeys, strategy } = splitRetainKeys(meta.strategies);
  if (strategy !== MERGE_DIRECTIVE) {
    if (!opts.ignoreChangesAndAdditions && !jsonEqual(original, modified)) setOwn(patch, key, modified);
    return;
  }
  const d = diffLists(original, modified, sub, meta.mergeKey, { ...opts, buildRetainKeysDirective: retainKeys });
  if (d.patchList.length > 0) setOwn(patch, key, d.patchList);
  if (d.deleteList.length > 0) patch[`${DELETE_FROM_PRIMITIVE_LIST_PREFIX}/${key}`] = d.deleteList;
  if (d.setOrderList.length > 0) patch[`${SET_ELEMENT_ORDER_PREFIX}/${key}`] = d.setOrderList;
}

interface ListDiff {
  patchList: JsonValue[];
  /** removed scalars (lists of maps put their deletions into patchList) */
  deleteList: JsonValue[];
  setOrderList: JsonValue[];
}

function diffLists(
  original: JsonValue[],
  modified: JsonValue[],
  schema: PatchSchema,
  mergeKey: string,
  opts: DiffOptions,
): ListDiff {
  const none: ListDiff = { patchList: [], deleteList: [], setOrderList: [] };
  if (original.length === 0) {
    // Everything is new: send the whole list, no order directive.
    if (modified.length === 0 || opts.ignoreChangesAndAdditions) return none;
    return { ...none, patchList: modified };
  }

  const kind = sliceElementKind(original, modified);
  if (kind === 'map') {
    const { patch, deletions } = diffListsOfMaps(original, modified, schema, mergeKey, opts);
    const patchList = [...normalizeSliceOrder(patch, modified, mergeKey, kind), ...deletions];
    const orderSame = isOrderSame(original, modified, mergeKey);
    // Set the order when contents changed or the order did.
    const wantOrder =
      opts.setElementOrder &&
      ((!opts.ignoreChangesAndAdditions && (patchList.length > 0 || !orderSame)) ||
        (!opts.ignoreDeletions && patchList.length > 0));
    const setOrderList = wantOrder ? modified.map((v) => ({ [mergeKey]: (v as JsonObject)[mergeKey] as JsonValue })) : [];
    return { patchList, deleteList: [], setOrderList };
  }

  const { add, del } = diffListsOfScalars(original, modified, opts);
  const patchList = normalizeSliceOrder(add, modified, mergeKey, kind);
  const wantOrder =
    opts.setElementOrder &&
    ((!opts.ignoreDeletions && del.length > 0) || (!opts.ignoreChangesAndAdditions && !jsonEqual(original, modified)));
  return { patchList, deleteList: del, setOrderList: wantOrder ? modified : [] };
}

function isOrderSame(original: JsonValue[], modified: JsonValue[], mergeKey: string): boolean {
  if (original.length !== modified.length) return false;
  return modified.every((m, i) => {
    const o = original[i] as JsonValue;
    if (!isJsonObject(o)) throw errBadArgType('map', o);
    if (!isJsonObject(m)) throw errBadArgType('map', m);
    if (!hasOwn(o, mergeKey)) throw errNoMergeKey(o, mergeKey);
    if (!hasOwn(m, mergeKey)) throw errNoMergeKey(m, mergeKey);
    return getOwn(o, mergeKey) === getOwn(m, mergeKey);
  });
}

/**
 * Walks both lists sorted by the `%v` text of their scalars: present only in original →
 * deletion, only in modified → addition.
 */
function diffListsOfScalars(original: JsonValue[], modified: JsonValue[], opts: DiffOptions): { add: JsonValue[]; del: JsonValue[] } {
  const o = sortScalars(original);
  const m = sortScalars(modified);
  const add: JsonValue[] = [];
  const del: JsonValue[] = [];
  let i = 0;
  let j = 0;
  while (i < o.length || j < m.length) {
    const os = i < o.length ? scalarText(o[i]) : undefined;
    const ms = j < m.length ? scalarText(m[j]) : undefined;
    if (os !== undefined && ms !== undefined && os === ms) {
      i++;
      j++;
    } else if (os === undefined || (ms !== undefined && os > ms)) {
      if (!opts.ignoreChangesAndAdditions) add.push(m[j] as JsonValue);
      j++;
    } else {
      if (!opts.ignoreDeletions) del.push(o[i] as JsonValue);
      i++;
    }
  }
  return { add, del: deduplicateScalars(del) };
}

/**
 * Walks both lists sorted by the `%v` text of their merge key: elements in both are diffed
 * recursively (kept with their merge key when they differ), new ones are sent whole, gone
 * ones become `{<key>: v, $patch: delete}`.
 */
function diffListsOfMaps(
  original: JsonValue[],
  modified: JsonValue[],
  schema: PatchSchema,
  mergeKey: string,
  opts: DiffOptions,
): { patch: JsonValue[]; deletions: JsonValue[] } {
  const keyText = (v: JsonValue): string => {
    if (!isJsonObject(v)) throw errBadArgType('map', v);
    if (!hasOwn(v, mergeKey)) throw errNoMergeKey(v, mergeKey);
    return scalarText(getOwn(v, mergeKey));
  };
  const byKey = (a: JsonValue, b: JsonValue): number => compareGoStrings(keyText(a), keyText(b));
  const o = [...original].sort(byKey);
  const m = [...modified].sort(byKey);

  const patch: JsonValue[] = [];
  const deletions: JsonValue[] = [];
  let i = 0;
  let j = 0;
  while (i < o.length || j < m.length) {
    const oe = o[i] as JsonObject | undefined;
    const me = m[j] as JsonObject | undefined;
    const os = oe ? keyText(oe) : undefined;
    const ms = me ? keyText(me) : undefined;
    if (oe && me && os === ms) {
      const p = diffMaps(oe, me, schema, opts);
      if (Object.keys(p).length > 0) {
        setOwn(p, mergeKey, getOwn(me, mergeKey) as JsonValue);
        patch.push(p);
      }
      i++;
      j++;
    } else if (me && (!oe || (os as string) > (ms as string))) {
      if (!opts.ignoreChangesAndAdditions) patch.push(me);
      j++;
    } else if (oe) {
      if (!opts.ignoreDeletions) deletions.push({ [mergeKey]: getOwn(oe, mergeKey) as JsonValue, [DIRECTIVE_MARKER]: DELETE_DIRECTIVE });
      i++;
    }
  }
  return { patch, deletions };
}

/** True when original has a non-null key that modified lacks. */
function hasAdditionalNewField(original: JsonObject, modified: JsonObject): boolean {
  return Object.entries(original).some(([k, v]) => v !== null && !hasOwn(modified, k));
}
