import type { JsonObject } from '../common/json.js';
import { type KubeObject, objectJson } from '../api/meta/v1.js';

/** An object as the JSON validation and defaulting walk (src/api/meta/v1.ts objectJson, checked, no cast). */
export function toJson(o: KubeObject): JsonObject {
  return objectJson(o);
}
