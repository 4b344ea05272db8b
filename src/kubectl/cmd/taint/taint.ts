import type { Command } from 'commander';
import { type BoolFlagValue, boolFlag } from '../util/flags.js';
import { commandEnv } from '../util/context.js';
import { type Invocation, action, configure } from '../util/program.js';
import { completeTaint, runTaint } from './run-taint.js';

/** The flags of `taint` as commander parses them (taint.go NewCmdTaint). */
export interface TaintFlags {
  selector?: string;
  overwrite?: BoolFlagValue;
  all?: BoolFlagValue;
  dryRun?: BoolFlagValue;
  output?: string;
  fieldManager?: string;
  validate?: BoolFlagValue;
  allowMissingTemplateKeys?: BoolFlagValue;
  showManagedFields?: BoolFlagValue;
}

export function registerTaint(program: Command, inv: Invocation): void {
  configure(program.command('taint'), inv)
    .description('Update the taints on one or more nodes')
    .argument('[args...]')
    .option('--all [bool]', 'Select all nodes in the cluster')
    .option('--allow-missing-template-keys [bool]', 'If true, ignore any errors in templates when a field or map key is missing in the template. Only applies to golang and jsonpath output formats.')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client". If client strategy, only print the object that would be sent, without sending it. If server strategy, submit server-side request without persisting the resource.')
    .option('--field-manager <name>', 'Name of the manager used to track field ownership (accepted; managed fields are not emulated).')
    .option('-o, --output <format>', 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).')
    .option('--overwrite [bool]', 'If true, allow taints to be overwritten, otherwise reject taint updates that overwrite existing taints.')
    .option('-l, --selector <selector>', "Selector (label query) to filter on, supports '=', '==', '!=', 'in', 'notin'.(e.g. -l key1=value1,key2=value2,key3 in (value3)). Matching objects must satisfy all of the specified label constraints.")
    .option('--show-managed-fields [bool]', 'If true, keep the managedFields when printing objects in JSON or YAML format (managed fields are not emulated).')
    .option('--validate [mode]', 'Must be one of: strict (or true), warn, ignore (or false) (accepted; the patch is validated by the server as always).')
    .action(
      action<TaintFlags>(inv, (ctx, args, flags) => {
        const o = completeTaint(args, {
          ...(flags.selector !== undefined ? { selector: flags.selector } : {}),
          ...(flags.output !== undefined ? { output: flags.output } : {}),
          overwrite: boolFlag(flags.overwrite, 'overwrite', 'taint'),
          all: boolFlag(flags.all, 'all', 'taint'),
          dryRun: flags.dryRun,
          programName: inv.io.programName,
        });
        runTaint(o, commandEnv(ctx));
      }),
    );
}
