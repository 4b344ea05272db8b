/**
 * Ordering of merged lists in strategic merge patch (the "preserve order" design,
 * design-proposals-archive/cli/preserve-order-in-strategic-merge-patch.md).
 *
 * After merging, the items are split into those named by the patch (or by its
 * `$setElementOrder` list) and those only the server had. Each part is sorted by its own
 * reference order, then the two are interleaved: a server-only item goes right before the
 * first patch item that comes after it in the live list.
 *
 * Worked example: live [a b c d], patch [d b] (set order [d b]):
 *   patch items   [d b]     (ordered as the patch says)
 *   server-only   [a c]     (ordered as live)
 *   interleave:   a before d in live? yes → a; c before d? yes → c; then d b  → [a c d b]
 */
import type { JsonObject, JsonValue } from '../../common/json.js';
import { isJsonObject } from '../../common/json.js';
import { goFormat } from './go-format.js';
import { compareGoStrings } from '../../common/go-strings.js';
import { errBadArgType, errNoMergeKey, smpError } from './patch-errors.js';
import { DIRECTIVE_MARKER, DELETE_DIRECTIVE } from './directives.js';
import { getOwn, hasOwn, setOwn } from '../../common/own-keys.js';

/** The element kind of a list (Go's reflect.Kind of the elements): maps or scalars. */
export type ElementKind = 'map' | 'scalar';

/** The value two items are matched by: their merge key for maps, themselves for scalars. */
function identity(item: JsonValue | undefined, mergeKey: string, kind: ElementKind): JsonValue | undefined {
  if (kind !== 'map') return item;
  return isJsonObject(item) ? getOwn(item, mergeKey) : undefined;
}

/** Index of `item` in `list` by merge key (maps) or value (scalars); -1 if absent. */
export function indexByKey(list: readonly JsonValue[], item: JsonValue, mergeKey: string, kind: ElementKind): number {
  const want = identity(item, mergeKey, kind);
  return list.findIndex((v) => identity(v, mergeKey, kind) === want);
}

/**
 * The element kind shared by all the lists; errors like sliceElementType when they mix
 * kinds, hold lists, or are all empty.
 */
export function sliceElementKind(...lists: readonly (readonly JsonValue[] | undefined)[]): ElementKind {
  let prev: string | undefined;
  for (const list of lists) {
    for (const v of list ?? []) {
      const t = v === null ? 'nil' : Array.isArray(v) ? 'slice' : isJsonObject(v) ? 'map' : typeof v;
      if (prev === undefined) {
        prev = t;
        if (t === 'slice') throw smpError('lists of lists are not supported');
      } else if (prev !== t) {
        throw smpError(`list element types are not identical: ${goFormat(lists.map((l) => [...(l ?? [])]))}`);
      }
    }
  }
  if (prev === undefined) throw smpError('no elements in any of the given slices');
  return prev === 'map' ? 'map' : 'scalar';
}

/** Every item must be a map holding the merge key (validateMergeKeyInLists). */
export function validateMergeKeyInLists(mergeKey: string, ...lists: readonly (readonly JsonValue[])[]): void {
  for (const list of lists) {
    for (const item of list) {
      if (!isJsonObject(item)) throw errBadArgType('map', item);
      if (!hasOwn(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
    }
  }
}

/** Splits a list into items kept and `$patch: delete` items (extractToDeleteItems). */
export function extractToDeleteItems(list: readonly JsonValue[]): { keep: JsonValue[]; toDelete: JsonValue[] } {
  const keep: JsonValue[] = [];
  const toDelete: JsonValue[] = [];
  for (const v of list) {
    if (!isJsonObject(v)) throw errBadArgType('map', v);
    if (v[DIRECTIVE_MARKER] === DELETE_DIRECTIVE) toDelete.push(v);
    else keep.push(v);
  }
  return { keep, toDelete };
}

/**
 * Sorts `toSort` by position in `order` (stable); `$patch: delete` items go last.
 * Items missing from `order` keep their relative place.
 */
export function normalizeSliceOrder(
  toSort: readonly JsonValue[],
  order: readonly JsonValue[],
  mergeKey: string,
  kind: ElementKind,
): JsonValue[] {
  let items = [...toSort];
  let toDelete: JsonValue[] = [];
  if (kind === 'map') {
    validateMergeKeyInLists(mergeKey, toSort, order);
    ({ keep: items, toDelete } = extractToDeleteItems(toSort));
  }
  const pos = items.map((v) => indexByKey(order, v, mergeKey, kind));
  const idx = items.map((_, i) => i);
  idx.sort((i, j) => {
    const pi = pos[i] ?? -1;
    const pj = pos[j] ?? -1;
    return pi >= 0 && pj >= 0 ? pi - pj : 0;
  });
  return [...idx.map((i) => items[i] as JsonValue), ...toDelete];
}

/**
 * Interleaves two lists already sorted on their own (mergeSortedSlice): `left` (server-only)
 * items are placed before the first `right` (patch) item they precede in `serverOrder`.
 */
export function mergeSortedSlice(
  left: readonly JsonValue[],
  right: readonly JsonValue[],
  serverOrder: readonly JsonValue[],
  mergeKey: string,
  kind: ElementKind,
): JsonValue[] {
  const out: JsonValue[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    const l = left[i];
    const r = right[j];
    if (l === undefined) {
      out.push(r as JsonValue);
      j++;
    } else if (r === undefined) {
      out.push(l);
      i++;
    } else {
      const li = indexByKey(serverOrder, l, mergeKey, kind);
      const ri = indexByKey(serverOrder, r, mergeKey, kind);
      if (li >= 0 && ri >= 0 && li < ri) {
        out.push(l);
        i++;
      } else {
        out.push(r);
        j++;
      }
    }
  }
  return out;
}

/** normalizeElementOrder: order both parts, then interleave them (see the file comment). */
export function normalizeElementOrder(
  patchItems: readonly JsonValue[],
  serverOnly: readonly JsonValue[],
  patchOrder: readonly JsonValue[],
  serverOrder: readonly JsonValue[],
  mergeKey: string,
  kind: ElementKind,
): JsonValue[] {
  const p = normalizeSliceOrder(patchItems, patchOrder, mergeKey, kind);
  const s = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind);
  return mergeSortedSlice(s, p, serverOrder, mergeKey, kind);
}

/** Splits scalars into those present in `by` and the rest, keeping order. */
export function partitionPrimitives(list: readonly JsonValue[], by: readonly JsonValue[]): [JsonValue[], JsonValue[]] {
  const inPatch: JsonValue[] = [];
  const serverOnly: JsonValue[] = [];
  for (const v of list) (by.includes(v) ? inPatch : serverOnly).push(v);
  return [inPatch, serverOnly];
}

/** Finds the map in `list` whose `key` equals `value` (findMapInSliceBasedOnKeyValue). */
export function findMapByKey(
  list: readonly JsonValue[],
  key: string,
  value: JsonValue | undefined,
): { map: JsonObject; index: number } | undefined {
  for (let k = 0; k < list.length; k++) {
    const v = list[k];
    if (!isJsonObject(v)) throw smpError(`value for key ${k} is not a map`);
    if (hasOwn(v, key) && getOwn(v, key) === value) return { map: v, index: k };
  }
  return undefined;
}

/** Splits maps into those whose merge key appears in `by` and the rest, keeping order. */
export function partitionMaps(
  list: readonly JsonValue[],
  by: readonly JsonValue[],
  mergeKey: string,
): [JsonValue[], JsonValue[]] {
  const inPatch: JsonValue[] = [];
  const serverOnly: JsonValue[] = [];
  for (const v of list) {
    if (!isJsonObject(v)) throw errBadArgType('map', v);
    if (!hasOwn(v, mergeKey)) throw errNoMergeKey(v, mergeKey);
    (findMapByKey(by, mergeKey, getOwn(v, mergeKey)) ? inPatch : serverOnly).push(v);
  }
  return [inPatch, serverOnly];
}

/** Scalars compare by their `%v` text, as Go's SortableSliceOfScalars does. */
export function scalarText(v: JsonValue | undefined): string {
  return goFormat(v);
}

/** sortScalars: sorted by `%v` text (so 10 sorts before 9). */
export function sortScalars(list: readonly JsonValue[]): JsonValue[] {
  return [...list].sort((a, b) => compareGoStrings(scalarText(a), scalarText(b)));
}

/**
 * deduplicateScalars: Go's version moves the last element into each duplicate's slot;
 * callers re-sort afterwards, so only the set of survivors matters — but we mimic it anyway.
 */
export function deduplicateScalars(list: readonly JsonValue[]): JsonValue[] {
  const s = [...list];
  let length = s.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (s[i] === s[j]) {
        s[j] = s[length] as JsonValue;
        s.length = length;
        length--;
        j--;
      }
    }
  }
  return s;
}
