import type { Command } from 'commander';
import { CliError, UsageError } from '../../util/errors.js';
import { goDurationError, parseGoDuration } from '../../../common/go-duration.js';
import { lazy } from '../../../common/lazy.js';
import { waitUntil } from '../../../cluster/time.js';
import { boolOption, collect } from '../util/flags.js';
import { commandEnv } from '../util/context.js';
import { type Invocation, action, configure } from '../util/program.js';

const scaleRun = lazy(() => require('./run-scale.js') as typeof import('./run-scale.js'));
const applyCmd = lazy(() => require('../apply/apply.js') as typeof import('../apply/apply.js'));

/** pflag IntVar: a decimal (or 0x/0o/0b) integer, else the usage error kubectl prints. */
function intFlag(value: unknown, flag: string): number {
  const s = String(value);
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
    .action(
      action(inv, async (ctx, args, opts) => {
        // Flag values parse before cobra's required-flag check, which comes before Run.
        const replicas = opts['replicas'] === undefined ? undefined : intFlag(opts['replicas'], 'replicas');
        const current = opts['currentReplicas'] === undefined ? -1 : intFlag(opts['currentReplicas'], 'current-replicas');
        let timeoutMs = 0;
        if (opts['timeout'] !== undefined) {
          const text = String(opts['timeout']);
          const parsed = parseGoDuration(text);
          if (parsed === undefined) throw new UsageError(`invalid argument "${text}" for "--timeout" flag: ${goDurationError(text)}`, 'scale');
          timeoutMs = parsed;
        }
        const all = boolOption(opts, 'all', 'all', 'scale');
        const recursive = boolOption(opts, 'recursive', 'recursive', 'scale');
        if (replicas === undefined) throw new CliError('required flag(s) "replicas" not set');
        const dryRun = applyCmd().parseDryRun(opts['dryRun']);
        const selector = typeof opts['selector'] === 'string' ? opts['selector'] : undefined;
        const output = typeof opts['output'] === 'string' ? opts['output'] : undefined;
        const env = {
          ...commandEnv(ctx),
          waitUntil: (done: () => boolean, ms: number) => {
            const cluster = ctx.cluster();
            return waitUntil(cluster, { deadlineMs: cluster.clock.now() + ms, done });
          },
        };
        await scaleRun().runScale(
          {
            args,
            files: (opts['filename'] as string[] | undefined) ?? [],
            recursive,
            all,
            replicas,
            currentReplicas: current,
            resourceVersion: typeof opts['resourceVersion'] === 'string' ? opts['resourceVersion'] : '',
            timeoutMs,
            dryRun,
            ...(selector !== undefined ? { selector } : {}),
            ...(output !== undefined ? { output } : {}),
          },
          env,
        );
      }),
    );
}
