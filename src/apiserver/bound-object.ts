import type { KubeObject } from '../api/meta/v1.js';
import { isPlainObject, numberSurvivesJson } from '../common/json.js';

/**
 * The decoded object of a binding's write (what reading it back would give: JSON.parse of the
 * stored text, resourceVersion set last, deep-frozen), built from the object the binding stored
 * instead of parsed: its new nodes (top level, metadata, spec, status, conditions, the
 * PodScheduled condition) are copied and frozen, every other node is the stored pod's own
 * (frozen by DecodedObjects, so already what a parse gives). 10,000 bindings of an apply parsed
 * each pod again (~20 µs with its freezing) when the scheduler read it back.
 *
 * `obj`: the object stored (its resourceVersion the write's); undefined where its copy could
 * differ from a parse (a number JSON writes otherwise, a `__proto__` or toJSON member, a value
 * JSON has no text for in an array, an object that is not plain): then it is parsed as before.
 */
export function boundObject(obj: KubeObject): KubeObject | undefined {
  const rv = obj.metadata.resourceVersion;
  const o = obj as Record<string, unknown>;
  if (rv === undefined || !isPlainObject(o) || 'toJSON' in o) return undefined;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) {
    if (k === '__proto__') return undefined;
    let c: unknown;
    if (k === 'metadata') {
      const m = isPlainObject(obj.metadata) ? copyObject(obj.metadata as Record<string, unknown>, 'resourceVersion') : undefined;
      if (!m) return undefined;
      // As the API server's decoding does: resourceVersion added after the parse of a text without it.
      m['resourceVersion'] = rv;
      c = Object.freeze(m);
    } else c = copyValue(o[k]);
    if (c === NOT) return undefined;
    if (c !== undefined) out[k] = c;
  }
  return Object.freeze(out) as unknown as KubeObject;
}

/** No copy could stand for this value. */
const NOT = Symbol('not');

/** v as JSON.parse reads its text back: a frozen node as it is; undefined for no text; NOT where a copy could differ. */
function copyValue(v: unknown): unknown {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'undefined':
      return undefined;
    case 'number':
      return numberSurvivesJson(v) ? v : NOT;
    case 'object': {
      if (v === null || Object.isFrozen(v)) return v;
      if (Array.isArray(v)) {
        if (Object.getPrototypeOf(v) !== Array.prototype) return NOT;
        const out: unknown[] = [];
        for (let i = 0; i < v.length; i++) {
          const c = copyValue(v[i]);
          if (c === NOT || c === undefined) return NOT;
          out.push(c);
        }
        return Object.freeze(out);
      }
      if (!isPlainObject(v)) return NOT;
      const o = copyObject(v as Record<string, unknown>);
      return o ? Object.freeze(o) : NOT;
    }
    default:
      return NOT;
  }
}

/** A plain object's copy (not frozen), without `skip`; undefined where a member could not be copied. */
function copyObject(o: Record<string, unknown>, skip?: string): Record<string, unknown> | undefined {
  if (!isPlainObject(o) || 'toJSON' in o) return undefined;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) {
    if (k === '__proto__') return undefined;
    if (k === skip) continue;
    const c = copyValue(o[k]);
    if (c === NOT) return undefined;
    // JSON leaves out a member without text.
    if (c !== undefined) out[k] = c;
  }
  return out;
}
