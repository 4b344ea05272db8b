import type { KubeObject } from '../api/meta/v1.js';
import { isPlainObject } from '../common/json.js';

/**
 * The stored text of an object (JSON.stringify of it without metadata.resourceVersion), made
 * without serializing again what did not change: a pod's status write keeps the stored pod's
 * spec object (prepareForStatusUpdate), a Pod binding its containers, an Event patch its
 * involvedObject; those are nodes of the decoded (deep-frozen, so never changing) stored object,
 * and the text of such a node is made once and kept by the node (`texts`).
 *
 * The text is exactly JSON.stringify's: the object's top level is serialized here key by key as
 * JSON.stringify does (Object.keys order, values that serialize to nothing left out), and so is a
 * node one level below that shares a child with the stored object (a binding's new spec, its
 * containers the stored ones; a value that serializes to nothing is null in an array); every
 * other value by one JSON.stringify of it, or from the kept text of a node shared with the stored
 * object. An object where that could differ from one JSON.stringify of the whole (a toJSON
 * method, told the key it is under; a `__proto__` key) is serialized whole instead.
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
  /** metadata's text: parsed, resourceVersion added, then frozen */
  | { readonly t: 'meta'; readonly text: string }
  | { readonly t: 'object'; readonly keys: readonly string[]; readonly parts: readonly StoredPlan[] }
  | { readonly t: 'array'; readonly parts: readonly StoredPlan[] };

export interface StoredEncoding {
  text: string;
  /** undefined: nothing shared with the stored object, so the text is all there is (parse it) */
  plan: StoredPlan | undefined;
}

/** Objects whose own enumerable keys JSON.stringify serializes (not a Date, say). */
function isPlain(v: object): boolean {
  if (Array.isArray(v)) return true;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * An object JSON.stringify would call toJSON on, with the key it is under: left to one
 * JSON.stringify of the whole object, so that the key is the one it always was.
 */
function hasToJSON(v: object): boolean {
  return typeof (v as { toJSON?: unknown }).toJSON === 'function';
}

/** A primitive as JSON.parse reads its JSON.stringify text back: NaN and the infinities as null, -0 as 0. */
export function parsedBack(v: unknown): unknown {
  if (typeof v !== 'number') return v;
  return Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
}

/** The text of a deep-frozen node of a decoded object, made once. */
export function sharedText(node: object): string {
  let text = texts.get(node);
  if (text === undefined) texts.set(node, (text = JSON.stringify(node)));
  return text;
}

/** Told that an object is to be encoded whole, by one JSON.stringify. */
const WHOLE = Symbol('whole');

/** JSON.stringify's text of a value one level below a node encoded key by key (undefined: none), with its plan, or WHOLE. */
function leaf(v: unknown, old: unknown): { text: string | undefined; plan: StoredPlan } | typeof WHOLE {
  if (typeof v !== 'object' || v === null) {
    const text = JSON.stringify(v) as string | undefined;
    return { text, plan: { t: 'value', value: parsedBack(v) } };
  }
  if (v === old) return { text: sharedText(v), plan: { t: 'value', value: v } };
  if (hasToJSON(v)) return WHOLE;
  const text = JSON.stringify(v) as string | undefined;
  return { text, plan: text === undefined ? { t: 'value', value: undefined } : { t: 'text', text } };
}

/**
 * A node of the top level encoded key by key (it shares a child with `old`, the node at its
 * place in the stored object), or WHOLE.
 */
function inner(v: object, old: unknown): { text: string; plan: StoredPlan } | typeof WHOLE {
  if (Array.isArray(v)) {
    const olds: readonly unknown[] = Array.isArray(old) ? old : [];
    const out: string[] = [];
    const parts: StoredPlan[] = [];
    for (let i = 0; i < v.length; i++) {
      const p = leaf(v[i], olds[i]);
      if (p === WHOLE) return WHOLE;
      // in an array, what serializes to nothing is null
      out.push(p.text ?? 'null');
      parts.push(p.text === undefined ? { t: 'value', value: null } : p.plan);
    }
    return { text: `[${out.join(',')}]`, plan: { t: 'array', parts } };
  }
  const o = v as Record<string, unknown>;
  const olds = (old ?? {}) as Record<string, unknown>;
  const members = new Members();
  for (const k of Object.keys(o)) {
    if (k === '__proto__') return WHOLE;
    const p = leaf(o[k], olds[k]);
    if (p === WHOLE) return WHOLE;
    members.add(k, p);
  }
  return members.object();
}

/** An object's members as they are encoded one by one: their texts and their plans. */
class Members {
  private readonly out: string[] = [];
  private readonly keys: string[] = [];
  private readonly parts: StoredPlan[] = [];

  /** A member, unless its value serializes to nothing (JSON.stringify leaves the key out). */
  add(key: string, p: { text: string | undefined; plan: StoredPlan }): void {
    if (p.text === undefined) return;
    this.out.push(`${JSON.stringify(key)}:${p.text}`);
    this.keys.push(key);
    this.parts.push(p.plan);
  }

  object(): { text: string; plan: StoredPlan } {
    return { text: `{${this.out.join(',')}}`, plan: { t: 'object', keys: this.keys, parts: this.parts } };
  }
}

/** Whether an object or array of v is the one at the same place in old. */
function sharesChild(v: object, old: unknown): boolean {
  if (typeof old !== 'object' || old === null || Array.isArray(v) !== Array.isArray(old)) return false;
  const xs = v as Record<string, unknown>;
  const ys = old as Record<string, unknown>;
  for (const k in xs) {
    const c = xs[k];
    if (typeof c === 'object' && c !== null && c === ys[k]) return true;
  }
  return false;
}

/**
 * A key serialized by hand costs about what JSON.stringify spends on this many characters of
 * text (an Event: 14 keys, ~2 µs by hand over one ~2 µs JSON.stringify of all of it).
 */
const CHARS_PER_KEY = 40;

/**
 * Whether encoding o key by key is worth it: the text of the nodes o shares with old one or two
 * levels down (metadata's aside) against the keys that takes. A pod's status write shares its
 * spec (~1,300 characters, 5 keys); an Event patch only its involvedObject and source (~250
 * characters for 14 keys), encoded faster by one JSON.stringify.
 */
function worthSharing(o: KubeObject, old: KubeObject): boolean {
  const a = o as Record<string, unknown>;
  const b = old as Record<string, unknown>;
  let keys = 0;
  let known = 0;
  // shared nodes whose text is not kept yet (their objects were parsed, not shared before)
  const unknown: object[] = [];
  // what is shared where: the kind and the keys of the shared nodes
  let shape = o.kind;
  const count = (node: object, at: string) => {
    shape += ` ${at}`;
    const text = texts.get(node);
    if (text === undefined) unknown.push(node);
    else known += text.length;
  };
  for (const k in a) {
    keys++;
    if (k === 'metadata') continue;
    const x = a[k];
    const y = b[k];
    if (typeof x !== 'object' || x === null) continue;
    if (x === y) {
      count(x, k);
      continue;
    }
    if (typeof y !== 'object' || y === null || Array.isArray(x) !== Array.isArray(y)) continue;
    const xs = x as Record<string, unknown>;
    const ys = y as Record<string, unknown>;
    let inner = 0;
    let shares = false;
    for (const j in xs) {
      inner++;
      const c = xs[j];
      if (typeof c === 'object' && c !== null && c === ys[j]) {
        count(c, `${k}.${j}`);
        shares = true;
      }
    }
    if (shares) keys += inner;
  }
  const needed = keys * CHARS_PER_KEY;
  if (known >= needed) return true;
  if (!unknown.length) return false;
  // Texts not kept are made (and kept) only where sharing the same nodes of the same kind was
  // not found wanting before: an Event patch, never worth it, would make its involvedObject's
  // and source's texts for nothing at every patch.
  if (notWorth.has(shape)) return false;
  for (const node of unknown) {
    known += sharedText(node).length;
    if (known >= needed) return true;
  }
  notWorth.add(shape);
  return false;
}

/** What was shared where (worthSharing's shape: `Event involvedObject source`) when that was not worth encoding key by key, the shared texts made. */
const notWorth = new Set<string>();

/**
 * The top level key by key: primitives, metadata (without resourceVersion, as the old encoding's
 * rest spread copied it) by one JSON.stringify, a node shared with old from its kept text, a node
 * sharing a child with old key by key (inner), any other by one JSON.stringify. WHOLE for an
 * object where that could differ from one JSON.stringify (a toJSON method, a `__proto__` key).
 */
function top(o: KubeObject, old: KubeObject): StoredEncoding | typeof WHOLE {
  if (!isPlain(o) || Array.isArray(o) || hasToJSON(o)) return WHOLE;
  const olds = old as Record<string, unknown>;
  const values = o as Record<string, unknown>;
  const members = new Members();
  for (const k of Object.keys(values)) {
    if (k === '__proto__') return WHOLE;
    const v = values[k];
    let p: { text: string | undefined; plan: StoredPlan } | typeof WHOLE;
    if (k === 'metadata') {
      if (typeof v !== 'object' || v === null || hasToJSON(v)) return WHOLE;
      const { resourceVersion: _rv, ...meta } = v as KubeObject['metadata'];
      const text = JSON.stringify(meta);
      p = { text, plan: { t: 'meta', text } };
    } else if (typeof v === 'object' && v !== null && v !== olds[k] && isPlain(v) && !hasToJSON(v) && sharesChild(v, olds[k])) {
      p = inner(v, olds[k]);
    } else {
      p = leaf(v, olds[k]);
    }
    if (p === WHOLE) return WHOLE;
    members.add(k, p);
  }
  return members.object();
}

/** JSON.stringify of o without metadata.resourceVersion: the old encoding, and the one of an object sharing nothing. */
function wholeText(o: KubeObject): string {
  // Nothing to leave out (a create, which deletes it): the copies would serialize the same.
  if (o.metadata.resourceVersion === undefined && isPlainObject(o) && isPlainObject(o.metadata)) return JSON.stringify(o);
  const { resourceVersion: _rv, ...meta } = o.metadata;
  return JSON.stringify({ ...o, metadata: meta });
}

/**
 * The stored text of o (stored without resourceVersion: the key's modRevision is the truth, as
 * in etcd), reusing the texts of the nodes o shares with `old`, the decoded stored object it
 * replaces (deep-frozen: objects handed out by DecodedObjects).
 */
export function encodeStored(o: KubeObject, old?: KubeObject): StoredEncoding {
  if (old && Object.isFrozen(old) && worthSharing(o, old)) {
    const e = top(o, old);
    if (e !== WHOLE) return e;
  }
  return { text: wholeText(o), plan: undefined };
}

/** The text of metadata (without resourceVersion) in a plan of a whole object, if it has one. */
export function plannedMetaText(plan: StoredPlan): string | undefined {
  if (plan.t !== 'object') return undefined;
  const at = plan.keys.indexOf('metadata');
  const part = at < 0 ? undefined : plan.parts[at];
  return part?.t === 'meta' ? part.text : undefined;
}

/**
 * What JSON.parse of the planned text gives, with resourceVersion set to the revision as the
 * API server's decoding does, not yet frozen above the shared nodes and the parsed pieces
 * (which are: deep-frozen).
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
      // Its text is not kept here: most parsed pieces (a pod's new status) are never shared by
      // a later write, and every WeakMap entry costs the garbage collector; sharedText keeps the
      // text of a node when a write does share it.
      const v: unknown = JSON.parse(plan.text);
      if (typeof v === 'object' && v !== null) freezeTree(v);
      return v;
    }
    case 'meta':
      return JSON.parse(plan.text);
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
