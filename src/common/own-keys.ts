/**
 * Keys that come from users (labels, annotations, ConfigMap data, env names, patch fields)
 * are any string, including `constructor`, `toString`, `hasOwnProperty` and `__proto__`.
 * On a plain object `o[key]` finds Object.prototype's members for the first three, and
 * `o['__proto__'] = v` replaces the object's prototype instead of storing a key. These
 * helpers read and write *own* properties only, so such a key behaves as any other and no
 * input reaches Object.prototype. Use them wherever the key is not a literal in our code.
 */

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
