/**
 * JSON patch (RFC 6902) with the behaviour and messages of gopkg.in/evanphx/json-patch.v4,
 * which kube-apiserver and `kubectl patch --local --type json` use. Its quirks are kept:
 *  - negative list indices count from the end (`/containers/-1` is the last element);
 *  - `replace` of a missing object key adds it (only list indices are checked);
 *  - `test` of a missing key succeeds when the expected value is null;
 *  - the messages, e.g. `error in remove for path: '/spec/x': Unable to remove nonexistent
 *    key: x: missing value`, `testing value /spec/replicas failed: test failed`.
 */
import type { JsonObject, JsonValue } from '../../common/json.js';
import { cloneJson, isJsonObject, jsonEqual } from '../../common/json.js';
import { jsonPatchDecodeError, jsonPatchError } from './patch-errors.js';
import { getOwn, hasOwn, setOwn } from '../../common/own-keys.js';

const ERR_MISSING = 'missing value';
const ERR_INVALID_INDEX = 'invalid index referenced';
const ERR_TEST_FAILED = 'test failed';

type Container = JsonObject | JsonValue[];

/** A failure inside a container operation; callers wrap it with their own prefix. */
class OpFailure extends Error {}

/** Applies the operations in order; the input document is not modified. */
export function applyJsonPatch(doc: JsonValue, patch: JsonValue): JsonValue {
  const ops = decodePatch(patch);
  if (!isJsonObject(doc) && !Array.isArray(doc)) {
    throw jsonPatchError('json: cannot unmarshal ' + (typeof doc) + ' into Go value of type jsonpatch.partialDoc');
  }
  const root = { doc: cloneJson(doc) as Container };
  for (const op of ops) applyOp(root, op);
  return root.doc;
}

function decodePatch(patch: JsonValue): JsonObject[] {
  if (!Array.isArray(patch)) {
    throw jsonPatchDecodeError(`json: cannot unmarshal ${jsonTypeWord(patch)} into Go value of type jsonpatch.Patch`);
  }
  return patch.map((op) => {
    if (op !== null && !isJsonObject(op)) {
      throw jsonPatchDecodeError(`json: cannot unmarshal ${jsonTypeWord(op)} into Go value of type jsonpatch.Operation`);
    }
    return op ?? {};
  });
}

function jsonTypeWord(v: JsonValue): string {
  if (Array.isArray(v)) return 'array';
  if (isJsonObject(v)) return 'object';
  if (v === null) return 'null';
  return typeof v === 'boolean' ? 'bool' : typeof v;
}

function applyOp(root: { doc: Container }, op: JsonObject): void {
  const kind = typeof op['op'] === 'string' ? op['op'] : 'unknown';
  switch (kind) {
    case 'add':
      return add(root, op);
    case 'remove':
      return remove(root, op);
    case 'replace':
      return replace(root, op);
    case 'move':
      return move(root, op);
    case 'test':
      return test(root, op);
    case 'copy':
      return copy(root, op);
    default:
      throw jsonPatchError(`Unexpected kind: ${kind}`);
  }
}

/** The operation's `path` (or `from`); a non-string is a decode error. */
function pathField(op: JsonObject, field: 'path' | 'from'): { value?: string; err?: string } {
  const v = getOwn(op, field);
  if (v === undefined || v === null) {
    return { err: field === 'path' ? `operation missing path field: ${ERR_MISSING}` : `operation, missing from field: ${ERR_MISSING}` };
  }
  if (typeof v !== 'string') return { err: `json: cannot unmarshal ${jsonTypeWord(v)} into Go value of type string` };
  return { value: v };
}

/** The `value` member; absent and null both mean a JSON null. */
function opValue(op: JsonObject): JsonValue {
  const v = op['value'];
  return v === undefined ? null : cloneJson(v);
}

function decodeKey(k: string): string {
  return k.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** strconv.Atoi, with its error text. */
function atoi(key: string): number {
  if (!/^[+-]?[0-9]+$/.test(key)) throw new OpFailure(`strconv.Atoi: parsing ${JSON.stringify(key)}: invalid syntax`);
  return parseInt(key, 10);
}

function invalidIndex(idx: number): OpFailure {
  return new OpFailure(`Unable to access invalid index: ${idx}: ${ERR_INVALID_INDEX}`);
}

/** A negative index counts from the end; below -len it is invalid. */
function fromEnd(idx: number, len: number): number {
  if (idx < 0) {
    if (idx < -len) throw invalidIndex(idx);
    return idx + len;
  }
  return idx;
}

function get(c: Container, key: string): JsonValue | undefined {
  if (!Array.isArray(c)) return Object.prototype.hasOwnProperty.call(c, key) ? getOwn(c, key) : undefined;
  const raw = atoi(key);
  const idx = fromEnd(raw, c.length);
  if (idx >= c.length) throw invalidIndex(raw);
  return c[idx];
}

function addTo(c: Container, key: string, val: JsonValue): void {
  if (!Array.isArray(c)) {
    setOwn(c, key, val);
    return;
  }
  if (key === '-') {
    c.push(val);
    return;
  }
  let raw: number;
  try {
    raw = atoi(key);
  } catch (e) {
    throw new OpFailure(`value was not a proper array index: '${key}': ${(e as Error).message}`);
  }
  const size = c.length + 1;
  if (raw >= size) throw invalidIndex(raw);
  c.splice(fromEnd(raw, size), 0, val);
}

function removeFrom(c: Container, key: string): void {
  if (!Array.isArray(c)) {
    if (!Object.prototype.hasOwnProperty.call(c, key)) {
      throw new OpFailure(`Unable to remove nonexistent key: ${key}: ${ERR_MISSING}`);
    }
    delete c[key];
    return;
  }
  const raw = atoi(key);
  if (raw >= c.length) throw invalidIndex(raw);
  c.splice(fromEnd(raw, c.length), 1);
}

function setIn(c: Container, key: string, val: JsonValue): void {
  if (!Array.isArray(c)) {
    setOwn(c, key, val);
    return;
  }
  c[fromEnd(atoi(key), c.length)] = val;
}

/**
 * The container holding the last path segment, and that segment (findObject). Undefined
 * when the path has no `/`, or an intermediate segment is missing, null, or a scalar.
 */
function findObject(root: Container, path: string): { con: Container; key: string } | undefined {
  const split = path.split('/');
  if (split.length < 2) return undefined;
  let doc: Container = root;
  for (const part of split.slice(1, -1)) {
    let next: JsonValue | undefined;
    try {
      next = get(doc, decodeKey(part));
    } catch {
      return undefined;
    }
    if (next === undefined || next === null || (!isJsonObject(next) && !Array.isArray(next))) return undefined;
    doc = next;
  }
  return { con: doc, key: decodeKey(split[split.length - 1] as string) };
}

/** Runs a container operation, turning its failure into `<prefix>: <failure>`. */
function wrap<T>(prefix: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof OpFailure) throw jsonPatchError(`${prefix}: ${e.message}`);
    throw e;
  }
}

function add(root: { doc: Container }, op: JsonObject): void {
  const path = pathField(op, 'path');
  if (path.value === undefined) throw jsonPatchError(`add operation failed to decode path: ${ERR_MISSING}`);
  const t = findObject(root.doc, path.value);
  if (!t) throw jsonPatchError(`add operation does not apply: doc is missing path: "${path.value}": ${ERR_MISSING}`);
  wrap(`error in add for path: '${path.value}'`, () => addTo(t.con, t.key, opValue(op)));
}

function remove(root: { doc: Container }, op: JsonObject): void {
  const path = pathField(op, 'path');
  if (path.value === undefined) throw jsonPatchError(`remove operation failed to decode path: ${ERR_MISSING}`);
  const t = findObject(root.doc, path.value);
  if (!t) throw jsonPatchError(`remove operation does not apply: doc is missing path: "${path.value}": ${ERR_MISSING}`);
  wrap(`error in remove for path: '${path.value}'`, () => removeFrom(t.con, t.key));
}

function replace(root: { doc: Container }, op: JsonObject): void {
  const path = pathField(op, 'path');
  if (path.value === undefined) throw jsonPatchError(`replace operation failed to decode path: ${path.err}`);
  if (path.value === '') {
    // Replacing the whole document; Go formats its nil error as %!w(<nil>).
    const v = opValue(op);
    if (!isJsonObject(v) && !Array.isArray(v)) {
      throw jsonPatchError('replace operation value must be object or array: %!w(<nil>)');
    }
    root.doc = v;
    return;
  }
  const t = findObject(root.doc, path.value);
  if (!t) throw jsonPatchError(`replace operation does not apply: doc is missing path: ${path.value}: ${ERR_MISSING}`);
  try {
    get(t.con, t.key);
  } catch {
    throw jsonPatchError(`replace operation does not apply: doc is missing key: ${path.value}: ${ERR_MISSING}`);
  }
  wrap(`error in remove for path: '${path.value}'`, () => setIn(t.con, t.key, opValue(op)));
}

function move(root: { doc: Container }, op: JsonObject): void {
  const from = pathField(op, 'from');
  if (from.value === undefined) throw jsonPatchError(`move operation failed to decode from: ${from.err}`);
  const src = findObject(root.doc, from.value);
  if (!src) throw jsonPatchError(`move operation does not apply: doc is missing from path: ${from.value}: ${ERR_MISSING}`);
  const val = wrap(`error in move for path: '${src.key}'`, () => get(src.con, src.key));
  wrap(`error in move for path: '${src.key}'`, () => removeFrom(src.con, src.key));
  const path = pathField(op, 'path');
  if (path.value === undefined) throw jsonPatchError(`move operation failed to decode path: ${path.err}`);
  const dst = findObject(root.doc, path.value);
  if (!dst) {
    throw jsonPatchError(`move operation does not apply: doc is missing destination path: ${path.value}: ${ERR_MISSING}`);
  }
  wrap(`error in move for path: '${path.value}'`, () => addTo(dst.con, dst.key, val ?? null));
}

function test(root: { doc: Container }, op: JsonObject): void {
  const path = pathField(op, 'path');
  if (path.value === undefined) throw jsonPatchError(`test operation failed to decode path: ${path.err}`);
  const failed = (): Error => jsonPatchError(`testing value ${path.value} failed: ${ERR_TEST_FAILED}`);
  if (path.value === '') {
    if (!jsonEqual(root.doc, op['value'] ?? null)) throw failed();
    return;
  }
  const t = findObject(root.doc, path.value);
  if (!t) throw jsonPatchError(`test operation does not apply: is missing path: ${path.value}: ${ERR_MISSING}`);
  const val = wrap(`error in test for path: '${path.value}'`, () => get(t.con, t.key));
  const expected = op['value'];
  if (val === undefined || val === null) {
    if (expected === undefined || expected === null) return;
    throw failed();
  }
  if (expected === undefined || !jsonEqual(val, expected)) throw failed();
}

function copy(root: { doc: Container }, op: JsonObject): void {
  const from = pathField(op, 'from');
  if (from.value === undefined) throw jsonPatchError(`copy operation failed to decode from: ${from.err}`);
  const src = findObject(root.doc, from.value);
  if (!src) throw jsonPatchError(`copy operation does not apply: doc is missing from path: ${from.value}: ${ERR_MISSING}`);
  const val = wrap(`error in copy for from: '${from.value}'`, () => get(src.con, src.key));
  const path = pathField(op, 'path');
  if (path.value === undefined) throw jsonPatchError(`copy operation failed to decode path: ${ERR_MISSING}`);
  const dst = findObject(root.doc, path.value);
  if (!dst) {
    throw jsonPatchError(`copy operation does not apply: doc is missing destination path: ${path.value}: ${ERR_MISSING}`);
  }
  const dup = val === undefined ? null : cloneJson(val);
  wrap('error while adding value during copy', () => addTo(dst.con, dst.key, dup));
}
