import type { Command } from 'commander';
import { kindGroup } from '../../../apiserver/resources.js';
import { AggregateCliError, CliError } from '../../util/errors.js';
import { applyOne } from '../../resource/apply-objects.js';
import { type DryRun, dryRunSuffix, parseDryRun } from '../../util/dry-run.js';
import { resolveManifestObjectsIn } from '../../resource/manifest-objects.js';
import { type OutputSpec, parseOutput, printStructured, asList } from '../../printers/output.js';
import { type ResourceSelection, parseResourceArgs } from '../../resource/resource-args.js';
import { LAST_APPLIED_ANNOTATION } from '../../../api/kubectl-annotations.js';
import { toYaml } from '../../printers/yaml.js';
import { toJsonText } from '../../../common/go-json.js';
import { parseBoundedJson } from '../../manifests/index.js';
import type { JsonValue } from '../../../common/json.js';
import { type BoolFlagValue, collect } from '../util/flags.js';
import { type Invocation, action, configure } from '../util/program.js';
import { type Context, commandEnv } from '../util/context.js';
import { runBatched } from '../../../cluster/command-batches.js';

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
    .action(action<ApplyFlags>(inv, (ctx, _args, flags) => runApply(ctx, completeApply(ctx, flags))));

  configure(apply.command('view-last-applied'), inv)
    .description('View the latest last-applied-configuration annotations of a resource/object')
    .argument('[args...]')
    .option('-o, --output <format>', 'Output format. Must be one of (yaml, json)', 'yaml')
    .option('-f, --filename <file>', 'Filename that contains the last-applied-configuration annotations', collect)
    .option('-l, --selector <selector>', 'Selector (label query) to filter on.')
    .action(action<ViewLastAppliedFlags>(inv, (ctx, args, flags) => runViewLastApplied(ctx, completeViewLastApplied(flags, args))));
}

/** The flags of `apply` as commander parses them. */
export interface ApplyFlags {
  filename?: string[];
  recursive?: boolean;
  output?: string;
  dryRun?: BoolFlagValue;
  validate?: BoolFlagValue;
  prune?: boolean;
  serverSide?: boolean;
  forceConflicts?: boolean;
}

/** What `apply` runs with. */
export interface ApplyOptions {
  files: string[];
  recursive: boolean;
  dryRun: DryRun;
  /** --validate: strict, warn or true validate; false and ignore do not */
  validate: boolean;
  spec: OutputSpec | undefined;
}

/**
 * Complete: what kubemu does not emulate is refused first, then -f is required, then the flag
 * values parse (--dry-run, --validate, -o).
 */
export function completeApply(ctx: Context, flags: ApplyFlags): ApplyOptions {
  if (flags.prune !== undefined) throw new CliError('--prune is not emulated by kubemu');
  if (flags.serverSide !== undefined) throw new CliError('--server-side apply is not emulated by kubemu');
  const files = flags.filename ?? [];
  if (files.length === 0) {
    throw new CliError('must specify one of -f and -k');
  }
  const dryRun = parseDryRun(flags.dryRun);
  const validate = flags.validate === undefined ? true : flags.validate === true || !['false', 'ignore'].includes(String(flags.validate));
  const spec = flags.output === undefined ? undefined : parseOutput(flags.output, { cwd: ctx.io.cwd, tables: false, allowMissingKeys: true });
  return { files, recursive: flags.recursive === true, dryRun, validate, spec };
}

function runApply(ctx: Context, o: ApplyOptions): void {
  const { files, dryRun, validate, spec } = o;
  const cluster = ctx.cluster();
  const { objects, errors } = resolveManifestObjectsIn(commandEnv(ctx), files, { recursive: o.recursive, validate });
  if (objects.length === 0 && errors.length === 0) throw new CliError('no objects passed to apply');
  // Each object, then the cluster's reaction to it, as kubectl's requests would be answered one
  // by one; many objects share a transaction on a virtual clock (command-batches.ts).
  const outcomes = runBatched(cluster, objects, ctx.io, (r, io, atomic): { printed?: JsonValue; error?: Error } => {
    let printed: JsonValue | undefined;
    try {
      const outcome = atomic(() => applyOne(cluster.api, r, dryRun, (w) => io.err(w)));
      if (!spec) io.out(`${outcome.name} ${outcome.operation}${dryRunSuffix(dryRun)}\n`);
      else if (spec.kind === 'name') io.out(`${kindGroup(r.info)}/${r.name}\n`);
      else printed = outcome.object;
      atomic(() => ctx.settle());
      return { printed };
    } catch (e) {
      return { printed, error: e as Error };
    }
  });
  const printed: JsonValue[] = [];
  for (const { printed: p, error } of outcomes) {
    if (p !== undefined) printed.push(p);
    if (error) errors.push(error);
  }
  if (spec && spec.kind !== 'name' && printed.length) {
    ctx.io.out(printStructured(spec, printed.length === 1 ? printed[0]! : asList(printed as never)));
  }
  if (errors.length) throw new AggregateCliError(errors);
}

/** The flags of `apply view-last-applied` as commander parses them (-o defaults to yaml). */
export interface ViewLastAppliedFlags {
  output: string;
  filename?: string[];
  selector?: string;
}

/** What `apply view-last-applied` runs with. */
export interface ViewLastAppliedOptions {
  output: 'yaml' | 'json';
  selections: ResourceSelection[];
}

/** Complete: -o is yaml or json, then the resources named by the arguments. */
export function completeViewLastApplied(flags: ViewLastAppliedFlags, args: string[]): ViewLastAppliedOptions {
  const output = flags.output;
  if (output !== 'yaml' && output !== 'json') {
    throw new CliError(`unexpected -o output mode: ${output}, the flag 'output' must be one of yaml|json`);
  }
  const selections = parseResourceArgs(args);
  if (selections.length === 0) throw new CliError('You must specify the type of resource to view. Use "kubectl api-resources" for a complete list of supported resources.');
  return { output, selections };
}

function runViewLastApplied(ctx: Context, o: ViewLastAppliedOptions): void {
  const { output, selections } = o;
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
}
