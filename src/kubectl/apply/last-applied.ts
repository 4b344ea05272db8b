/**
 * The `kubectl.kubernetes.io/last-applied-configuration` annotation
 * (kubectl/pkg/util/apply.go GetModifiedConfiguration / CreateApplyAnnotation).
 *
 * kubectl takes the object as read from the file — with `metadata.namespace` filled in by
 * the resource builder when the kind is namespaced — removes any last-applied annotation
 * from it, sets the annotations map (an empty map if there was none, so `"annotations":{}`
 * always appears), and encodes it with the unstructured JSON encoder: compact, keys sorted,
 * and a trailing newline from json.Encoder. Example for a bare Service file:
 *
 *   {"apiVersion":"v1","kind":"Service","metadata":{"annotations":{},"name":"hello","namespace":"default"},"spec":{...}}\n
 */
import type { JsonObject } from '../../common/json.js';
import { cloneJson, isJsonObject } from '../../common/json.js';
import { toCompactJson } from '../../common/go-json.js';
import { LAST_APPLIED_ANNOTATION } from '../../api/kubectl-annotations.js';

/**
 * A copy of `obj` with `metadata.namespace` set to `namespace` when it has none. Pass a
 * namespace only for namespaced kinds (kubectl leaves cluster-scoped objects alone).
 */
export function withDefaultNamespace(obj: JsonObject, namespace: string | undefined): JsonObject {
  const out = cloneJson(obj);
  if (namespace === undefined) return out;
  const meta = isJsonObject(out['metadata']) ? out['metadata'] : (out['metadata'] = {});
  if (meta['namespace'] === undefined || meta['namespace'] === '' || meta['namespace'] === null) meta['namespace'] = namespace;
  return out;
}

/** The annotations map of a copy, created empty when absent or null. */
function annotationsOf(obj: JsonObject): JsonObject {
  const meta = isJsonObject(obj['metadata']) ? obj['metadata'] : (obj['metadata'] = {});
  const ann = meta['annotations'];
  if (isJsonObject(ann)) return ann;
  const fresh: JsonObject = {};
  meta['annotations'] = fresh;
  return fresh;
}

/**
 * What kubectl writes into the annotation for this file object (after namespace defaulting,
 * see withDefaultNamespace): sorted compact JSON without the annotation itself, ending in `\n`.
 */
export function lastAppliedAnnotationValue(obj: JsonObject, namespace?: string): string {
  const copy = withDefaultNamespace(obj, namespace);
  delete annotationsOf(copy)[LAST_APPLIED_ANNOTATION];
  return toCompactJson(copy) + '\n';
}

/**
 * The "modified" configuration of apply: the file object (namespace defaulted) carrying the
 * new annotation. This is what is created when the object does not exist yet, and what the
 * three-way merge compares with the live object.
 */
export function modifiedConfiguration(obj: JsonObject, namespace?: string): JsonObject {
  const copy = withDefaultNamespace(obj, namespace);
  const value = lastAppliedAnnotationValue(copy);
  annotationsOf(copy)[LAST_APPLIED_ANNOTATION] = value;
  return copy;
}

/** The last-applied annotation of a live object, if it has one. */
export function lastAppliedOf(live: JsonObject): string | undefined {
  const meta = live['metadata'];
  if (!isJsonObject(meta) || !isJsonObject(meta['annotations'])) return undefined;
  const v = meta['annotations'][LAST_APPLIED_ANNOTATION];
  return typeof v === 'string' ? v : undefined;
}
