/**
 * The body of `kubectl patch`: the text of -p or --patch-file, turned into JSON the way
 * apimachinery's yaml.ToJSON does it. Text starting with `{` (after white space) is taken as
 * JSON *as is*, without checking it — so a broken JSON patch is only noticed by whoever
 * applies it, with that code's wording. Anything else is read as one YAML document
 * (JSON arrays included: `[1` fails as YAML, `unable to parse "[1": yaml: line 1: ...`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { JsonValue } from '../../../common/json.js';
import { CliError } from '../../util/errors.js';
import { ManifestError, yamlDocumentToJson } from '../../manifests/index.js';
import { JsonSyntaxError, readJsonValue } from '../../manifests/json-stream.js';

/** A patch body: its JSON value, or the error Go's json.Unmarshal gives for the raw text. */
export type PatchBody = { ok: true; value: JsonValue } | { ok: false; jsonError: string };

/** Prefix sigs.k8s.io/yaml adds in Unmarshal, but not in the YAMLToJSON kubectl patch calls. */
const CONVERT_PREFIX = 'error converting YAML to JSON: ';

/**
 * go-yaml omits `line N: ` when the problem is on the first line (0-based line 0) of a scanner
 * error; our shared translation always names the line for these two scanner messages.
 * Example: `a: b: c` → go-yaml says `yaml: mapping values are not allowed in this context`.
 */
const FIRST_LINE_SCANNER = /^yaml: line 1: (mapping values are not allowed in this context|found character that cannot start any token)$/;

/** Reads --patch-file like os.ReadFile, with Go's error text. */
export function readPatchFile(path: string, cwd: string): string {
  try {
    return readFileSync(resolve(cwd, path), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file or directory' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : String((e as Error).message);
    // os.ReadFile on a directory opens it and fails on read: `read x: is a directory`.
    const op = code === 'EISDIR' ? 'read' : 'open';
    throw new CliError(`unable to read patch file: ${op} ${path}: ${why}`);
  }
}

/**
 * `text` → PatchBody. `shown` is the -p text kubectl quotes in YAML errors (empty when the
 * patch came from a file): `unable to parse "a: b: c": yaml: mapping values are not allowed in this context`.
 */
export function parsePatchBody(text: string, shown: string): PatchBody {
  if (/^\s*\{/u.test(text)) return unmarshalJson(text);
  let value: JsonValue;
  try {
    value = yamlDocumentToJson(text);
  } catch (e) {
    if (e instanceof ManifestError) {
      let msg = e.message.startsWith(CONVERT_PREFIX) ? e.message.slice(CONVERT_PREFIX.length) : e.message;
      const first = FIRST_LINE_SCANNER.exec(msg);
      if (first) msg = `yaml: ${first[1]}`;
      // A flow sequence cut short before its first entry (`b: [`): go-yaml still expects a node.
      if (/ did not find expected ',' or '\]'$/.test(msg) && /\[\s*$/.test(text)) {
        msg = msg.replace(/did not find expected ',' or '\]'$/, 'did not find expected node content');
      }
      throw new CliError(`unable to parse ${JSON.stringify(shown)}: ${msg}`);
    }
    throw e;
  }
  return { ok: true, value };
}

/**
 * json.Unmarshal of the whole text: a syntax error anywhere (also after the value) fails with
 * the scanner's message; input cut short is `unexpected end of JSON input`.
 */
export function unmarshalJson(text: string): PatchBody {
  try {
    const { value, end } = readJsonValue(text, 0);
    const rest = /^[ \t\r\n]*/.exec(text.slice(end))![0].length + end;
    if (rest < text.length) return { ok: false, jsonError: `invalid character ${quoteChar(text[rest]!)} after top-level value` };
    return { ok: true, value };
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { ok: false, jsonError: e.unexpectedEof ? 'unexpected end of JSON input' : e.detail };
    throw e;
  }
}

/** Go's quoteChar, as the JSON scanner prints a character. */
function quoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return `'"'`;
  return `'${JSON.stringify(c).slice(1, -1)}'`;
}
