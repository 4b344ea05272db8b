/**
 * `kubectl get -o custom-columns=...` and `-o custom-columns-file=...` (kubectl
 * `pkg/cmd/get/customcolumn.go`): parsing the column spec and computing the cells. The
 * padding is the table tabwriter's job (tabwriter.ts); this module returns cells.
 *
 * A cell is every value the column's jsonpath finds, each printed with Go's `fmt.Sprint`
 * (`map[app:web tier:fe]`, `[map[containerPort:8080 name:http]]`, `<nil>`, `1e+21`) with
 * ESC and CR made visible (`^[`, `\r`), joined by `,`; `<none>` when nothing matches.
 * Missing keys are always allowed.
 */
import type { JsonValue } from '../../common/json.js';
import { isJsonObject } from '../../common/json.js';
import { JsonPathError } from './jsonpath/errors.js';
import { findJsonPathResults } from './jsonpath/evaluate.js';
import { goSprint } from './jsonpath/go-fmt.js';
import type { JsonPathTemplate } from './jsonpath/nodes.js';
import { parseJsonPath } from './jsonpath/parser.js';

export interface CustomColumn {
  /** Printed as written: `name` stays lower case. */
  header: string;
  /** The normalised jsonpath template, `{.metadata.name}` (empty when the spec was empty). */
  fieldSpec: string;
}

/**
 * Thrown when computing cells fails. kubectl has already written the rows before the failure
 * (at least the header) when it reports the error, so they are carried along.
 */
export class CustomColumnsError extends JsonPathError {
  constructor(
    message: string,
    readonly rowsBeforeError: string[][],
  ) {
    super(message);
  }
}

const RELAXED = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/;

/**
 * kubectl's RelaxedJSONPathExpression: `a.b`, `.a.b`, `{a.b}` and `{.a.b}` all become
 * `{.a.b}`; an empty expression stays empty.
 */
export function relaxedJsonPathExpression(expr: string): string {
  if (expr === '') return expr;
  const m = RELAXED.exec(expr);
  if (!m) {
    throw new JsonPathError(
      "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'",
    );
  }
  return `{.${m[1] || m[2] || ''}}`;
}

/**
 * Parses `HDR:expr,HDR2:expr2`. The spec is split on every comma first, so a union such as
 * `.a[0,1]` cannot be used here (kubectl rejects it as `unexpected custom-columns spec: 1]`).
 */
export function parseCustomColumns(spec: string): CustomColumn[] {
  if (spec === '') throw new JsonPathError('custom-columns format specified but no custom columns given');
  return spec.split(',').map((part) => {
    const colon = part.indexOf(':');
    if (colon < 0) {
      throw new JsonPathError(`unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`);
    }
    return { header: part.slice(0, colon), fieldSpec: relaxedJsonPathExpression(part.slice(colon + 1)) };
  });
}

const LINE_TEMPLATE_HELP =
  'Expected format is one line of space separated headers, one line of space separated column specs.';

/** Go's bufio.ScanWords: fields separated by Unicode white space. */
function words(line: string): string[] {
  return line.split(/[\s\u0085]+/u).filter((w) => w !== '');
}

/**
 * Parses a custom-columns-file: a line of headers and a line of specs, both split on
 * white space. Note that kubectl prints the header row for this form even with
 * `--no-headers`; callers should pass `noHeaders: false` to customColumnRows for it.
 */
export function parseCustomColumnsFile(text: string): CustomColumn[] {
  // bufio.Scanner's ScanLines: lines end at \n, a trailing \r is dropped, no final empty line.
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  if (text.endsWith('\n')) lines.pop();
  if (text === '' || lines.length === 0) throw new JsonPathError(`invalid template, missing header line. ${LINE_TEMPLATE_HELP}`);
  if (lines.length < 2) throw new JsonPathError(`invalid template, missing spec line. ${LINE_TEMPLATE_HELP}`);
  const headers = words(lines[0] as string);
  const specs = words(lines[1] as string);
  if (headers.length !== specs.length) {
    throw new JsonPathError(
      `number of headers (${headers.length}) and field specifications (${specs.length}) don't match`,
    );
  }
  return headers.map((header, i) => ({ header, fieldSpec: relaxedJsonPathExpression(specs[i] as string) }));
}

/** cli-runtime's EscapeTerminal: ESC and CR would let cell text drive the terminal. */
function escapeTerminal(s: string): string {
  return s.replaceAll('\x1b', '^[').replaceAll('\r', '\\r');
}

/** An object with an `items` list is printed item by item (meta.IsListType on unstructured). */
function expandLists(objects: JsonValue[]): JsonValue[] {
  return objects.flatMap((o) => (isJsonObject(o) && Array.isArray(o['items']) ? o['items'] : [o]));
}

function cell(template: JsonPathTemplate, obj: JsonValue): string {
  const results = findJsonPathResults(template, obj, { allowMissingKeys: true });
  const values: string[] = [];
  if (results.length === 0 || results[0]?.length === 0) values.push('<none>');
  for (const list of results) for (const v of list) values.push(escapeTerminal(goSprint(v)));
  return values.join(',');
}

/**
 * The header row (unless noHeaders) and one row of cells per object. Column templates are
 * parsed only here, after the header, as kubectl does: a bad expression fails with the bare
 * jsonpath message (`invalid array index x`) after the header has been printed.
 */
export function customColumnRows(cols: CustomColumn[], objects: JsonValue[], noHeaders: boolean): string[][] {
  const rows: string[][] = [];
  if (!noHeaders) rows.push(cols.map((c) => c.header));
  try {
    const templates = cols.map((c) => parseJsonPath(c.fieldSpec));
    for (const obj of expandLists(objects)) rows.push(templates.map((t) => cell(t, obj)));
  } catch (e) {
    if (e instanceof JsonPathError) throw new CustomColumnsError(e.message, rows);
    throw e;
  }
  return rows;
}
