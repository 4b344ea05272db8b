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
 * Custom resources (ImageRepository) decode into unstructured objects: only their metadata is
 * coerced, as apiextensions-apiserver does for requests, by dropping each metadata field that
 * does not decode (`labels: [a]` is dropped, not refused).
 * Nothing is stored when decoding fails.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../common/json.js';
import { goQuote } from '../../common/go-strings.js';
import { goJson } from '../validation/go-format.js';
import { StatusError, badRequest, invalid } from '../errors.js';
import { type KubeObject, objectJson, unverifiedKubeObject } from '../../api/meta/v1.js';
import type { GoType } from './go-types.js';
import { EVICTION, KIND_TYPES, SCALE } from './kind-types.js';
import { HPA_V1 } from './hpa-types.js';
import { metadataOnlyObject } from './meta-types.js';
import { jsonDecodeError } from './json-decode.js';
import { convertFromUnstructured } from './unstructured-convert.js';
import { goSprintV } from './go-print.js';

function groupOf(apiVersion: string): string {
  const i = apiVersion.indexOf('/');
  return i < 0 ? '' : apiVersion.slice(0, i);
}

/** The Go type objects of this kind decode into; undefined for custom resources (unstructured). */
export function goTypeOf(apiVersion: string, kind: string): GoType | undefined {
  if (kind === 'Scale' && apiVersion === 'autoscaling/v1') return SCALE;
  if (kind === 'HorizontalPodAutoscaler' && apiVersion === 'autoscaling/v1') return HPA_V1;
  if (kind === 'Eviction' && (apiVersion === 'policy/v1' || apiVersion === 'policy/v1beta1')) return EVICTION;
  return KIND_TYPES[`${groupOf(apiVersion)}/${kind}`];
}

function cannotBeHandled(kind: string, version: string, err: string): StatusError {
  return badRequest(`${kind} in version ${goQuote(version)} cannot be handled as a ${kind}: ${err}`);
}

/**
 * The 400 of a POST or PUT whose body does not decode, or undefined when it does. A custom
 * resource's metadata is coerced instead (changed in place: pass a copy).
 */
export function bodyDecodeError(obj: KubeObject, kind: string, version: string, apiVersion: string): StatusError | undefined {
  const type = goTypeOf(apiVersion, kind);
  const doc = objectJson(obj);
  const err = type ? jsonDecodeError(doc, type) : coerceMetadata(doc);
  return err === undefined ? undefined : cannotBeHandled(kind, version, err);
}

/** Go's %T of a value utiljson.Unmarshal produced. */
function goDynamicType(v: JsonValue): string {
  if (Array.isArray(v)) return '[]interface {}';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  return typeof v === 'boolean' ? 'bool' : 'string';
}

/** objectmeta.GetObjectMetaWithOptions(obj, DropMalformedFields): field by field. */
function coerceMetadata(obj: JsonObject): string | undefined {
  const meta = obj['metadata'];
  if (meta === undefined || meta === null) return undefined;
  if (!isJsonObject(meta)) return `invalid metadata: expected object, got ${goDynamicType(meta)}`;
  for (const [k, v] of Object.entries(meta)) {
    if (jsonDecodeError({ metadata: { [k]: v } }, metadataOnlyObject) !== undefined) delete meta[k];
  }
  return undefined;
}

/** kube-apiserver's answer to a patch whose result does not decode: 422, one cause on `patch`. */
function patchInvalid(quoted: string, err: string): StatusError {
  return invalid('', '', '', [{ reason: 'FieldValueInvalid', field: 'patch', message: `Invalid value: ${goQuote(quoted)}: ${err}` }]);
}

/**
 * After a JSON or merge patch: the patched document must decode as JSON into the type it names
 * (whatever JSON value the patch made of it: its apiVersion and kind are read unchecked).
 */
export function jsonPatchResultError(doc: JsonValue): StatusError | undefined {
  const patched = unverifiedKubeObject(doc);
  const type = goTypeOf(patched.apiVersion ?? '', patched.kind ?? '');
  const err = type && jsonDecodeError(doc, type);
  return err === undefined ? undefined : patchInvalid(goJson(doc), err);
}

/**
 * After a strategic merge patch: the patched map must convert into its type. Converts in place
 * (int32 fields get Go's integer conversion), so the caller must pass its own copy.
 */
export function strategicPatchResultError(doc: JsonObject, patch: JsonValue): StatusError | undefined {
  const patched = unverifiedKubeObject(doc);
  const type = goTypeOf(patched.apiVersion ?? '', patched.kind ?? '');
  const err = type && convertFromUnstructured(doc, type);
  return err === undefined ? undefined : patchInvalid(goSprintV(patch), err);
}
