/**
 * kubectl's `-o jsonpath=`, `-o jsonpath-file=` and `-o jsonpath-as-json=` printers
 * (cli-runtime `printers/jsonpath.go` and `genericclioptions/jsonpath_flags.go`).
 *
 * Errors are JsonPathError whose message is what kubectl prints after `error: `:
 *  - `error parsing jsonpath {.a, unclosed action` when the template does not parse;
 *  - `error executing jsonpath "{.a}": Error executing template: a is not found. Printing
 *    more information ...` (with the object in Go `%#v` form) when evaluation fails. That
 *    message ends in three newlines, exactly as kubectl's does, so the entry point must not
 *    add another.
 */
import type { JsonValue } from '../../common/json.js';
import { JsonPathError } from './jsonpath/errors.js';
import { findJsonPathResults } from './jsonpath/evaluate.js';
import { goSharpV } from './jsonpath/go-fmt.js';
import { goQuote } from '../../common/go-strings.js';
import type { JsonPathTemplate } from './jsonpath/nodes.js';
import { parseJsonPath } from './jsonpath/parser.js';
import { renderJsonPathResults } from './jsonpath/render.js';

export interface JsonPathPrintOptions {
  /** `--allow-missing-template-keys`; kubectl's default is true. */
  allowMissingKeys?: boolean;
}

/** The three jsonpath output formats kubectl accepts. */
export type JsonPathFormat = 'jsonpath' | 'jsonpath-file' | 'jsonpath-as-json';

export class JsonPathPrinter {
  private readonly template: JsonPathTemplate;

  /** Parses the template; throws `error parsing jsonpath <template>, <reason>`. */
  constructor(
    readonly rawTemplate: string,
    private readonly opts: JsonPathPrintOptions & { outputJson?: boolean } = {},
  ) {
    try {
      this.template = parseJsonPath(rawTemplate);
    } catch (e) {
      if (e instanceof JsonPathError) throw new JsonPathError(`error parsing jsonpath ${rawTemplate}, ${e.message}`);
      throw e;
    }
  }

  /** What kubectl writes to stdout for one object (no newline is added). */
  print(obj: JsonValue): string {
    const allowMissingKeys = this.opts.allowMissingKeys ?? true;
    try {
      return findJsonPathResults(this.template, obj, { allowMissingKeys })
        .map((r) => renderJsonPathResults(r, this.opts.outputJson ?? false))
        .join('');
    } catch (e) {
      if (!(e instanceof JsonPathError)) throw e;
      const debug =
        `Error executing template: ${e.message}. Printing more information for debugging the template:\n` +
        `\ttemplate was:\n\t\t${this.rawTemplate}\n` +
        `\tobject given to jsonpath engine was:\n\t\t${goSharpV(obj)}\n\n`;
      throw new JsonPathError(`error executing jsonpath ${goQuote(this.rawTemplate)}: ${debug}\n`);
    }
  }
}

/** `kubectl -o jsonpath=<spec>` for one object. */
export function printJsonPath(spec: string, obj: JsonValue, opts: JsonPathPrintOptions = {}): string {
  return new JsonPathPrinter(spec, opts).print(obj);
}

/** `kubectl -o jsonpath-as-json=<spec>`: each top-level result list as an indented JSON array. */
export function printJsonPathAsJson(spec: string, obj: JsonValue, opts: JsonPathPrintOptions = {}): string {
  return new JsonPathPrinter(spec, { ...opts, outputJson: true }).print(obj);
}

/**
 * Builds the printer for an `-o` value such as `jsonpath={.a}`, `jsonpath-file=tmpl.txt` or
 * `jsonpath-as-json={.a}`. Returns undefined when the value is not a jsonpath format.
 * `readFile` reads the template file; a jsonpath-file template is used verbatim, so a
 * trailing newline in the file is printed.
 */
export function jsonPathPrinterFor(
  output: string,
  readFile: (path: string) => string,
  opts: JsonPathPrintOptions = {},
): JsonPathPrinter | undefined {
  const m = /^(jsonpath|jsonpath-file|jsonpath-as-json)(?:=([\s\S]*))?$/.exec(output);
  if (!m) return undefined;
  const format = m[1] as JsonPathFormat;
  let template = m[2] ?? '';
  if (template === '') throw new JsonPathError('template format specified but no template given');
  if (format === 'jsonpath-file') {
    try {
      template = readFile(template);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new JsonPathError(`error reading --template ${template}, ${why}`);
    }
  }
  return new JsonPathPrinter(template, { ...opts, outputJson: format === 'jsonpath-as-json' });
}
