/**
 * What an object looks like after kubectl has decoded it into its Go struct and encoded it
 * again — the form of every *typed* offline output (`create deployment --dry-run=client`,
 * `set image --local`, `set resources --local`, ...):
 *  - fields come in Go struct order: `kind`, `apiVersion`, `metadata`, `spec`, `status`, and
 *    inside each struct its declaration order (Container: name, image, ..., ports, ...,
 *    resources, ..., livenessProbe, ...); this is visible in `-o json` only, since `-o yaml`
 *    re-sorts everything (see yaml.ts);
 *  - fields without `omitempty` always appear, with Go's zero value when unset:
 *    `creationTimestamp: null`, `resources: {}`, `strategy: {}`, `status: {}`,
 *    `selector: null`, `containers: null`; struct-typed fields always appear (omitempty has
 *    no effect on Go structs); omitempty scalars equal to their zero (`paused: false`,
 *    `minReadySeconds: 0`) disappear;
 *  - map fields (labels, annotations, data, matchLabels, limits) are written with sorted keys;
 *  - times are re-encoded as RFC3339 in UTC without fractions; numeric quantities become
 *    strings.
 *
 * Unknown fields: kubectl *drops* them (the Go decoder ignores fields the struct lacks; try
 * `set image --local -f` on a Deployment with `spec.bogus: true` — it is gone from the
 * output, while `label --local` keeps it because label works on unstructured objects). By
 * default we keep them, sorted, after the known fields, so nothing is lost by accident;
 * pass `{ unknownFields: 'drop' }` to reproduce kubectl byte for byte.
 *
 * Kinds that are not in the table are returned with all keys sorted (recursively), which is
 * how kubectl prints unstructured objects.
 *
 * Not emulated: resource.Quantity canonicalisation of strings (`0.5` → `500m`, `1024Mi` →
 * `1Gi`); such strings are kept as written.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../common/json.js';
import { compareGoStrings } from '../../common/go-strings.js';
import { KIND_ROOTS as GENERATED_ROOTS, STRUCTS as GENERATED_STRUCTS } from './typed-order/schema.generated.js';
import { POLICY_KIND_ROOTS, POLICY_STRUCTS } from './typed-order/policy-schema.js';
import { AUTOSCALING_KIND_ROOTS, AUTOSCALING_STRUCTS } from './typed-order/autoscaling-schema.js';
import type { StructTable } from './typed-order/schema-types.js';

/** The generated tables and the hand-written policy/v1 ones. */
const KIND_ROOTS: Readonly<Record<string, string>> = { ...GENERATED_ROOTS, ...POLICY_KIND_ROOTS, ...AUTOSCALING_KIND_ROOTS };
const STRUCTS: StructTable = { ...GENERATED_STRUCTS, ...POLICY_STRUCTS, ...AUTOSCALING_STRUCTS };
import { setOwn } from '../../common/own-keys.js';

export interface TypedOrderOptions {
  /** `keep` (default): unknown fields follow the known ones, sorted. `drop`: as kubectl does. */
  unknownFields?: 'keep' | 'drop';
}

/** Reorder (and complete with zero values) an object as kubectl's typed encoding would. */
export function toTypedOrder(obj: JsonObject, opts: TypedOrderOptions = {}): JsonObject {
  const root = typedRootFor(obj);
  if (!root) return sortDeep(obj) as JsonObject;
  return encodeStruct(root, obj, opts.unknownFields ?? 'keep');
}

/** The Go struct name for an object's apiVersion/kind, if kubemu knows it. */
export function typedRootFor(obj: JsonObject): string | undefined {
  const apiVersion = typeof obj['apiVersion'] === 'string' ? obj['apiVersion'] : '';
  const kind = typeof obj['kind'] === 'string' ? obj['kind'] : '';
  return KIND_ROOTS[`${apiVersion}/${kind}`];
}

/**
 * Reorder a value of a named struct (e.g. `PodTemplateSpec`, `Container`) on its own. Useful
 * for printing parts of objects; an unknown struct name returns the value sorted.
 */
export function toTypedOrderAs(structName: string, value: JsonObject, opts: TypedOrderOptions = {}): JsonObject {
  if (!STRUCTS[structName]) return sortDeep(value) as JsonObject;
  return encodeStruct(structName, value, opts.unknownFields ?? 'keep');
}

type Unknown = 'keep' | 'drop';

function encodeStruct(name: string, value: JsonObject, unknown: Unknown): JsonObject {
  const fields = STRUCTS[name] ?? [];
  const out: JsonObject = {};
  const known = new Set<string>();
  for (const [json, type, omitempty] of fields) {
    known.add(json);
    const has = Object.prototype.hasOwnProperty.call(value, json) && value[json] !== null;
    if (!has) {
      // A missing struct field still encodes (as its zero value); a missing pointer, slice,
      // map or scalar encodes only without omitempty.
      if (type.startsWith('S:') || type === 'time' || type === 'intstr' || type === 'quantity' || type === 'duration' || !omitempty) {
        out[json] = zeroValue(type, unknown);
      }
      continue;
    }
    const v = value[json] as JsonValue;
    if (omitempty && isEmpty(type, v)) continue;
    out[json] = encodeValue(type, v, unknown);
  }
  if (unknown === 'keep') {
    for (const k of Object.keys(value).sort(compareGoStrings)) {
      if (!known.has(k)) setOwn(out, k, sortDeep(value[k] as JsonValue));
    }
  }
  return out;
}

/** Go's zero value for a field type, as encoding/json writes it. */
function zeroValue(type: string, unknown: Unknown): JsonValue {
  if (type.startsWith('S:')) return encodeStruct(type.slice(2), {}, unknown);
  switch (type) {
    case 'string':
    case 'duration':
      return type === 'duration' ? '0s' : '';
    case 'int':
    case 'float':
    case 'intstr':
      return 0;
    case 'bool':
      return false;
    case 'quantity':
      return '0';
    default:
      return null; // pointers, slices, maps, bytes, time, raw
  }
}

/** encoding/json's omitempty test: false, 0, "", and empty slices and maps are empty. */
function isEmpty(type: string, v: JsonValue): boolean {
  if (type.startsWith('*')) return false; // a set pointer is never empty, even to a zero value
  if (type === 'string' || type === 'bytes') return v === '';
  if (type === 'int' || type === 'float') return v === 0;
  if (type === 'bool') return v === false;
  if (type.startsWith('[]')) return Array.isArray(v) && v.length === 0;
  if (type.startsWith('map:')) return isJsonObject(v) && Object.keys(v).length === 0;
  return false;
}

function encodeValue(type: string, v: JsonValue, unknown: Unknown): JsonValue {
  if (type.startsWith('*')) return encodeValue(type.slice(1), v, unknown);
  if (type.startsWith('S:')) return isJsonObject(v) ? encodeStruct(type.slice(2), v, unknown) : v;
  if (type.startsWith('[]')) return Array.isArray(v) ? v.map((x) => encodeValue(type.slice(2), x, unknown)) : v;
  if (type.startsWith('map:')) {
    if (!isJsonObject(v)) return v;
    const out: JsonObject = {};
    for (const k of Object.keys(v).sort(compareGoStrings)) setOwn(out, k, encodeValue(type.slice(4), v[k] as JsonValue, unknown));
    return out;
  }
  switch (type) {
    case 'time':
      return typeof v === 'string' ? rfc3339Utc(v) : v;
    case 'quantity':
      return typeof v === 'number' ? String(v) : v;
    case 'raw':
      return sortDeep(v);
    default:
      return v;
  }
}

/**
 * metav1.Time marshals as `t.UTC().Format(time.RFC3339)`: UTC, whole seconds.
 * `2026-01-02T03:04:05.678+02:00` → `2026-01-02T01:04:05Z`.
 */
function rfc3339Utc(s: string): string {
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) return s;
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Go's encoding of a generic map: keys sorted at every level. */
function sortDeep(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(sortDeep);
  if (!isJsonObject(v)) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v).sort(compareGoStrings)) setOwn(out, k, sortDeep(v[k] as JsonValue));
  return out;
}
