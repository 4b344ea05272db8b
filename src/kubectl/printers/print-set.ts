/**
 * How set image / set env (and scale) print each object: kubectl's PrintFlags("image updated" /
 * "env updated") with one printer for the whole command (so `-o yaml` puts `---` between
 * objects), objects printed typed (WithTypeSetter(scheme)): YAML sorted with Go's zero values
 * (`creationTimestamp: null`, `resources: {}`, `status: {}`), JSON in Go struct order, and
 * fields the Go types lack dropped.
 */
import { kindGroup, type ResourceInfo } from '../../apiserver/resources.js';
import { isJsonObject, type JsonObject } from '../../common/json.js';
import type { DryRun } from '../util/dry-run.js';
import { dryRunSuffix } from '../util/dry-run.js';
import { toJsonText } from '../../common/go-json.js';
import { type OutputSpec, parseOutput, printStructured } from './output.js';
import { toTypedOrder } from './typed-order.js';

export class SetPrinter {
  private count = 0;
  private readonly spec: OutputSpec | undefined;

  /** Resolves -o up front; a bad format throws kubectl's `unable to match a printer ...`. */
  constructor(
    output: string | undefined,
    cwd: string,
    private readonly operation: string,
    private readonly dryRun: DryRun,
  ) {
    this.spec = output ? parseOutput(output, { cwd, tables: false, allowMissingKeys: true }) : undefined;
  }

  /** A typed object (set image/env): Go struct order, zero values, unknown fields dropped. */
  print(info: ResourceInfo, obj: JsonObject): string {
    return this.printValue(info, obj, true);
  }

  /** An unstructured object (scale): keys sorted, printed as read. */
  printUnstructured(info: ResourceInfo, obj: JsonObject): string {
    return this.printValue(info, obj, false);
  }

  private printValue(info: ResourceInfo, obj: JsonObject, typed: boolean): string {
    const meta = isJsonObject(obj['metadata']) ? obj['metadata'] : {};
    const name = typeof meta['name'] === 'string' ? meta['name'] : '';
    const spec = this.spec;
    if (spec === undefined) return `${kindGroup(info)}/${name} ${this.operation}${dryRunSuffix(this.dryRun)}\n`;
    if (spec.kind === 'name') return `${kindGroup(info)}/${name}\n`;
    const value = typed ? toTypedOrder(obj, { unknownFields: 'drop' }) : obj;
    const separator = spec.kind === 'yaml' && this.count > 0 ? '---\n' : '';
    this.count++;
    if (spec.kind === 'json') return toJsonText(value, { sortKeys: !typed });
    return separator + printStructured(spec, value);
  }
}
