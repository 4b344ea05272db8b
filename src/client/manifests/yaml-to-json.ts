/**
 * One YAML document → JSON value, with the semantics of sigs.k8s.io/yaml's YAMLToJSON
 * (go-yaml v2 underneath), which is what kubectl applies to every `-f` document:
 *  - plain scalars resolve by YAML 1.1 rules (yes/no/on/off are booleans, 0123 is octal,
 *    timestamps stay strings as written): see yaml-resolve.ts;
 *  - quoted scalars are always strings;
 *  - map keys always become strings (`on:` → "true", `1:` → "1");
 *  - duplicate keys do not fail: the last one wins;
 *  - `<<` merge keys and anchors/aliases work.
 * Parsing itself is js-yaml's; its errors are reworded as go-yaml's (yaml-errors.ts).
 */
import yaml from 'js-yaml';
import type { JsonValue } from '../../common/json.js';
import { resolvePlain } from './yaml-resolve.js';
import { goYamlErrorMessage } from './yaml-errors.js';
import { ManifestError } from './errors.js';

/**
 * A js-yaml implicit type that claims every plain scalar go-yaml would not read as a string
 * and constructs go-yaml's value for it. js-yaml only offers implicit types to plain
 * scalars, so quoted `"yes"` stays a string, as it must.
 */
const goYamlPlainScalar = new yaml.Type('tag:kubemu,2024:go-yaml-plain', {
  kind: 'scalar',
  resolve: (data: unknown) => {
    if (typeof data !== 'string') return false;
    const r = resolvePlain(data);
    return r.tag !== 'str' && r.tag !== 'merge';
  },
  construct: (data: string) => resolvePlain(data).value,
});

/** failsafe (str/seq/map) + our resolver + js-yaml's merge key support. */
// js-yaml 4 exports its built-in types at runtime; @types/js-yaml does not declare them.
const mergeType = (yaml as unknown as { types: { merge: yaml.Type } }).types.merge;
const GO_YAML_V2_SCHEMA = yaml.FAILSAFE_SCHEMA.extend({ implicit: [goYamlPlainScalar, mergeType] });

/**
 * Parse one document (as split by yaml-documents.ts). Returns null for an empty document.
 * Throws ManifestError with go-yaml's message, e.g.
 * `error converting YAML to JSON: yaml: line 4: mapping values are not allowed in this context`.
 */
export function yamlDocumentToJson(text: string): JsonValue {
  let parsed: unknown;
  try {
    parsed = yaml.load(text, { schema: GO_YAML_V2_SCHEMA, json: true });
  } catch (err) {
    if (err instanceof yaml.YAMLException) {
      throw new ManifestError(`error converting YAML to JSON: ${goYamlErrorMessage(err, text)}`);
    }
    throw err;
  }
  return toJsonValue(parsed);
}

/**
 * What json.Marshal makes of go-yaml's generic value. NaN and ±Inf cannot be marshalled:
 * `error converting YAML to JSON: json: unsupported value: +Inf`.
 */
function toJsonValue(v: unknown): JsonValue {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) {
      const text = Number.isNaN(v) ? 'NaN' : v > 0 ? '+Inf' : '-Inf';
      throw new ManifestError(`error converting YAML to JSON: json: unsupported value: ${text}`);
    }
    return v;
  }
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map(toJsonValue);
  if (typeof v === 'object') {
    const out: { [k: string]: JsonValue } = {};
    // js-yaml already turned keys into strings with String(key): true → "true", 1 → "1",
    // matching sigs.k8s.io/yaml's key conversion for the cases that occur in practice.
    for (const [k, val] of Object.entries(v as Record<string, unknown>)) out[k] = toJsonValue(val);
    return out;
  }
  return String(v);
}
