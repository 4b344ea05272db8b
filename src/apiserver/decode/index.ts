/**
 * Decoding a request body into the Go type of its kind, as kube-apiserver does before it
 * defaults, validates or stores anything. Every write path calls one of these:
 *  - create and update (POST, PUT): the body is JSON-decoded; a type error is a 400,
 *    `Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal ...`
 *    (handlers/create.go and update.go, transformDecodeError);
 *  - JSON and merge patch: the patched JSON is decoded; an error is a 422 whose one cause is
 *    `patch: Invalid value: "<patched JSON>": json: cannot unmarshal ...` (handlers/patch.go);
 *  - strategic merge patch: the patched map goes through the unstructured converter; an error
 *    is the same 422 quoting the patch as `%+v` (`map[spec:map[replicas:four]]`).
 * Nothing is stored when decoding fails.
 */
import type { JsonObject, JsonValue } from '../../common/json.js';
import { goQuote } from '../../common/go-strings.js';
import { StatusError, badRequest, invalid } from '../errors.js';
import type { KubeObject } from '../object.js';
import type { GoType } from './go-types.js';
import { KIND_TYPES, SCALE, UNSTRUCTURED } from './kind-types.js';
import { jsonDecodeError } from './json-decode.js';
import { convertFromUnstructured } from './unstructured-convert.js';
import { goSprintV } from './go-print.js';

function groupOf(apiVersion: string): string {
  const i = apiVersion.indexOf('/');
  return i < 0 ? '' : apiVersion.slice(0, i);
}

/** The Go type objects of this kind decode into (custom resources: their metadata only). */
export function goTypeOf(apiVersion: string, kind: string): GoType {
  if (kind === 'Scale' && apiVersion === 'autoscaling/v1') return SCALE;
  return KIND_TYPES[`${groupOf(apiVersion)}/${kind}`] ?? UNSTRUCTURED;
}

/** The 400 of a POST or PUT whose body does not decode, or undefined when it does. */
export function bodyDecodeError(obj: KubeObject, kind: string, version: string, apiVersion: string): StatusError | undefined {
  const err = jsonDecodeError(obj as unknown as JsonValue, goTypeOf(apiVersion, kind));
  if (err === undefined) return undefined;
  return badRequest(`${kind} in version ${goQuote(version)} cannot be handled as a ${kind}: ${err}`);
}

/** kube-apiserver's answer to a patch whose result does not decode: 422, one cause on `patch`. */
function patchInvalid(quoted: string, err: string): StatusError {
  return invalid('', '', '', [{ reason: 'FieldValueInvalid', field: 'patch', message: `Invalid value: ${goQuote(quoted)}: ${err}` }]);
}

/** After a JSON or merge patch: the patched object must decode as JSON into its type. */
export function jsonPatchResultError(patched: KubeObject): StatusError | undefined {
  const doc = patched as unknown as JsonValue;
  const err = jsonDecodeError(doc, goTypeOf(patched.apiVersion ?? '', patched.kind ?? ''));
  return err === undefined ? undefined : patchInvalid(JSON.stringify(doc), err);
}

/**
 * After a strategic merge patch: the patched map must convert into its type. Converts in place
 * (int32 fields get Go's integer conversion), so the caller must pass its own copy.
 */
export function strategicPatchResultError(patched: KubeObject, patch: JsonValue): StatusError | undefined {
  const err = convertFromUnstructured(patched as unknown as JsonObject, goTypeOf(patched.apiVersion ?? '', patched.kind ?? ''));
  return err === undefined ? undefined : patchInvalid(goSprintV(patch), err);
}
