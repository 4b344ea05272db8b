/**
 * The client-side decision of `kubectl apply` for one object (apply.go applyOneObject):
 * create it, patch it, or leave it unchanged. Pure: the CLI performs the returned action
 * against the apiserver and prints `created` / `configured` / `unchanged`.
 */
import type { JsonObject } from '../../common/json.js';
import { cloneJson, isJsonObject } from '../../common/json.js';
import { strategicSchemaFor, type PatchSchema } from '../../apiserver/patch/patch-meta.js';
import { lastAppliedOf, modifiedConfiguration } from './last-applied.js';
import { threeWayMergePatch } from './three-way-merge.js';
import { parseBoundedJson } from '../manifests/input-limits.js';

export type ApplyAction =
  /** The object does not exist: create `object` (file + annotation, nulls pruned). */
  | { action: 'create'; object: JsonObject }
  /**
   * Send `patch` with the given type. `missingLastApplied` is true when the live object had
   * no annotation: kubectl then warns on stderr (`Warning: resource deployments/hello is
   * missing the kubectl.kubernetes.io/last-applied-configuration annotation ...`).
   */
  | { action: 'patch'; patchType: 'strategic' | 'merge'; patch: JsonObject; missingLastApplied: boolean }
  /** The computed patch is `{}`: nothing is sent. */
  | { action: 'unchanged'; missingLastApplied: boolean };

/** Thrown when the live annotation is not JSON (kubectl fails creating the patch). */
export class InvalidLastAppliedError extends Error {
  constructor() {
    super('invalid JSON document');
    this.name = 'InvalidLastAppliedError';
  }
}

/**
 * @param live       the object on the server, or undefined if it does not exist
 * @param fileObj    the object as read from the manifest
 * @param namespace  the namespace for namespaced kinds (fills metadata.namespace), else undefined
 * @param schema     the strategic schema; by default looked up from fileObj's apiVersion/kind
 *                   (kinds without one, e.g. custom resources, get a JSON merge patch)
 */
export function computeApply(
  live: JsonObject | undefined,
  fileObj: JsonObject,
  namespace: string | undefined,
  schema: PatchSchema | undefined = schemaOf(fileObj),
): ApplyAction {
  const modified = modifiedConfiguration(fileObj, namespace);
  if (live === undefined) {
    const object = cloneJson(modified);
    pruneNulls(object);
    return { action: 'create', object };
  }

  const annotation = lastAppliedOf(live);
  let original: JsonObject | undefined;
  if (annotation !== undefined && annotation !== '') {
    // Not JSON, or nested too deep to walk: json.Unmarshal refuses it too.
    const parsed = parseBoundedJson(annotation);
    if (!isJsonObject(parsed)) throw new InvalidLastAppliedError();
    original = parsed;
  }

  const { type, patch } = threeWayMergePatch(original, modified, live, schema);
  const missingLastApplied = annotation === undefined;
  if (Object.keys(patch).length === 0) return { action: 'unchanged', missingLastApplied };
  return { action: 'patch', patchType: type, patch, missingLastApplied };
}

function schemaOf(obj: JsonObject): PatchSchema | undefined {
  const apiVersion = obj['apiVersion'];
  const kind = obj['kind'];
  return typeof apiVersion === 'string' && typeof kind === 'string' ? strategicSchemaFor(apiVersion, kind) : undefined;
}

/** Removes null map entries recursively, as apply does before a create (pruneNullsFromMap). */
function pruneNulls(v: unknown): void {
  if (Array.isArray(v)) {
    v.forEach(pruneNulls);
  } else if (isJsonObject(v)) {
    for (const k of Object.keys(v)) {
      if (v[k] === null) delete v[k];
      else pruneNulls(v[k]);
    }
  }
}
