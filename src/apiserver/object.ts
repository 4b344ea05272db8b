import type { JsonObject } from '../common/json.js';
import type { KubeObject } from '../api/meta/v1.js';

/** Treat a parsed JSON object as a KubeObject (after the caller checked apiVersion/kind). */
export function asKubeObject(o: JsonObject): KubeObject {
  return o as unknown as KubeObject;
}

export function toJson(o: KubeObject): JsonObject {
  return o as unknown as JsonObject;
}
