import type { Command } from 'commander';
import { kindGroup } from '../../../apiserver/resources.js';
import { AggregateCliError, CliError } from '../../util/errors.js';
import { applyOne } from '../../resource/apply-objects.js';
import { dryRunSuffix, parseDryRun } from '../../util/dry-run.js';
import { resolveManifestObjects } from '../../resource/manifest-objects.js';
import { parseOutput, printStructured, asList } from '../../printers/output.js';
import { parseResourceArgs } from '../../resource/resource-args.js';
import { LAST_APPLIED_ANNOTATION } from '../../apply/last-applied.js';
import { toYaml } from '../../printers/yaml.js';
import { toJsonText } from '../../../common/go-json.js';
import { parseBoundedJson } from '../../manifests/index.js';
import type { JsonValue } from '../../../common/json.js';
import { collect, parseBoolFlag } from '../util/flags.js';
import { type Invocation, action, configure } from '../util/program.js';
import type { Context } from '../util/context.js';

export function registerApply(program: Command, inv: Invocation): void {
  const apply = configure(program.command('apply'), inv)
    .description('Apply a configuration to a resource by file name or stdin')
    .option('-f, --filename <file>', 'The files that contain the configurations to apply.', collect)
    .option('-R, --recursive', 'Process the directory used in -f, --filename recursively.')
    .option('-o, --output <format>', 'Output format. One of: (json, yaml, name, jsonpath=...).')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client".')
    .option('--validate [mode]', 'Must be one of: strict (or true), warn, ignore (or false).')
    .option('--prune', 'Automatically delete resource objects (not emulated).')
    .option('--server-side', 'Server-side apply (not emulated).')
    .option('--force-conflicts', 'Server-side apply only (not emulated).')
    .action(action(inv, runApply));

  configure(apply.command('view-last-applied'), inv)
    .description('View the latest last-applied-configuration annotations of a resource/object')
    .argument('[args...]')
    .option('-o, --output <format>', 'Output format. Must be one of (yaml, json)', 'yaml')
    .option('-f, --filename <file>', 'Filename that contains the last-applied-configuration annotations', collect)
    .option('-l, --selector <selector>', 'Selector (label query) to filter on.')
    .action(action(inv, runViewLastApplied));
}

function runApply(ctx: Context, _args: string[], opts: Record<string, unknown>): void {
  if (opts['prune'] !== undefined) throw new CliError('--prune is not emulated by kubemu');
  if (opts['serverSide'] !== undefined) throw new CliError('--server-side apply is not emulated by kubemu');
  const files = (opts['filename'] as string[] | undefined) ?? [];
  if (files.length === 0) {
    throw new CliError('must specify one of -f and -k');
  }
  const dryRun = parseDryRun(opts['dryRun']);
  const validate = opts['validate'] === undefined ? true : opts['validate'] === true || !['false', 'ignore'].includes(String(opts['validate']));
  const output = opts['output'] as string | undefined;
  const spec = output === undefined ? undefined : parseOutput(output, { cwd: ctx.io.cwd, tables: false, allowMissingKeys: true });
  const cluster = ctx.cluster();
  const { objects, errors } = resolveManifestObjects(files, {
    cwd: ctx.io.cwd,
    recursive: opts['recursive'] === true,
    stdin: () => ctx.io.readStdin(),
    namespace: ctx.namespace(),
    enforceNamespace: ctx.namespaceExplicit,
    validate,
  });
  if (objects.length === 0 && errors.length === 0) throw new CliError('no objects passed to apply');
  const printed: JsonValue[] = [];
  for (const r of objects) {
    try {
      const outcome = applyOne(cluster.api, r, dryRun, (w) => ctx.io.err(w));
      if (!spec) ctx.io.out(`${outcome.name} ${outcome.operation}${dryRunSuffix(dryRun)}\n`);
      else if (spec.kind === 'name') ctx.io.out(`${kindGroup(r.info)}/${r.name}\n`);
      else printed.push(outcome.object);
      ctx.settle();
    } catch (e) {
      errors.push(e as Error);
    }
  }
  if (spec && spec.kind !== 'name' && printed.length) {
    ctx.io.out(printStructured(spec, printed.length === 1 ? printed[0]! : asList(printed as never)));
  }
  if (errors.length) throw new AggregateCliError(errors);
}

function runViewLastApplied(ctx: Context, args: string[], opts: Record<string, unknown>): void {
  const output = String(opts['output'] ?? 'yaml');
  if (output !== 'yaml' && output !== 'json') {
    throw new CliError(`unexpected -o output mode: ${output}, the flag 'output' must be one of yaml|json`);
  }
  const selections = parseResourceArgs(args);
  if (selections.length === 0) throw new CliError('You must specify the type of resource to view. Use "kubectl api-resources" for a complete list of supported resources.');
  const cluster = ctx.cluster();
  for (const sel of selections) {
    const ns = sel.info.namespaced ? ctx.namespace() : undefined;
    if (sel.name === undefined) throw new CliError('view-last-applied needs a resource name');
    const obj = cluster.api.get(sel.info, ns, sel.name);
    const value = obj.metadata.annotations?.[LAST_APPLIED_ANNOTATION];
    if (value === undefined) {
      throw new CliError(`no last-applied-configuration annotation found on resource: ${sel.name}`);
    }
    // The annotation is user text: it may be anything, also JSON too deep to print.
    const parsed = parseBoundedJson(value) as JsonValue | undefined;
    if (parsed === undefined) throw new CliError('error converting JSON to YAML: invalid JSON in the last-applied-configuration annotation');
    ctx.io.out(output === 'json' ? toJsonText(parsed) : toYaml(parsed));
  }
  void parseBoolFlag;
}
