import { type Command, Option } from 'commander';
import { AggregateCliError, CliError } from '../../util/errors.js';
import { type Cascade, IMMEDIATE_DELETION_WARNING, parseCascade, resolveGracePeriod } from './options.js';
import { deleteTargets, selectDeleteTargets } from './run-delete.js';
import { allWithFieldSelector, allWithSelector } from '../../resource/flag-conflicts.js';
import { waitForDeletion } from '../../resource/wait-deleted.js';
import { missingResource } from '../../resource/builder-checks.js';
import { goDurationError, parseGoDuration } from '../../../common/go-duration.js';
import { type DryRun, parseDryRun } from '../../util/dry-run.js';
import { type BoolFlagValue, collect, parseBoolFlag } from '../util/flags.js';
import { type Context, commandEnv } from '../util/context.js';
import { type Invocation, action, configure } from '../util/program.js';

export function registerDelete(program: Command, inv: Invocation): void {
  configure(program.command('delete'), inv)
    .description('Delete resources by file names, stdin, resources and names, or by resources and label selector')
    .argument('[args...]')
    .option('-f, --filename <file>', 'containing the resource to delete.', collect)
    .option('-R, --recursive', 'Process the directory used in -f, --filename recursively.')
    .option('-l, --selector <selector>', 'Selector (label query) to filter on.')
    .option('--field-selector <selector>', 'Selector (field query) to filter on.')
    .option('--all', 'Delete all resources, in the namespace of the specified resource types.')
    .option('-A, --all-namespaces', 'If present, list the requested object(s) across all namespaces.')
    .addOption(new Option('--cascade [strategy]', 'Must be "background", "orphan", or "foreground".').preset('background'))
    .option('--grace-period <seconds>', 'Period of time in seconds given to the resource to terminate gracefully.', '-1')
    .option('--now', 'If true, resources are signaled for immediate shutdown (same as --grace-period=1).')
    .option('--force', 'If true, immediately remove resources from API and bypass graceful deletion.')
    .option('--wait [bool]', 'If true, wait for resources to be gone before returning.')
    .option('--timeout <duration>', 'The length of time to wait before giving up on a delete, zero means determine a timeout from the size of the object', '0s')
    .option('--ignore-not-found [bool]', 'Treat "resource not found" as a successful delete.')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client".')
    .option('-o, --output <format>', "Output mode. Use \"-o name\" for shorter output (resource/name).")
    .action(
      action<DeleteFlags>(inv, (ctx, args, flags) => {
        const o = completeDelete(flags, args);
        validateDelete(o);
        return runDelete(ctx, o);
      }),
    );
}

/** The flags of `delete` as commander parses them (--grace-period and --timeout have defaults). */
export interface DeleteFlags {
  filename?: string[];
  recursive?: boolean;
  selector?: string;
  fieldSelector?: string;
  all?: boolean;
  allNamespaces?: boolean;
  /** `--cascade` alone is `background` (the option's preset) */
  cascade?: string | boolean;
  gracePeriod: string;
  now?: boolean;
  force?: boolean;
  wait?: BoolFlagValue;
  timeout: string;
  ignoreNotFound?: BoolFlagValue;
  dryRun?: BoolFlagValue;
  output?: string;
}

/** What `delete` runs with (delete.go's DeleteOptions). */
export interface DeleteOptions {
  args: string[];
  files: string[];
  recursive: boolean;
  selector: string | undefined;
  fieldSelector: string | undefined;
  all: boolean;
  allNamespaces: boolean;
  cascade: Cascade;
  /** resolved from --grace-period, --now and --force */
  gracePeriod: number;
  force: boolean;
  timeoutMs: number;
  dryRun: DryRun;
  wait: boolean;
  ignoreNotFound: boolean;
  /** -o name */
  outputName: boolean;
}

/**
 * Complete: the flags into DeleteOptions, checked and parsed in kubectl's order (-o, --all
 * against the selectors, --cascade, --grace-period with --now and --force, --timeout,
 * --dry-run, --wait, --ignore-not-found, which defaults to true when deleting by a filter).
 */
export function completeDelete(flags: DeleteFlags, args: string[]): DeleteOptions {
  const output = flags.output;
  if (output !== undefined && output !== 'name') {
    throw new CliError(`unexpected -o output mode: ${output}. We only support '-o name'`);
  }
  const selector = flags.selector;
  const fieldSelector = flags.fieldSelector;
  const all = flags.all === true;
  if (all && selector !== undefined) throw allWithSelector();
  if (all && fieldSelector !== undefined) throw allWithFieldSelector();
  const cascade = parseCascade(flags.cascade);
  const gracePeriodText = flags.gracePeriod;
  const gracePeriodNum = Number(gracePeriodText);
  if (!Number.isInteger(gracePeriodNum)) {
    throw new CliError(`invalid argument "${gracePeriodText}" for "--grace-period" flag: strconv.ParseInt: parsing "${gracePeriodText}": invalid syntax`);
  }
  const force = flags.force === true;
  const gracePeriod = resolveGracePeriod({ gracePeriod: gracePeriodNum, now: flags.now === true, force });
  const timeoutText = flags.timeout;
  const timeoutMs = parseGoDuration(timeoutText);
  if (timeoutMs === undefined) throw new CliError(`invalid argument "${timeoutText}" for "--timeout" flag: ${goDurationError(timeoutText)}`);
  const dryRun = parseDryRun(flags.dryRun);
  const wait = flags.wait === undefined ? true : parseBoolFlag('wait', flags.wait);
  const byFilter = all || selector !== undefined || fieldSelector !== undefined;
  const ignoreNotFound = flags.ignoreNotFound !== undefined ? parseBoolFlag('ignore-not-found', flags.ignoreNotFound) : byFilter;
  return {
    args,
    files: flags.filename ?? [],
    recursive: flags.recursive === true,
    selector,
    fieldSelector,
    all,
    allNamespaces: flags.allNamespaces === true,
    cascade,
    gracePeriod,
    force,
    timeoutMs,
    dryRun,
    wait,
    ignoreNotFound,
    outputName: output === 'name',
  };
}

/** Validate: something to delete, by argument or file. */
export function validateDelete(o: DeleteOptions): void {
  if (o.files.length === 0 && o.args.length === 0) throw missingResource();
}

function runDelete(ctx: Context, o: DeleteOptions): Promise<void> | void {
  const { args, files, selector, fieldSelector, cascade, gracePeriod, force, dryRun, wait, ignoreNotFound, timeoutMs } = o;
  const cluster = ctx.cluster();
  const { targets, errors } = selectDeleteTargets(
    cluster.api,
    {
      args,
      files,
      recursive: o.recursive,
      all: o.all,
      allNamespaces: o.allNamespaces,
      local: false,
      ...(selector !== undefined ? { selector } : {}),
      ...(fieldSelector !== undefined ? { fieldSelector } : {}),
    },
    commandEnv(ctx),
  );
  if (gracePeriod === 0 && force) ctx.io.err(IMMEDIATE_DELETION_WARNING);
  if (cascade.warning) ctx.io.err(`${cascade.warning}\n`);
  if (targets.length === 0 && errors.length === 0) {
    ctx.io.out('No resources found\n');
    return;
  }
  const result = deleteTargets(
    cluster,
    targets,
    { propagation: cascade.propagation, gracePeriod, dryRun, outputName: o.outputName, ignoreNotFound },
    (s) => ctx.io.out(s),
  );
  errors.push(...result.errors);
  ctx.settle();
  if (errors.length) throw new AggregateCliError(errors);
  if (!wait || dryRun !== 'none' || result.deleted.length === 0) return;
  return waitForDeletion(cluster, result.deleted, timeoutMs);
}
