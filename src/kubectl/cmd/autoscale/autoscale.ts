import type { Command } from 'commander';
import { lazy } from '../../../common/lazy.js';
import { int32Flag } from '../../generate/flag-values.js';
import { parseOutput } from '../../printers/output.js';
import { parseDryRun } from '../../util/dry-run.js';
import { CliError } from '../../util/errors.js';
import { type BoolFlagValue, boolFlag, collect } from '../util/flags.js';
import { commandEnv } from '../util/context.js';
import { type Invocation, action, configure } from '../util/program.js';
import type { AutoscaleOptions } from './run-autoscale.js';

const autoscaleRun = lazy(() => require('./run-autoscale.js') as typeof import('./run-autoscale.js'));

export function registerAutoscale(program: Command, inv: Invocation): void {
  configure(program.command('autoscale'), inv)
    .description('Auto-scale a deployment, replica set, stateful set, or replication controller')
    .argument('[args...]')
    .option('--min <n>', "The lower limit for the number of pods that can be set by the autoscaler. If it's not specified or negative, the server will apply a default value.")
    .option('--max <n>', 'The upper limit for the number of pods that can be set by the autoscaler. Required.')
    .option('--cpu-percent <n>', "The target average CPU utilization (represented as a percent of requested CPU) over all the pods. If it's not specified or negative, a default autoscaling policy will be used.")
    .option('--name <name>', 'The name for the newly created object. If not specified, the name of the input resource will be used.')
    .option('-f, --filename <file>', 'Filename, directory, or URL to files identifying the resource to autoscale.', collect)
    .option('-R, --recursive [bool]', 'Process the directory used in -f, --filename recursively.')
    .option('-k, --kustomize <dir>', 'Process the kustomization directory. (not emulated)')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client".')
    .option('-o, --output <format>', 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).')
    .option('--allow-missing-template-keys [bool]', 'If true, ignore any errors in templates when a field or map key is missing in the template.')
    .option('--show-managed-fields [bool]', 'If true, keep the managedFields when printing objects in JSON or YAML format.')
    .option('--save-config [bool]', 'If true, the configuration of current object will be saved in its annotation.')
    .option('--field-manager <name>', 'Name of the manager used to track field ownership.')
    .option('--record [bool]', 'Record current kubectl command in the resource annotation (deprecated; accepted and ignored).')
    .action(
      action<AutoscaleFlags>(inv, (ctx, args, flags) => {
        const o = completeAutoscale(flags, args, ctx.io.cwd);
        autoscaleRun().runAutoscale(o, commandEnv(ctx));
      }),
    );
}

/** The flags of `autoscale` as commander parses them. */
export interface AutoscaleFlags {
  min?: string;
  max?: string;
  cpuPercent?: string;
  name?: string;
  filename?: string[];
  recursive?: BoolFlagValue;
  kustomize?: string;
  dryRun?: BoolFlagValue;
  output?: string;
  allowMissingTemplateKeys?: BoolFlagValue;
  showManagedFields?: BoolFlagValue;
  saveConfig?: BoolFlagValue;
  fieldManager?: string;
  record?: BoolFlagValue;
}

/** Complete: the int32 flags (pflag, -1 when unset), cobra's required --max, then dry run, printer and --save-config. */
export function completeAutoscale(flags: AutoscaleFlags, args: string[], cwd: string): AutoscaleOptions {
  const int = (v: string | undefined, flag: string) => (v === undefined ? -1 : int32Flag(v, `--${flag}`, 'autoscale'));
  const min = int(flags.min, 'min');
  const max = int(flags.max, 'max');
  const cpuPercent = int(flags.cpuPercent, 'cpu-percent');
  if (flags.kustomize !== undefined) throw new CliError('kubemu: -k/--kustomize is not emulated');
  if (flags.max === undefined) throw new CliError('required flag(s) "max" not set');
  const dryRun = parseDryRun(flags.dryRun);
  const allowMissingKeys = flags.allowMissingTemplateKeys === undefined || boolFlag(flags.allowMissingTemplateKeys, 'allow-missing-template-keys', 'autoscale');
  const spec = flags.output ? parseOutput(flags.output, { cwd, tables: false, allowMissingKeys }) : undefined;
  return {
    args,
    files: flags.filename ?? [],
    recursive: boolFlag(flags.recursive, 'recursive', 'autoscale'),
    name: flags.name ?? '',
    min,
    max,
    cpuPercent,
    dryRun,
    spec,
    saveConfig: boolFlag(flags.saveConfig, 'save-config', 'autoscale'),
  };
}
