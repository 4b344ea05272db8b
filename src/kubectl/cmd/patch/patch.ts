import type { Command } from 'commander';
import { type PatchOptions, runPatch } from './run.js';
import { CliError } from '../../util/errors.js';
import { boolOption, collect } from '../util/flags.js';
import { commandEnv } from '../util/context.js';
import { type Invocation, action, configure } from '../util/program.js';
import { parseDryRun } from '../../util/dry-run.js';

export function registerPatch(program: Command, inv: Invocation): void {
  configure(program.command('patch'), inv)
    .description('Update fields of a resource')
    .argument('[args...]')
    .option('-p, --patch <patch>', 'The patch to be applied to the resource JSON file.')
    .option('--patch-file <file>', 'A file containing a patch to be applied to the resource.')
    .option('--type <type>', 'The type of patch being provided; one of [json merge strategic]', 'strategic')
    .option('-f, --filename <file>', 'Filename, directory, or URL to files identifying the resource to update', collect)
    .option('-R, --recursive [bool]', 'Process the directory used in -f, --filename recursively.')
    .option('--local [bool]', 'If true, patch will operate on the content of the file, not the server-side resource.')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client".')
    .option('-o, --output <format>', 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).')
    .option('--field-manager <name>', 'Name of the manager used to track field ownership (accepted; managed fields are not emulated).')
    .option('--subresource <name>', 'If specified, patch will operate on the subresource of the requested object (not emulated).')
    .option('--allow-missing-template-keys [bool]', 'If true, ignore any errors in templates when a field or map key is missing in the template.')
    .action(
      action(inv, (ctx, args, opts) => {
        const o: PatchOptions = {
          args,
          files: (opts['filename'] as string[] | undefined) ?? [],
          recursive: boolOption(opts, 'recursive', 'recursive', 'patch'),
          type: String(opts['type'] ?? 'strategic'),
          local: boolOption(opts, 'local', 'local', 'patch'),
          dryRun: parseDryRun(opts['dryRun']),
        };
        if (typeof opts['patch'] === 'string') o.patch = opts['patch'];
        if (typeof opts['patchFile'] === 'string') o.patchFile = opts['patchFile'];
        if (typeof opts['output'] === 'string') o.output = opts['output'];
        if (typeof opts['subresource'] === 'string') throw new CliError('--subresource is not emulated by kubemu');
        runPatch(o, commandEnv(ctx));
      }),
    );
}
