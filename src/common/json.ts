/** JSON values as stored in the keyspace and exchanged between layers. */
export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An object of Object's own prototype: what a JSON parse makes, and what spreading copies as JSON.stringify writes it. */
export function isPlainObject(v: object): boolean {
  return Object.getPrototypeOf(v) === Object.prototype;
}

/** Whether JSON.parse(JSON.stringify(n)) is n: a finite number but -0 (NaN and the infinities come back as null, -0 as 0). */
export function numberSurvivesJson(n: number): boolean {
  return Number.isFinite(n) && !Object.is(n, -0);
}

/** Deep copy of a JSON value (structuredClone keeps it JSON-shaped and is fast). */
export function cloneJson<T extends JsonValue>(v: T): T {
  return structuredClone(v);
}

/** Structural equality of two JSON values; key order does not matter. */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    // plain loops, no closures: the kubelet compares a pod's status at every sync
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (typeof a === 'object') {
    if (typeof b !== 'object' || Array.isArray(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (const k of ka) if (!Object.prototype.hasOwnProperty.call(b, k) || !jsonEqual(a[k], b[k])) return false;
    return true;
  }
  return false;
}
