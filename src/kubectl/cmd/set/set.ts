import type { Command } from 'commander';
import { commandEnv } from '../util/context.js';
import { RawError } from '../../util/errors.js';
import { lazy } from '../../../common/lazy.js';
import { parseDryRun } from '../../util/dry-run.js';
import type { SetEnvOptions } from './run-env.js';
import type { SetImageOptions } from './run-image.js';
import { type BoolFlagValue, boolFlag, collect } from '../util/flags.js';
import { type Invocation, action, configure } from '../util/program.js';

const runImage = lazy(() => require('./run-image.js') as typeof import('./run-image.js'));
const runEnv = lazy(() => require('./run-env.js') as typeof import('./run-env.js'));

/** Flags set image and set env share (filename options, printer, dry run, selector). */
function commonFlags(cmd: Command, verb: string): Command {
  return cmd
    .argument('[args...]')
    .option('-f, --filename <file>', `Filename, directory, or URL to files ${verb}`, collect)
    .option('-R, --recursive [bool]', 'Process the directory used in -f, --filename recursively.')
    .option('--all [bool]', 'Select all resources, in the namespace of the specified resource types')
    .option('--local [bool]', 'If true, set will NOT contact api-server but run locally.')
    .option('-l, --selector <selector>', 'Selector (label query) to filter on.')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client".')
    .option('-o, --output <format>', 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).')
    .option('--field-manager <name>', 'Name of the manager used to track field ownership (accepted; managed fields are not emulated).', 'kubectl-set')
    .option('--allow-missing-template-keys [bool]', 'If true, ignore any errors in templates when a field or map key is missing in the template.')
    .option('--record [bool]', 'Record current kubectl command in the resource annotation (deprecated; accepted and ignored).');
}

export function registerSet(program: Command, inv: Invocation): void {
  const set = configure(program.command('set'), inv).description('Set specific features on objects');
  // cobra's parent command: no subcommand prints the help, an unknown one is an error.
  set.argument('[command]').action((name: string | undefined) => {
    if (name === undefined) {
      inv.io.out(set.helpInformation());
      return;
    }
    throw new RawError(`error: unknown command ${JSON.stringify(name)}\nSee '${inv.io.programName} set -h' for help and examples\n`);
  });

  commonFlags(configure(set.command('image'), inv).description('Update the image of a pod template'), 'identifying the resource to get from a server.').action(
    action<SetImageFlags>(inv, (ctx, args, flags) => runImage().runSetImage(completeSetImage(flags, args), commandEnv(ctx))),
  );

  commonFlags(configure(set.command('env'), inv).description('Update environment variables on a pod template'), 'the resource to update the env')
    .option('-c, --containers <names>', 'The names of containers in the selected pod templates to change - may use wildcards', '*')
    .option('--from <resource>', 'The name of a resource from which to inject environment variables')
    .option('--prefix <prefix>', 'Prefix to append to variable names')
    .option('-e, --env <pair>', 'Specify a key-value pair for an environment variable to set into each container.', collect)
    .option('--keys <keys>', 'Comma-separated list of keys to import from specified resource', collect)
    .option('--list [bool]', 'If true, display the environment and any changes in the standard format.')
    .option('--resolve [bool]', 'If true, show secret or configmap references when listing variables (not emulated)')
    .option('--overwrite [bool]', 'If true, allow environment to be overwritten, otherwise reject updates that overwrite existing environment.')
    .action(action<SetEnvFlags>(inv, (ctx, args, flags) => runEnv().runSetEnv(completeSetEnv(flags, args), commandEnv(ctx))));
}

/** The flags set image and set env share (commonFlags), as commander parses them. */
interface SetCommonFlags {
  filename?: string[];
  recursive?: BoolFlagValue;
  all?: BoolFlagValue;
  local?: BoolFlagValue;
  selector?: string;
  dryRun?: BoolFlagValue;
  output?: string;
  fieldManager: string;
  allowMissingTemplateKeys?: BoolFlagValue;
  record?: BoolFlagValue;
}

/** The flags of `set image` as commander parses them (set_image.go). */
export type SetImageFlags = SetCommonFlags;

/** The flags of `set env` as commander parses them (set_env.go). */
export interface SetEnvFlags extends SetCommonFlags {
  containers: string;
  from?: string;
  prefix?: string;
  env?: string[];
  keys?: string[];
  list?: BoolFlagValue;
  resolve?: BoolFlagValue;
  overwrite?: BoolFlagValue;
}

/**
 * Complete (the flags' part): SetImageOptions, the flag values parsed in this order. The
 * pairs, the builder and Validate are runSetImage's (validateSetImage).
 */
export function completeSetImage(flags: SetImageFlags, args: string[]): SetImageOptions {
  const path = 'set image';
  return {
    args,
    files: flags.filename ?? [],
    recursive: boolFlag(flags.recursive, 'recursive', path),
    local: boolFlag(flags.local, 'local', path),
    all: boolFlag(flags.all, 'all', path),
    dryRun: parseDryRun(flags.dryRun),
    ...(flags.selector !== undefined ? { selector: flags.selector } : {}),
    ...(flags.output !== undefined ? { output: flags.output } : {}),
  };
}

/**
 * Complete (the flags' part): SetEnvOptions, the flag values parsed in this order. The split of
 * the arguments, the printer and Validate are runSetEnv's (validateSetEnv).
 */
export function completeSetEnv(flags: SetEnvFlags, args: string[]): SetEnvOptions {
  const path = 'set env';
  return {
    args,
    envParams: flags.env ?? [],
    files: flags.filename ?? [],
    recursive: boolFlag(flags.recursive, 'recursive', path),
    containers: flags.containers,
    // --keys is a pflag string slice: each value is split at commas.
    keys: (flags.keys ?? []).flatMap((k) => k.split(',')),
    list: boolFlag(flags.list, 'list', path),
    resolve: boolFlag(flags.resolve, 'resolve', path),
    local: boolFlag(flags.local, 'local', path),
    all: boolFlag(flags.all, 'all', path),
    overwrite: boolFlag(flags.overwrite, 'overwrite', path, true),
    dryRun: parseDryRun(flags.dryRun),
    ...(flags.selector !== undefined ? { selector: flags.selector } : {}),
    ...(flags.output !== undefined ? { output: flags.output } : {}),
    ...(flags.from !== undefined ? { from: flags.from } : {}),
    ...(flags.prefix !== undefined ? { prefix: flags.prefix } : {}),
  };
}
