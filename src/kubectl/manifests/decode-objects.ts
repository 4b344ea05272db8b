/**
 * A decoded document → the objects kubectl acts on, as cli-runtime's mapper.infoForData and
 * FlattenListVisitor do with the unstructured decoder:
 *  - the document must be a JSON object: `[1]` gives
 *    `unable to decode "f.yaml": json: cannot unmarshal array into Go value of type unstructured.detector`;
 *  - it must have a kind: `unable to decode "f.yaml": Object 'Kind' is missing in '<json>'`
 *    (apiVersion is not checked here; validation reports it, see validate-type-meta.ts);
 *  - its metadata must decode into ObjectMeta (kubectl reads it into a metadataOnlyObject
 *    before anything is sent): `unable to decode "f.yaml": json: cannot unmarshal array into Go
 *    struct field ObjectMeta.metadata.labels of type map[string]string`. A list's own metadata
 *    is checked, its items are not (the server decodes them);
 *  - any object with an `items` field is a list (whatever its kind) and is replaced by its
 *    items; items with neither kind nor apiVersion inherit `<ListKind minus "List">` and the
 *    list's apiVersion (a `ConfigMapList` item becomes a ConfigMap);
 *  - an item still without a kind is reported and skipped, the other items go on;
 *  - an item that is itself a list fails the whole document (kubectl 1.33 cannot flatten
 *    twice: `*unstructured.Unstructured is not a list: no Items field in this object`).
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../common/json.js';
import { ManifestError, aggregateMessage } from './errors.js';
import type { RawDocument } from './decode-stream.js';
import { metadataDecodeError, rememberBytes } from './typed-decode.js';

export interface DocumentObjects {
  objects: JsonObject[];
  /** Set when some or all of the document could not be turned into objects. */
  error?: ManifestError;
}

/** Go's name for a JSON value's type in "cannot unmarshal X into ..." messages. */
function goJsonKind(v: JsonValue): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'object') return 'object';
  return typeof v; // string, number, boolean → Go says "bool"
}

export function documentObjects(doc: RawDocument, source: string): DocumentObjects {
  const fail = (msg: string): DocumentObjects => ({ objects: [], error: new ManifestError(msg, source) });
  const v = doc.value;
  if (!isJsonObject(v)) {
    const kind = goJsonKind(v) === 'boolean' ? 'bool' : goJsonKind(v);
    return fail(`unable to decode "${source}": json: cannot unmarshal ${kind} into Go value of type unstructured.detector`);
  }
  const kind = typeof v['kind'] === 'string' ? v['kind'] : '';
  if (kind === '') return fail(`unable to decode "${source}": Object 'Kind' is missing in '${doc.raw}'`);
  const raw = (): string => doc.raw;
  const metaError = metadataDecodeError(v, raw);
  if (metaError) return fail(`unable to decode "${source}": ${metaError}`);

  const items = v['items'];
  if (items === undefined || items === null) {
    rememberBytes(v, raw);
    return { objects: [v] };
  }
  if (!Array.isArray(items)) {
    return fail(
      `unable to decode "${source}": json: cannot unmarshal ${goJsonKind(items)} into Go struct field decodeList.items of type []json.RawMessage`,
    );
  }

  const itemKind = kind.endsWith('List') ? kind.slice(0, -'List'.length) : kind;
  const listApiVersion = typeof v['apiVersion'] === 'string' ? v['apiVersion'] : '';
  const objects: JsonObject[] = [];
  const errors: string[] = [];
  for (const raw of items) {
    if (!isJsonObject(raw)) {
      return fail(`unable to decode "${source}": json: cannot unmarshal ${goJsonKind(raw)} into Go value of type map[string]interface {}`);
    }
    let item = raw;
    if (!item['kind'] && !item['apiVersion']) item = { kind: itemKind, apiVersion: listApiVersion, ...item };
    if (Array.isArray(item['items'])) {
      return fail('*unstructured.Unstructured is not a list: no Items field in this object');
    }
    if (!item['kind']) {
      errors.push(
        `unable to get type info from the object "*unstructured.Unstructured": Object 'Kind' is missing in 'object has no kind field '`,
      );
      continue;
    }
    objects.push(item);
  }
  return errors.length > 0 ? { objects, error: new ManifestError(aggregateMessage(errors), source) } : { objects };
}
