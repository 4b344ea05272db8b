import type { Command } from 'commander';
import { type PatchOptions, runPatch } from './run.js';
import { CliError } from '../../util/errors.js';
import { type BoolFlagValue, boolFlag, collect } from '../util/flags.js';
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
    .action(action<PatchFlags>(inv, (ctx, args, flags) => runPatch(completePatch(flags, args), commandEnv(ctx))));
}

/** The flags of `patch` as commander parses them (patch.go's PatchOptions flags). */
export interface PatchFlags {
  patch?: string;
  patchFile?: string;
  type: string;
  filename?: string[];
  recursive?: BoolFlagValue;
  local?: BoolFlagValue;
  dryRun?: BoolFlagValue;
  output?: string;
  fieldManager?: string;
  subresource?: string;
  allowMissingTemplateKeys?: BoolFlagValue;
}

/**
 * Complete: the flags into PatchOptions (-R, --local, then --dry-run parse in this order; then
 * the refusal of --subresource, which kubemu does not emulate). Validate is validatePatch, which
 * runPatch calls first.
 */
export function completePatch(flags: PatchFlags, args: string[]): PatchOptions {
  const o: PatchOptions = {
    args,
    files: flags.filename ?? [],
    recursive: boolFlag(flags.recursive, 'recursive', 'patch'),
    type: flags.type,
    local: boolFlag(flags.local, 'local', 'patch'),
    dryRun: parseDryRun(flags.dryRun),
    ...(flags.patch !== undefined ? { patch: flags.patch } : {}),
    ...(flags.patchFile !== undefined ? { patchFile: flags.patchFile } : {}),
    ...(flags.output !== undefined ? { output: flags.output } : {}),
  };
  if (flags.subresource !== undefined) throw new CliError('--subresource is not emulated by kubemu');
  return o;
}
