import type { Command } from 'commander';
import { CliError, UsageError } from '../../util/errors.js';
import { goDurationError, parseGoDuration } from '../../../common/go-duration.js';
import { lazy } from '../../../common/lazy.js';
import { waitUntil } from '../../../cluster/time.js';
import { parseDryRun } from '../../util/dry-run.js';
import { type BoolFlagValue, boolFlag, collect } from '../util/flags.js';
import { type Context, commandEnv } from '../util/context.js';
import { type Invocation, action, configure } from '../util/program.js';
import type { ScaleEnv, ScaleOptions } from './run-scale.js';

const scaleRun = lazy(() => require('./run-scale.js') as typeof import('./run-scale.js'));

/** pflag IntVar: a decimal (or 0x/0o/0b) integer, else the usage error kubectl prints. */
function intFlag(s: string, flag: string): number {
  if (/^[+-]?(0|[1-9][0-9]*|0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+)$/.test(s)) {
    const neg = s.startsWith('-');
    const body = s.replace(/^[+-]/, '');
    const n = /^0[0-7]+$/.test(body) ? parseInt(body, 8) : Number(body.replace(/^0[oO]/, '0o'));
    return neg ? -n : n;
  }
  throw new UsageError(`invalid argument "${s}" for "--${flag}" flag: strconv.ParseInt: parsing "${s}": invalid syntax`, 'scale');
}

export function registerScale(program: Command, inv: Invocation): void {
  configure(program.command('scale'), inv)
    .description('Set a new size for a deployment, replica set, or replication controller')
    .argument('[args...]')
    .option('--replicas <count>', 'The new desired number of replicas. Required.')
    .option('--current-replicas <count>', 'Precondition for current size. Requires that the current size of the resource match this value in order to scale. -1 (default) for no condition.')
    .option('--resource-version <version>', 'Precondition for resource version. Requires that the current resource version match this value in order to scale.')
    .option('--timeout <duration>', "The length of time to wait before giving up on a scale operation, zero means don't wait.")
    .option('--all [bool]', 'Select all resources in the namespace of the specified resource types')
    .option('-l, --selector <selector>', 'Selector (label query) to filter on.')
    .option('-f, --filename <file>', 'Filename, directory, or URL to files identifying the resource to set a new size', collect)
    .option('-R, --recursive [bool]', 'Process the directory used in -f, --filename recursively.')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client".')
    .option('-o, --output <format>', 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).')
    .option('--allow-missing-template-keys [bool]', 'If true, ignore any errors in templates when a field or map key is missing in the template.')
    .option('--record [bool]', 'Record current kubectl command in the resource annotation (deprecated; accepted and ignored).')
    .action(action<ScaleFlags>(inv, (ctx, args, flags) => scaleRun().runScale(completeScale(flags, args), scaleEnv(ctx))));
}

/** The flags of `scale` as commander parses them (scale.go's ScaleFlags). */
export interface ScaleFlags {
  replicas?: string;
  currentReplicas?: string;
  resourceVersion?: string;
  timeout?: string;
  all?: BoolFlagValue;
  selector?: string;
  filename?: string[];
  recursive?: BoolFlagValue;
  dryRun?: BoolFlagValue;
  output?: string;
  allowMissingTemplateKeys?: BoolFlagValue;
  record?: BoolFlagValue;
}

/**
 * Complete: the flags into ScaleOptions. Flag values parse first (pflag), then cobra's
 * required-flag check; Validate and Run are runScale's.
 */
export function completeScale(flags: ScaleFlags, args: string[]): ScaleOptions {
  const replicas = flags.replicas === undefined ? undefined : intFlag(flags.replicas, 'replicas');
  const currentReplicas = flags.currentReplicas === undefined ? -1 : intFlag(flags.currentReplicas, 'current-replicas');
  let timeoutMs = 0;
  if (flags.timeout !== undefined) {
    const parsed = parseGoDuration(flags.timeout);
    if (parsed === undefined) throw new UsageError(`invalid argument "${flags.timeout}" for "--timeout" flag: ${goDurationError(flags.timeout)}`, 'scale');
    timeoutMs = parsed;
  }
  const all = boolFlag(flags.all, 'all', 'scale');
  const recursive = boolFlag(flags.recursive, 'recursive', 'scale');
  if (replicas === undefined) throw new CliError('required flag(s) "replicas" not set');
  return {
    args,
    files: flags.filename ?? [],
    recursive,
    all,
    replicas,
    currentReplicas,
    resourceVersion: flags.resourceVersion ?? '',
    timeoutMs,
    dryRun: parseDryRun(flags.dryRun),
    ...(flags.selector !== undefined ? { selector: flags.selector } : {}),
    ...(flags.output !== undefined ? { output: flags.output } : {}),
  };
}

/** What runScale runs with: the command environment and a wait in cluster time for --timeout. */
function scaleEnv(ctx: Context): ScaleEnv {
  return {
    ...commandEnv(ctx),
    waitUntil: (done: () => boolean, ms: number) => {
      const cluster = ctx.cluster();
      return waitUntil(cluster, { deadlineMs: cluster.clock.now() + ms, done });
    },
  };
}
