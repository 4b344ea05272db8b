/**
 * What create and run print for each object they created (or would create): the name printer
 * (`deployment.apps/hello created`, `(dry run)` / `(server dry run)` appended), `-o name`
 * (`deployment.apps/hello`), or the object with a structured printer. Typed objects (the
 * generators, and what typed clients read back) print JSON in Go struct order; objects from
 * files are unstructured and print with sorted keys. YAML is sorted either way.
 */
import type { JsonObject, JsonValue } from '../../common/json.js';
import type { OutputSpec } from '../printers/output.js';
import { printStructured } from '../printers/output.js';
import { toJsonText } from '../../common/go-json.js';
import type { DryRun } from '../util/dry-run.js';
import { dryRunSuffix } from '../util/dry-run.js';
import { typedForm } from './typed-object.js';

export interface PrintCreatedOptions {
  /** undefined: no -o (the `created` message) */
  spec: OutputSpec | undefined;
  dryRun: DryRun;
  /** print in Go struct order (typed) rather than as an unstructured map */
  typed: boolean;
}

/** `deployment.apps/hello` for the name printer. */
export function printCreated(label: string, obj: JsonObject, o: PrintCreatedOptions): string {
  if (!o.spec) return `${label} created${dryRunSuffix(o.dryRun)}\n`;
  if (o.spec.kind === 'name') return `${label}\n`;
  const value: JsonValue = o.typed ? typedForm(obj) : obj;
  if (o.spec.kind === 'json') return toJsonText(value, { sortKeys: !o.typed });
  return printStructured(o.spec, value);
}

/**
 * A printer reused for several objects, as kubectl builds one printer per command: the YAML
 * printer writes `---` before every object but the first; the others just concatenate.
 */
export class CreatedPrinter {
  private count = 0;

  constructor(private readonly o: PrintCreatedOptions) {}

  print(label: string, obj: JsonObject): string {
    const text = printCreated(label, obj, this.o);
    const separator = this.o.spec?.kind === 'yaml' && this.count > 0 ? '---\n' : '';
    this.count++;
    return separator + text;
  }
}
