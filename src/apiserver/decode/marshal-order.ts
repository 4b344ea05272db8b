/**
 * The key order of the patched JSON kube-apiserver quotes in a `patch: Invalid value: "..."`
 * cause. evanphx/json-patch re-marshals, with Go's sorted map keys, the root and every object
 * the patch reached (along a merge patch's nested objects, along each operation's path); the
 * objects it did not reach keep the order they were encoded in.
 */
import { compareGoStrings } from '../../common/go-strings.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../common/json.js';

function sortedCopy(o: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(o).sort(compareGoStrings)) out[k] = o[k] ?? null;
  return out;
}

/** A copy of `doc` with the reached objects' keys sorted. */
export function marshalOrder(doc: JsonObject, type: 'merge' | 'json', patch: JsonValue): JsonObject {
  if (type === 'merge') return mergeOrder(doc, patch);
  let out = sortedCopy(doc);
  const ops = Array.isArray(patch) ? patch : [];
  for (const op of ops) {
    if (!isJsonObject(op)) continue;
    for (const key of ['path', 'from']) {
      const p = op[key];
      if (typeof p === 'string') out = sortAlong(out, pointerTokens(p));
    }
  }
  return out;
}

function mergeOrder(doc: JsonObject, patch: JsonValue): JsonObject {
  const out = sortedCopy(doc);
  if (!isJsonObject(patch)) return out;
  for (const [k, pv] of Object.entries(patch)) {
    const dv = out[k];
    if (isJsonObject(pv) && isJsonObject(dv)) out[k] = mergeOrder(dv, pv);
  }
  return out;
}

function pointerTokens(p: string): string[] {
  return p
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/gu, '/').replace(/~0/gu, '~'));
}

/** Sorts the objects on the path to (not including) the last token's value. */
function sortAlong(o: JsonObject, tokens: string[]): JsonObject {
  if (tokens.length <= 1) return o;
  const [head = '', ...rest] = tokens;
  const child = o[head];
  if (isJsonObject(child)) o[head] = sortAlong(sortedCopy(child), rest);
  else if (Array.isArray(child)) {
    const i = Number(rest[0]);
    const item = child[i];
    if (rest.length > 1 && isJsonObject(item)) {
      const copy = [...child];
      copy[i] = sortAlong(sortedCopy(item), rest.slice(1));
      o[head] = copy;
    }
  }
  return o;
}
