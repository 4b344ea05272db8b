import { isJsonObject, type JsonObject, type JsonValue } from '../../common/json.js';
import { setOwn } from '../../common/own-keys.js';

/**
 * Typed reads of untyped JSON fields. Validation and defaulting work on objects as stored
 * (plain JSON), so every field access goes through one of these instead of casts.
 */

/** The object at `o[key]`, or undefined when absent or not an object. */
export function objField(o: JsonObject | undefined, key: string): JsonObject | undefined {
  const v = o?.[key];
  return isJsonObject(v) ? v : undefined;
}

/** The array at `o[key]`, or [] when absent (Go's nil slice reads as empty). */
export function arrField(o: JsonObject | undefined, key: string): JsonValue[] {
  const v = o?.[key];
  return Array.isArray(v) ? v : [];
}

/** The objects of the array at `o[key]`; non-object items are skipped. */
export function objList(o: JsonObject | undefined, key: string): JsonObject[] {
  return arrField(o, key).filter(isJsonObject);
}

/** The string at `o[key]`, or '' when absent (Go's zero value). */
export function strField(o: JsonObject | undefined, key: string): string {
  const v = o?.[key];
  return typeof v === 'string' ? v : '';
}

/** The number at `o[key]`, or undefined when absent (a nil pointer). */
export function numField(o: JsonObject | undefined, key: string): number | undefined {
  const v = o?.[key];
  return typeof v === 'number' ? v : undefined;
}

/** The string map at `o[key]` (labels, annotations, selectors), or undefined when absent. */
export function stringMap(o: JsonObject | undefined, key: string): Record<string, string> | undefined {
  const v = o?.[key];
  if (!isJsonObject(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) setOwn(out, k, typeof val === 'string' ? val : String(val));
  return out;
}

/** Returns `o[key]` as an object, creating an empty one when it is missing. */
export function ensureObj(o: JsonObject, key: string): JsonObject {
  const v = o[key];
  if (isJsonObject(v)) return v;
  const created: JsonObject = {};
  setOwn(o, key, created);
  return created;
}

/** Whether `o` has `key` set to something other than null. */
export function has(o: JsonObject | undefined, key: string): boolean {
  return o !== undefined && o[key] !== undefined && o[key] !== null;
}
