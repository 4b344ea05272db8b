import type { KubeObject } from '../api/meta/v1.js';
import { freezeTree, parsedBack, sharedText } from './stored-encoding.js';
import { numberSurvivesJson } from '../common/json.js';

/**
 * A status write that kept everything of the stored object but status (the kubelet's: 20,000 of
 * an advance's 61,000 writes), stored and decoded from the stored object's pieces: the stored
 * text joins metadata's kept text (DecodedObjects.metaText), the kept texts of the shared nodes
 * (a pod's spec) and one JSON.stringify of the new status; the decoded object of the write is
 * built at once from the stored one's frozen nodes and the new status itself, so that reading it
 * back (the pod's next sync, the watch event) neither asks the store nor parses anything.
 *
 * The object built is exactly what JSON.parse of the text gives (with resourceVersion, frozen):
 * every top-level value but metadata and status is the stored object's own node or a primitive
 * (which serialize back to themselves), metadata is the stored one's members with the new
 * resourceVersion where JSON.parse's appending puts it (last), and the status is taken as it is
 * only where its JSON round trip is itself (freezeClean), else parsed from its text.
 * Undefined: not such a write (the generic encoding is used).
 */
export interface StatusWrite {
  text: string;
  /** metadata's text without resourceVersion (for the next write's metaText) */
  metaText: string;
  /** the decoded object of the value stored at revision rv (frozen) */
  decoded(rv: string): KubeObject;
}

/**
 * `obj`: the object to store (its metadata a copy of old's, resourceVersion aside); `old`: the
 * decoded stored object (frozen); `metaText`: old's metadata text if known; `ownStatus`: the
 * status may be frozen and kept (the caller built it for this write, WriteOptions.builtForWrite).
 */
export function statusWrite(obj: KubeObject, old: KubeObject, metaText: string | undefined, ownStatus: boolean): StatusWrite | undefined {
  if (!Object.isFrozen(old) || Object.getPrototypeOf(obj) !== Object.prototype) return undefined;
  const meta = obj.metadata;
  const oldMeta = old.metadata;
  if (!sameMembers(meta, oldMeta)) return undefined;
  const metaKeys = Object.keys(oldMeta);
  const rvAt = metaKeys.indexOf('resourceVersion');
  if (rvAt >= 0 && rvAt !== metaKeys.length - 1) return undefined;
  const values = obj as Record<string, unknown>;
  const olds = old as Record<string, unknown>;
  const status = values['status'];
  if (typeof status !== 'object' || status === null || Object.getPrototypeOf(status) !== Object.prototype || 'toJSON' in status) return undefined;
  const keys = Object.keys(values);
  for (const k of keys) {
    const v = values[k];
    if (k === '__proto__') return undefined;
    if (k === 'metadata' || k === 'status') continue;
    if (typeof v === 'object' && v !== null ? v !== olds[k] : typeof v !== 'string' && typeof v !== 'boolean' && typeof v !== 'number') return undefined;
  }
  if (metaText === undefined) {
    const { resourceVersion: _rv, ...rest } = meta;
    metaText = JSON.stringify(rest);
  }
  const statusText = JSON.stringify(status);
  const out: string[] = [];
  for (const k of keys) {
    const v = values[k];
    const text = k === 'metadata' ? metaText : k === 'status' ? statusText : typeof v === 'object' && v !== null ? sharedText(v) : JSON.stringify(v);
    out.push(`${JSON.stringify(k)}:${text}`);
  }
  return {
    text: `{${out.join(',')}}`,
    metaText,
    decoded(rv: string): KubeObject {
      const m: Record<string, unknown> = { ...oldMeta };
      m['resourceVersion'] = rv;
      Object.freeze(m);
      let s: unknown = status;
      if (!ownStatus || !freezeClean(status)) freezeTree((s = JSON.parse(statusText) as object));
      const o: Record<string, unknown> = {};
      for (const k of keys) o[k] = k === 'metadata' ? m : k === 'status' ? s : parsedBack(values[k]);
      return Object.freeze(o) as unknown as KubeObject;
    },
  };
}

/** The same members in the same order with the same values (nodes by identity), resourceVersion aside. */
function sameMembers(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  if (Object.getPrototypeOf(a) !== Object.prototype || 'toJSON' in a) return false;
  const ka = Object.keys(x);
  const kb = Object.keys(y);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || (k !== 'resourceVersion' && x[k] !== y[k])) return false;
  }
  return true;
}

/**
 * Whether JSON.parse(JSON.stringify(v)) is v itself, shape and key order included: strings,
 * booleans, null, finite numbers but -0, and arrays and plain objects of such (no undefined, no
 * hole, no toJSON, no `__proto__` key). Key order needs no check: JSON.parse adds the keys in
 * the text's order, which is the object's own (integer-like keys first, as in any object).
 * Freezes what it walks through on the way, in the same walk (v is the server's own: a false
 * answer leaves part of it frozen, and it is parsed from its text instead).
 */
function freezeClean(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return numberSurvivesJson(v);
    case 'object': {
      if (v === null) return true;
      if (Array.isArray(v)) {
        if (Object.getPrototypeOf(v) !== Array.prototype) return false;
        Object.freeze(v);
        for (let i = 0; i < v.length; i++) if (!freezeClean(v[i])) return false;
        return true;
      }
      if (Object.getPrototypeOf(v) !== Object.prototype) return false;
      Object.freeze(v);
      const o = v as Record<string, unknown>;
      // for...in: a plain object's own enumerable keys (Object.prototype has none), with no array made
      for (const k in o) {
        if (k === '__proto__' || k === 'toJSON' || !Object.prototype.hasOwnProperty.call(o, k) || !freezeClean(o[k])) return false;
      }
      return true;
    }
    default:
      return false;
  }
}
