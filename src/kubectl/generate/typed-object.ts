/**
 * Generated objects are Go structs in kubectl (appsv1.Deployment, corev1.Pod, ...), so what
 * it prints and what it writes into the last-applied annotation is the struct's JSON: fields
 * in declaration order, zero values that have no omitempty (`creationTimestamp: null`,
 * `resources: {}`, `strategy: {}`, `status: {}`), empty maps and slices with omitempty
 * dropped. This file turns our plain generated objects into that form.
 */
import type { JsonObject } from '../../common/json.js';
import { cloneJson, isJsonObject } from '../../common/json.js';
import { toTypedOrder } from '../printers/typed-order.js';
import { toCompactJson } from '../../common/go-json.js';
import { LAST_APPLIED_ANNOTATION } from '../../api/kubectl-annotations.js';

/** The object as kubectl's typed encoder writes it (fields kubectl's types lack are kept). */
export function typedForm(obj: JsonObject): JsonObject {
  return toTypedOrder(obj, { unknownFields: 'keep' });
}

/**
 * CreateOrUpdateAnnotation for a typed object (`--save-config`): the annotation holds the
 * object's compact typed JSON without the annotation itself, plus a newline, e.g. for
 * `create namespace x --save-config`:
 *   {"kind":"Namespace","apiVersion":"v1","metadata":{"name":"x","creationTimestamp":null},"spec":{},"status":{}}\n
 */
export function withTypedLastApplied(obj: JsonObject): JsonObject {
  const out = cloneJson(obj);
  const meta = isJsonObject(out['metadata']) ? out['metadata'] : (out['metadata'] = {});
  const annotations = isJsonObject(meta['annotations']) ? meta['annotations'] : {};
  delete annotations[LAST_APPLIED_ANNOTATION];
  if (Object.keys(annotations).length) meta['annotations'] = annotations;
  else delete meta['annotations'];
  const value = toCompactJson(typedForm(out), { sortKeys: false }) + '\n';
  meta['annotations'] = { ...annotations, [LAST_APPLIED_ANNOTATION]: value };
  return out;
}
