/**
 * Errors of the patch algorithms, worded like the Go libraries they mirror
 * (k8s.io/apimachinery/pkg/util/mergepatch, strategicpatch, gopkg.in/evanphx/json-patch.v4),
 * and their translation into the API status kube-apiserver answers a PATCH with
 * (staging/src/k8s.io/apiserver/pkg/endpoints/handlers/patch.go).
 *
 * The algorithms throw PatchError with the library's text: that is what `kubectl patch
 * --local` prints after `error: `. The apiserver layer converts it with `toStatusError`.
 */
import type { JsonValue } from '../../common/json.js';
import { StatusError, type StatusReason } from '../errors.js';
import { goFormat, goTypeName } from './go-format.js';

/** Which library produced the error: decides the HTTP status the server gives it. */
export type PatchErrorSource = 'strategic' | 'json-patch' | 'json-patch-decode' | 'merge-patch';

export class PatchError extends Error {
  constructor(
    message: string,
    readonly source: PatchErrorSource,
    /** How interpretStrategicMergePatchError classifies it (strategic only). */
    readonly httpClass: 'bad-request' | 'unprocessable' | 'other' = 'other',
  ) {
    super(message);
    this.name = 'PatchError';
  }
}

// ---- mergepatch / strategicpatch ------------------------------------------------------------

export const ERR_BAD_JSON_DOC = 'invalid JSON document';
export const ERR_NO_LIST_OF_LISTS = 'lists of lists are not supported';
export const ERR_BAD_PATCH_FORMAT_PRIMITIVE_LIST = 'invalid patch format of primitive list';
export const ERR_BAD_PATCH_FORMAT_RETAIN_KEYS = 'invalid patch format of retainKeys';
export const ERR_BAD_PATCH_FORMAT_SET_ELEMENT_ORDER = 'invalid patch format of setElementOrder list';

/** One of the sentinel errors; the server answers 400 for these. */
export function smpBadRequest(message: string): PatchError {
  return new PatchError(message, 'strategic', 'bad-request');
}

export function smpNoListOfLists(): PatchError {
  return new PatchError(ERR_NO_LIST_OF_LISTS, 'strategic', 'unprocessable');
}

/** Any other strategic merge error (server: a plain error, status 500 with no reason). */
export function smpError(message: string): PatchError {
  return new PatchError(message, 'strategic');
}

/** `map: map[image:x] does not contain declared merge key: name` */
export function errNoMergeKey(m: JsonValue, key: string): PatchError {
  return smpError(`map: ${goFormat(m)} does not contain declared merge key: ${key}`);
}

/** `expected a map[string]interface {}, but received a string` */
export function errBadArgType(expected: 'map' | 'slice', actual: JsonValue | undefined): PatchError {
  const exp = expected === 'map' ? 'map[string]interface {}' : '[]interface {}';
  return smpError(`expected a ${exp}, but received a ${goTypeName(actual)}`);
}

/** `unknown patch type: merge in map: map[$patch:merge]` */
export function errBadPatchType(t: JsonValue | undefined, m: JsonValue): PatchError {
  const ts = typeof t === 'string' ? t : `%!s(${goTypeName(t)}=${goFormat(t)})`;
  return smpError(`unknown patch type: ${ts} in map: ${goFormat(m)}`);
}

// ---- evanphx/json-patch v4 ------------------------------------------------------------------

/** An operation that does not apply (the server hides the text behind a generic 422). */
export function jsonPatchError(message: string): PatchError {
  return new PatchError(message, 'json-patch');
}

/** A JSON patch that does not decode as a list of operations (400 with this text). */
export function jsonPatchDecodeError(message: string): PatchError {
  return new PatchError(message, 'json-patch-decode');
}

/** jsonpatch.ErrBadJSONPatch, e.g. for a merge patch that is `null`. */
export const ERR_BAD_JSON_PATCH = 'Invalid JSON Patch';

export function mergePatchError(message: string): PatchError {
  return new PatchError(message, 'merge-patch');
}

// ---- the API status kube-apiserver returns --------------------------------------------------

/** NewGenericServerResponse(422, ...) drops the library's text and says only this. */
export const GENERIC_UNPROCESSABLE =
  'the server rejected our request due to an error in our request';

/**
 * metav1.StatusReasonUnknown is the empty string; kubectl prints such errors as
 * `Error from server: <message>`. errors.ts has no name for it, hence the cast.
 */
const REASON_UNKNOWN = '' as StatusReason;

/**
 * The status a PATCH request fails with:
 *  - JSON patch: an op that does not apply → 422 Invalid with the generic text (kubectl shows
 *    `The request is invalid: the server rejected our request due to an error in our request`);
 *  - JSON patch that is not a list of operations, JSON merge patch ErrBadJSONPatch → 400;
 *  - strategic: the sentinel format errors → 400 with their text, lists of lists → 422 generic,
 *    anything else (missing merge key, bad directive) → 500 with reason Unknown and its text
 *    (kubectl shows `Error from server: map: map[image:x] does not contain declared merge key: name`).
 */
export function toStatusError(err: PatchError): StatusError {
  if (err.source === 'json-patch') {
    return new StatusError('Invalid', 422, GENERIC_UNPROCESSABLE, { name: '', group: '', kind: '' });
  }
  if (err.source === 'merge-patch' || err.source === 'json-patch-decode') return new StatusError('BadRequest', 400, err.message);
  switch (err.httpClass) {
    case 'bad-request':
      return new StatusError('BadRequest', 400, err.message);
    case 'unprocessable':
      return new StatusError('Invalid', 422, GENERIC_UNPROCESSABLE, { name: '', group: '', kind: '' });
    default:
      return new StatusError(REASON_UNKNOWN, 500, err.message);
  }
}

/**
 * A strategic merge patch sent for a kind without strategic metadata (a custom resource):
 * the server refuses the content type with 415.
 */
export function strategicMergeUnsupported(): StatusError {
  return new StatusError(
    'UnsupportedMediaType',
    415,
    'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
  );
}

/** kubectl patch --local on such a kind says this instead (patch.go). */
export function strategicMergeUnsupportedLocally(apiVersion: string, kind: string): string {
  // GroupVersionKind.String(): `<group>/<version>, Kind=<kind>`, so core is `/v1, Kind=Pod`.
  const gv = apiVersion.includes('/') ? apiVersion : `/${apiVersion}`;
  return `strategic merge patch is not supported for ${gv}, Kind=${kind} locally, try --type merge`;
}
