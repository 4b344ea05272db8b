/**
 * set image / set env send what kubectl's cmd/set/helper.go CalculatePatch computes: the
 * strategic merge patch from the object before to the object after the change
 * (CreateTwoWayMergePatch). `{}` means nothing changed, and kubectl then neither sends nor
 * prints anything for that object. Because it is a patch (not a PUT), the last-applied
 * annotation stays as it was, so a later `apply` of a file without the variable leaves it.
 * Example: env FOO added to container hello →
 *   {"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"hello"}],
 *    "containers":[{"env":[{"name":"FOO","value":"1"}],"name":"hello"}]}}}}
 */
import type { JsonObject } from '../../../common/json.js';
import { diffMaps, TWO_WAY } from '../../../apiserver/patch/strategic-diff.js';
import { strategicSchemaFor } from '../../../apiserver/patch/patch-meta.js';
import { PLAIN } from '../../../apiserver/patch/patch-meta.js';

/** The two-way strategic merge patch of a change to one object. */
export function twoWayPatch(before: JsonObject, after: JsonObject): JsonObject {
  const schema = strategicSchemaFor(String(after['apiVersion'] ?? ''), String(after['kind'] ?? '')) ?? PLAIN;
  return diffMaps(before, after, schema, TWO_WAY);
}

/** Whether a patch changes nothing. */
export function isEmptyPatch(patch: JsonObject): boolean {
  return Object.keys(patch).length === 0;
}
