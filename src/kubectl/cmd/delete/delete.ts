import { type Command, Option } from 'commander';
import { AggregateCliError, CliError } from '../../util/errors.js';
import { allWithFieldSelector, allWithSelector } from '../../resource/flag-conflicts.js';
import { IMMEDIATE_DELETION_WARNING, parseCascade, resolveGracePeriod } from './options.js';
import { deleteTargets, selectDeleteTargets } from './run-delete.js';
import { waitForDeletion } from '../../resource/wait-deleted.js';
import { missingResource } from '../../resource/builder-checks.js';
import { goDurationError, parseGoDuration } from '../../../common/go-duration.js';
import { parseDryRun } from '../../util/dry-run.js';
import { collect, parseBoolFlag } from '../util/flags.js';
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
    .action(action(inv, runDelete));
}

function runDelete(ctx: Context, args: string[], opts: Record<string, unknown>): Promise<void> | void {
  const output = opts['output'] as string | undefined;
  if (output !== undefined && output !== 'name') {
    throw new CliError(`unexpected -o output mode: ${output}. We only support '-o name'`);
  }
  const selector = opts['selector'] as string | undefined;
  const fieldSelector = opts['fieldSelector'] as string | undefined;
  const all = opts['all'] === true;
  if (all && selector !== undefined) throw allWithSelector();
  if (all && fieldSelector !== undefined) throw allWithFieldSelector();
  const cascade = parseCascade(opts['cascade']);
  const gracePeriodText = String(opts['gracePeriod']);
  const gracePeriodNum = Number(gracePeriodText);
  if (!Number.isInteger(gracePeriodNum)) {
    throw new CliError(`invalid argument "${gracePeriodText}" for "--grace-period" flag: strconv.ParseInt: parsing "${gracePeriodText}": invalid syntax`);
  }
  const force = opts['force'] === true;
  const gracePeriod = resolveGracePeriod({ gracePeriod: gracePeriodNum, now: opts['now'] === true, force });
  const timeoutText = String(opts['timeout']);
  const timeoutMs = parseGoDuration(timeoutText);
  if (timeoutMs === undefined) throw new CliError(`invalid argument "${timeoutText}" for "--timeout" flag: ${goDurationError(timeoutText)}`);
  const dryRun = parseDryRun(opts['dryRun']);
  const wait = opts['wait'] === undefined ? true : parseBoolFlag('wait', opts['wait']);
  const byFilter = all || selector !== undefined || fieldSelector !== undefined;
  const ignoreNotFound =
    opts['ignoreNotFound'] !== undefined ? parseBoolFlag('ignore-not-found', opts['ignoreNotFound']) : byFilter;

  const files = (opts['filename'] as string[] | undefined) ?? [];
  if (files.length === 0 && args.length === 0) throw missingResource();

  const cluster = ctx.cluster();
  const { targets, errors } = selectDeleteTargets(
    cluster.api,
    { args, files, recursive: opts['recursive'] === true, all, allNamespaces: opts['allNamespaces'] === true, local: false, ...(selector !== undefined ? { selector } : {}), ...(fieldSelector !== undefined ? { fieldSelector } : {}) },
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
    { propagation: cascade.propagation, gracePeriod, dryRun, outputName: output === 'name', ignoreNotFound },
    (s) => ctx.io.out(s),
  );
  errors.push(...result.errors);
  ctx.settle();
  if (errors.length) throw new AggregateCliError(errors);
  if (!wait || dryRun !== 'none' || result.deleted.length === 0) return;
  return waitForDeletion(cluster, result.deleted, timeoutMs);
}
