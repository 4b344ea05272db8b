/** The special keys of strategic merge patch (strategicpatch/patch.go). */

/** `$patch`: `replace` / `delete` a map or list element, or `merge` (lists only, unsupported). */
export const DIRECTIVE_MARKER = '$patch';
export const DELETE_DIRECTIVE = 'delete';
export const REPLACE_DIRECTIVE = 'replace';
export const MERGE_DIRECTIVE = 'merge';

/** The patchStrategy that makes a struct keep only the keys listed in `$retainKeys`. */
export const RETAIN_KEYS_STRATEGY = 'retainKeys';
/** `$retainKeys: [type]` — drop every other key of the map. */
export const RETAIN_KEYS_DIRECTIVE = '$retainKeys';
/** `$deleteFromPrimitiveList/<field>: [values]` — remove scalars from a merging list. */
export const DELETE_FROM_PRIMITIVE_LIST_PREFIX = '$deleteFromPrimitiveList';
/** `$setElementOrder/<field>: [...]` — the final order of a merging list. */
export const SET_ELEMENT_ORDER_PREFIX = '$setElementOrder';

/**
 * Splits the patch strategies of a field into "has retainKeys" and the other strategy
 * (extractRetainKeysPatchStrategy): `merge,retainKeys` → [true, 'merge'].
 */
export function splitRetainKeys(strategies: readonly string[]): { retainKeys: boolean; strategy: string } {
  const [a, b, ...rest] = strategies;
  if (a === undefined) return { retainKeys: false, strategy: '' };
  if (b === undefined) return a === RETAIN_KEYS_STRATEGY ? { retainKeys: true, strategy: '' } : { retainKeys: false, strategy: a };
  if (rest.length === 0 && a === RETAIN_KEYS_STRATEGY) return { retainKeys: true, strategy: b };
  if (rest.length === 0 && b === RETAIN_KEYS_STRATEGY) return { retainKeys: true, strategy: a };
  throw new Error(`unexpected patch strategy: [${strategies.join(' ')}]`);
}
