/**
 * One YAML document → JSON value, with the semantics of sigs.k8s.io/yaml's YAMLToJSON
 * (go-yaml v2 underneath), which is what kubectl applies to every `-f` document:
 *  - plain scalars resolve by YAML 1.1 rules (yes/no/on/off are booleans, 0123 is octal,
 *    timestamps stay strings as written): see yaml-resolve.ts;
 *  - quoted scalars are always strings;
 *  - map keys always become strings (`on:` → "true", `1:` → "1");
 *  - duplicate keys do not fail: the last one wins;
 *  - `<<` merge keys and anchors/aliases work, within go-yaml's alias budget (alias-budget.ts);
 *  - nesting is bounded (input-limits.ts).
 * Parsing itself is js-yaml's; its errors are reworded as go-yaml's (yaml-errors.ts).
 */
import yaml from 'js-yaml';
import type { JsonValue } from '../../common/json.js';
import { resolvePlain } from './yaml-resolve.js';
import { goYamlErrorMessage } from './yaml-errors.js';
import { ManifestError } from './errors.js';
import { setOwn } from '../../common/own-keys.js';
import { AliasBudget, YamlAliasError } from './alias-budget.js';
import { KUBEMU_MAX_DEPTH, MAX_NESTING_DEPTH, kubemuDepthMessage } from './input-limits.js';
import { goYamlDepthVerdict } from './yaml-depth-scan.js';

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

/** js-yaml 4's loader options this module uses, some of which @types/js-yaml does not declare. */
interface GoYamlLoadOptions {
  schema: yaml.Schema;
  json: boolean;
  /** Nesting at which js-yaml stops (every node counts, a scalar leaf too). */
  maxDepth: number;
  /** js-yaml's own cap on merged keys; go-yaml has none (aliases are bounded by AliasBudget). */
  maxTotalMergeKeys: number;
  listener: AliasBudget['listener'];
}

/**
 * Parse one document (as split by yaml-documents.ts). Returns null for an empty document.
 * Throws ManifestError with go-yaml's message, e.g.
 * `error converting YAML to JSON: yaml: line 4: mapping values are not allowed in this context`.
 * Nesting and aliasing are bounded as input-limits.ts and alias-budget.ts explain.
 */
export function yamlDocumentToJson(text: string): JsonValue {
  let parsed: unknown;
  const budget = new AliasBudget();
  const options: GoYamlLoadOptions = {
    schema: GO_YAML_V2_SCHEMA,
    json: true,
    // A collection KUBEMU_MAX_DEPTH deep may still hold scalars.
    maxDepth: KUBEMU_MAX_DEPTH + 1,
    maxTotalMergeKeys: -1,
    listener: budget.listener,
  };
  try {
    parsed = yaml.load(text, options as unknown as yaml.LoadOptions);
  } catch (err) {
    if (err instanceof YamlAliasError) throw new ManifestError(`${CONVERT_PREFIX}${err.message}`);
    if (err instanceof yaml.YAMLException) {
      if ((err.reason ?? '').startsWith('nesting exceeded maxDepth')) throw depthError(text, err);
      throw new ManifestError(`${CONVERT_PREFIX}${goYamlErrorMessage(err, text)}`);
    }
    throw err;
  }
  return toJsonValue(parsed);
}

const CONVERT_PREFIX = 'error converting YAML to JSON: ';

/** A document deeper than js-yaml may go: kubectl's message if kubectl refuses it too, else kubemu's. */
function depthError(text: string, err: yaml.YAMLException): ManifestError {
  const verdict = goYamlDepthVerdict(text);
  if (verdict?.kind === 'yaml') {
    const where = verdict.line0 > 0 ? `line ${verdict.line0 + 1}: ` : '';
    return new ManifestError(`${CONVERT_PREFIX}yaml: ${where}exceeded max depth of ${MAX_NESTING_DEPTH}`);
  }
  if (verdict?.kind === 'json') {
    return new ManifestError(`error unmarshaling JSON: while decoding JSON: invalid character '${verdict.char}' exceeded max depth`);
  }
  // Framed like go-yaml's scanner errors: no line when it is the first.
  const line0 = (err.mark as { line?: number } | undefined)?.line ?? 0;
  const where = line0 > 0 ? `line ${line0 + 1}: ` : '';
  return new ManifestError(`${CONVERT_PREFIX}yaml: ${where}${kubemuDepthMessage()}`);
}

/**
 * What json.Marshal makes of go-yaml's generic value. NaN and ±Inf cannot be marshalled:
 * `error converting YAML to JSON: json: unsupported value: +Inf`.
 * Aliases are expanded here (js-yaml shares their objects), so the depth is checked here
 * too: three aliases of a 400-deep anchor nested in each other make 1,200 levels.
 */
function toJsonValue(v: unknown, depth = 0): JsonValue {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) {
      const text = Number.isNaN(v) ? 'NaN' : v > 0 ? '+Inf' : '-Inf';
      throw new ManifestError(`${CONVERT_PREFIX}json: unsupported value: ${text}`);
    }
    return v;
  }
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'object') {
    if (depth >= KUBEMU_MAX_DEPTH) {
      const char = Array.isArray(v) ? '[' : '{';
      throw new ManifestError(`error unmarshaling JSON: while decoding JSON: invalid character '${char}' ${kubemuDepthMessage()}`);
    }
    if (Array.isArray(v)) return v.map((x) => toJsonValue(x, depth + 1));
    const out: { [k: string]: JsonValue } = {};
    // js-yaml already turned keys into strings with String(key): true → "true", 1 → "1",
    // matching sigs.k8s.io/yaml's key conversion for the cases that occur in practice.
    // setOwn: a `__proto__` key is data like any other.
    for (const [k, val] of Object.entries(v as Record<string, unknown>)) setOwn(out, k, toJsonValue(val, depth + 1));
    return out;
  }
  return String(v);
}
