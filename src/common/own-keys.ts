/**
 * Keys that come from users (labels, annotations, ConfigMap data, env names, patch fields)
 * are any string, including `constructor`, `toString`, `hasOwnProperty` and `__proto__`.
 * On a plain object `o[key]` finds Object.prototype's members for the first three, and
 * `o['__proto__'] = v` replaces the object's prototype instead of storing a key. These
 * helpers read and write *own* properties only, so such a key behaves as any other and no
 * input reaches Object.prototype. Use them wherever the key is not a literal in our code.
 */
import type { JsonObject, JsonValue } from './json.js';

/** Is `key` an own property of `o`? (Not `key in o`, which sees Object.prototype.) */
export function hasOwn(o: object | undefined | null, key: string): boolean {
  return o !== undefined && o !== null && Object.prototype.hasOwnProperty.call(o, key);
}

/** `o[key]` if it is an own property, else undefined. */
export function getOwn<T>(o: { readonly [k: string]: T } | undefined | null, key: string): T | undefined {
  return hasOwn(o, key) ? (o as { readonly [k: string]: T })[key] : undefined;
}

/**
 * `o[key] = value` as an own, enumerable data property, also for `__proto__` (for which an
 * assignment would call Object.prototype's setter and change the prototype instead).
 */
export function setOwn<T>(o: { [k: string]: T }, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    o[key] = value;
  }
}

/** A fresh object with the given entries, each stored with setOwn. */
export function fromEntriesOwn<T>(entries: Iterable<readonly [string, T]>): { [k: string]: T } {
  const out: { [k: string]: T } = {};
  for (const [k, v] of entries) setOwn(out, k, v);
  return out;
}

/** A shallow copy keeping every own key (`{...o}` does too; Object.assign does not for `__proto__`). */
export function copyOwn<T>(o: { readonly [k: string]: T }): { [k: string]: T } {
  return fromEntriesOwn(Object.entries(o));
}

/** A JSON object's own value for `key` (see getOwn), typed for API objects. */
export function ownValue(o: JsonObject | undefined, key: string): JsonValue | undefined {
  return getOwn(o, key);
}
