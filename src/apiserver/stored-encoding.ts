import type { KubeObject } from '../api/meta/v1.js';

/**
 * The stored text of an object (JSON.stringify of it without metadata.resourceVersion), made
 * without serializing again what did not change: a pod's status write keeps the stored pod's
 * spec object (prepareForStatusUpdate), a Pod binding its containers, an Event patch its
 * involvedObject; those are nodes of the decoded (deep-frozen, so never changing) stored object,
 * and the text of such a node is made once and kept by the node (`texts`).
 *
 * The text is exactly JSON.stringify's: the object's top level and the objects one level below
 * it are serialized here key by key as JSON.stringify does (Object.keys order, values that
 * serialize to nothing left out of objects and null in arrays), everything below by
 * JSON.stringify itself or from the kept text of a node shared with the stored object. An object
 * that could make a difference (a toJSON method, a `__proto__` key) is serialized whole by
 * JSON.stringify instead.
 *
 * The encoding also gives a plan of the value: what JSON.parse of the text gives, as the shared
 * nodes themselves and the texts of the rest, so that the API server's decoded object of its
 * own write is built from it (buildStored) rather than parsed from the whole text: the spec of a
 * pod whose status changed is the same frozen object as before (and keeps its text).
 */

/** Texts of nodes of decoded objects: deep-frozen, so a node's text never changes. */
const texts = new WeakMap<object, string>();

/**
 * The parse of a stored text, piece by piece: a value as it is (a primitive as JSON.parse reads
 * it back, or a shared deep-frozen node), the text of a value to parse, or an object or array
 * of such pieces.
 */
export type StoredPlan =
  | { readonly t: 'value'; readonly value: unknown }
  | { readonly t: 'text'; readonly text: string }
  | { readonly t: 'object'; readonly keys: readonly string[]; readonly parts: readonly StoredPlan[] }
  | { readonly t: 'array'; readonly parts: readonly StoredPlan[] };

export interface StoredEncoding {
  text: string;
  /** undefined: nothing shared with the stored object, so the text is all there is (parse it) */
  plan: StoredPlan | undefined;
}

/** Thrown inside the encoder for an object it leaves to JSON.stringify as a whole. */
class Whole extends Error {}

/** Plain objects and arrays are serialized key by key; anything else by JSON.stringify. */
function isPlain(v: object): boolean {
  if (Array.isArray(v)) return true;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A primitive as JSON.parse reads its JSON.stringify text back (undefined: serializes to nothing). */
function primitiveValue(v: unknown): { text: string; value: unknown } | undefined {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return { text: JSON.stringify(v), value: v };
    case 'number':
      // NaN and the infinities serialize as null, -0 as 0
      return Number.isFinite(v) ? { text: JSON.stringify(v), value: v === 0 ? 0 : v } : { text: 'null', value: null };
    case 'object':
      return v === null ? { text: 'null', value: null } : undefined;
    default:
      // undefined, functions and symbols serialize to nothing; a bigint makes JSON.stringify throw
      if (typeof v === 'bigint') JSON.stringify(v);
      return undefined;
  }
}

/** The text of a deep-frozen node of a decoded object, made once. */
function sharedText(node: object): string {
  let text = texts.get(node);
  if (text === undefined) texts.set(node, (text = JSON.stringify(node)));
  return text;
}

interface Piece {
  text: string;
  plan: StoredPlan;
}

/**
 * One value at `depth` (the object itself is 0), `old` the value at the same place in the stored
 * (deep-frozen) object; undefined when it serializes to nothing.
 */
function piece(v: unknown, old: unknown, depth: number, dropResourceVersion: boolean): Piece | undefined {
  if (typeof v !== 'object' || v === null) {
    const p = primitiveValue(v);
    if (p !== undefined) return { text: p.text, plan: { t: 'value', value: p.value } };
    if (typeof v === 'function' || v === undefined || typeof v === 'symbol') return undefined;
    throw new Whole();
  }
  if (dropResourceVersion) {
    // metadata: what the old encoding's rest spread copied, so always key by key
    if (!isPlain(v) || Array.isArray(v)) throw new Whole();
  } else if (v === old) {
    return { text: sharedText(v), plan: { t: 'value', value: v } };
  }
  if (depth > 1 || !isPlain(v)) {
    const text = JSON.stringify(v) as string | undefined;
    return text === undefined ? undefined : { text, plan: { t: 'text', text } };
  }
  if (typeof (v as { toJSON?: unknown }).toJSON === 'function') throw new Whole();
  if (Array.isArray(v)) {
    const olds: readonly unknown[] | undefined = Array.isArray(old) ? old : undefined;
    const texts: string[] = [];
    const parts: StoredPlan[] = [];
    for (let i = 0; i < v.length; i++) {
      const p = piece(v[i], olds?.[i], depth + 1, false);
      texts.push(p ? p.text : 'null');
      parts.push(p ? p.plan : { t: 'value', value: null });
    }
    return { text: `[${texts.join(',')}]`, plan: { t: 'array', parts } };
  }
  const o = v as Record<string, unknown>;
  const olds = typeof old === 'object' && old !== null && !Array.isArray(old) ? (old as Record<string, unknown>) : undefined;
  const texts: string[] = [];
  const keys: string[] = [];
  const parts: StoredPlan[] = [];
  for (const k of Object.keys(o)) {
    if (dropResourceVersion && k === 'resourceVersion') continue;
    if (k === '__proto__') throw new Whole();
    const p = piece(o[k], olds?.[k], depth + 1, depth === 0 && k === 'metadata');
    if (!p) continue;
    texts.push(`${JSON.stringify(k)}:${p.text}`);
    keys.push(k);
    parts.push(p.plan);
  }
  return { text: `{${texts.join(',')}}`, plan: { t: 'object', keys, parts } };
}

/** Whether o shares an object with old one or two levels down: only then is encoding piece by piece worth it. */
function sharesNodes(o: KubeObject, old: KubeObject): boolean {
  const a = o as Record<string, unknown>;
  const b = old as Record<string, unknown>;
  for (const k of Object.keys(a)) {
    const x = a[k];
    const y = b[k];
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) continue;
    if (x === y) return true;
    if (Array.isArray(x)) continue;
    const xs = x as Record<string, unknown>;
    const ys = y as Record<string, unknown>;
    for (const j of Object.keys(xs)) {
      const c = xs[j];
      if (typeof c === 'object' && c !== null && c === ys[j]) return true;
    }
  }
  return false;
}

/** JSON.stringify of o without metadata.resourceVersion: the old encoding, and the one of an object sharing nothing. */
function wholeText(o: KubeObject): string {
  const { resourceVersion: _rv, ...meta } = o.metadata;
  return JSON.stringify({ ...o, metadata: meta });
}

/**
 * The stored text of o (stored without resourceVersion: the key's modRevision is the truth, as
 * in etcd), reusing the texts of the nodes o shares with `old`, the decoded stored object it
 * replaces (deep-frozen: objects handed out by DecodedObjects).
 */
export function encodeStored(o: KubeObject, old?: KubeObject): StoredEncoding {
  if (!old || !Object.isFrozen(old) || !sharesNodes(o, old)) return { text: wholeText(o), plan: undefined };
  try {
    const p = piece(o, old, 0, false);
    if (p && p.plan.t === 'object') return p;
  } catch (e) {
    if (!(e instanceof Whole)) throw e;
  }
  return { text: wholeText(o), plan: undefined };
}

/**
 * What JSON.parse of the planned text gives, with resourceVersion set to the revision as the
 * API server's decoding does, not yet frozen above the shared nodes and the parsed pieces
 * (which are: deep-frozen, each parsed one keeping its text).
 */
export function buildStored(plan: StoredPlan, resourceVersion: string): KubeObject {
  const o = build(plan) as KubeObject;
  o.metadata.resourceVersion = resourceVersion;
  return o;
}

function build(plan: StoredPlan): unknown {
  switch (plan.t) {
    case 'value':
      return plan.value;
    case 'text': {
      const v: unknown = JSON.parse(plan.text);
      if (typeof v === 'object' && v !== null) {
        freezeTree(v);
        texts.set(v, plan.text);
      }
      return v;
    }
    case 'array':
      return plan.parts.map(build);
    case 'object': {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < plan.keys.length; i++) o[plan.keys[i]!] = build(plan.parts[i]!);
      return o;
    }
  }
}

/**
 * Freezes a value and everything under it not frozen yet. Children are looked at in place (an
 * index loop, for...in over a parsed object's own keys) and only objects recurse: Object.values
 * built an array per object and a call per string or number (a pod: ~3.5 -> ~1 µs, pods and
 * events of crash.db).
 */
export function freezeTree(v: object): void {
  Object.freeze(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) freezeTree(x);
    }
    return;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    const x = o[k];
    if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) freezeTree(x);
  }
}
