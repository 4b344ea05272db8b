/**
 * How label, annotate and patch print each object they handled: kubectl's PrintFlags with a
 * name printer that carries the operation (`pod/web labeled`), or -o yaml|json|name|jsonpath.
 * Each object is printed by a fresh printer, so several objects with -o yaml get no `---`
 * between them (kubectl-output-formats.md §7).
 */
import { kindGroup, type ResourceInfo } from '../../apiserver/resources.js';
import { isJsonObject, type JsonObject } from '../../common/json.js';
import { type OutputSpec, parseOutput, printStructured } from './output.js';

/** undefined: no -o (the name printer with the operation). */
export type ObjectPrinter = OutputSpec | undefined;

/** Resolves -o for these commands; an unknown format throws kubectl's `unable to match a printer ...`. */
export function objectPrinter(output: string | undefined, cwd: string): ObjectPrinter {
  if (output === undefined || output === '') return undefined;
  return parseOutput(output, { cwd, tables: false, allowMissingKeys: true });
}

/** The text for one object; `operation` already carries any ` (dry run)` suffix. */
export function printObject(printer: ObjectPrinter, info: ResourceInfo, obj: JsonObject, operation: string): string {
  const meta = isJsonObject(obj['metadata']) ? obj['metadata'] : {};
  const name = typeof meta['name'] === 'string' ? meta['name'] : '';
  if (printer === undefined) return `${kindGroup(info)}/${name} ${operation}\n`;
  if (printer.kind === 'name') return `${kindGroup(info)}/${name}\n`;
  return printStructured(printer, obj);
}
