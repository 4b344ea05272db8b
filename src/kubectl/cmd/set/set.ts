import type { Command } from 'commander';
import { commandEnv } from '../util/context.js';
import { RawError } from '../../util/errors.js';
import { lazy } from '../../../common/lazy.js';
import { boolOption, collect } from '../util/flags.js';
import { type Invocation, action, configure } from '../util/program.js';

const runImage = lazy(() => require('./run-image.js') as typeof import('./run-image.js'));
const runEnv = lazy(() => require('./run-env.js') as typeof import('./run-env.js'));
import { parseDryRun } from '../../util/dry-run.js';

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

function str(opts: Record<string, unknown>, key: string): string | undefined {
  return typeof opts[key] === 'string' ? (opts[key] as string) : undefined;
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
    action(inv, (ctx, args, opts) => {
      const path = 'set image';
      const selector = str(opts, 'selector');
      const output = str(opts, 'output');
      runImage().runSetImage(
        {
          args,
          files: (opts['filename'] as string[] | undefined) ?? [],
          recursive: boolOption(opts, 'recursive', 'recursive', path),
          local: boolOption(opts, 'local', 'local', path),
          all: boolOption(opts, 'all', 'all', path),
          dryRun: parseDryRun(opts['dryRun']),
          ...(selector !== undefined ? { selector } : {}),
          ...(output !== undefined ? { output } : {}),
        },
        commandEnv(ctx),
      );
    }),
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
    .action(
      action(inv, (ctx, args, opts) => {
        const path = 'set env';
        const selector = str(opts, 'selector');
        const output = str(opts, 'output');
        const from = str(opts, 'from');
        const prefix = str(opts, 'prefix');
        // --keys is a pflag string slice: each value is split at commas.
        const keys = ((opts['keys'] as string[] | undefined) ?? []).flatMap((k) => k.split(','));
        runEnv().runSetEnv(
          {
            args,
            envParams: (opts['env'] as string[] | undefined) ?? [],
            files: (opts['filename'] as string[] | undefined) ?? [],
            recursive: boolOption(opts, 'recursive', 'recursive', path),
            containers: str(opts, 'containers') ?? '*',
            keys,
            list: boolOption(opts, 'list', 'list', path),
            resolve: boolOption(opts, 'resolve', 'resolve', path),
            local: boolOption(opts, 'local', 'local', path),
            all: boolOption(opts, 'all', 'all', path),
            overwrite: boolOption(opts, 'overwrite', 'overwrite', path, true),
            dryRun: parseDryRun(opts['dryRun']),
            ...(selector !== undefined ? { selector } : {}),
            ...(output !== undefined ? { output } : {}),
            ...(from !== undefined ? { from } : {}),
            ...(prefix !== undefined ? { prefix } : {}),
          },
          commandEnv(ctx),
        );
      }),
    );
}
