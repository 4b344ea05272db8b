import type { Command } from 'commander';
import { lazy } from '../../../common/lazy.js';
import { goDurationError, parseGoDuration } from '../../../common/go-duration.js';
import { CliError, ExitCode, RawError, UsageError } from '../../util/errors.js';
import { type Context, commandEnv } from '../util/context.js';
import { collect, parseBoolFlag } from '../util/flags.js';
import { type Invocation, action, configure } from '../util/program.js';

/** The rollout logic, loaded only when a subcommand runs. */
const targets = lazy(() => require('./targets.js') as typeof import('./targets.js'));
const status = lazy(() => require('./status.js') as typeof import('./status.js'));
const history = lazy(() => require('./history.js') as typeof import('./history.js'));
const undo = lazy(() => require('./undo.js') as typeof import('./undo.js'));
const pause = lazy(() => require('./pause.js') as typeof import('./pause.js'));
const resume = lazy(() => require('./resume.js') as typeof import('./resume.js'));
const restart = lazy(() => require('./restart.js') as typeof import('./restart.js'));
const builder = lazy(() => require('../../resource/builder.js') as typeof import('../../resource/builder.js'));
const help = lazy(() => require('./help.js') as typeof import('./help.js'));
import { parseDryRun } from '../../util/dry-run.js';

/** pflag's Int64Var: a whole number, or the usage error kubectl prints. */
function int64Flag(opts: Record<string, unknown>, key: string, flag: string, path: string): number {
  const v = opts[key];
  if (v === undefined) return 0;
  const s = String(v);
  if (!/^[+-]?\d+$/.test(s)) throw new UsageError(`invalid argument "${s}" for "--${flag}" flag: strconv.ParseInt: parsing ${JSON.stringify(s)}: invalid syntax`, path);
  return Number(s);
}

/** -l, -f and -R, which every rollout subcommand takes. */
function addBuilderFlags(cmd: Command): Command {
  return cmd
    .argument('[args...]')
    .option('-l, --selector <selector>', 'Selector (label query) to filter on.')
    .option('-f, --filename <file>', 'Filename, directory, or URL to files identifying the resource to get from a server.', collect)
    .option('-R, --recursive [bool]', 'Process the directory used in -f, --filename recursively.')
    .option('-k, --kustomize <dir>', 'Process the kustomization directory (not emulated).');
}

/** Validate's first check, common to every subcommand. */
function requireResources(args: string[], opts: Record<string, unknown>): void {
  if (opts['kustomize'] !== undefined) throw new CliError('-k/--kustomize is not emulated by kubemu');
  if (args.length === 0 && !opts['filename']) throw new CliError('required resource not specified');
}

/** The objects the builder visits (after requireResources). */
function resolve(ctx: Context, args: string[], opts: Record<string, unknown>) {
  const files = (opts['filename'] as string[] | undefined) ?? [];
  const recursive = opts['recursive'] === undefined ? false : parseBoolFlag('recursive', opts['recursive']);
  const selections = builder().selectionsOf({ args, files, recursive }, commandEnv(ctx));
  const api = ctx.cluster().api;
  return targets().resolveTargets(api, {
    selections,
    namespace: ctx.namespace(),
    ...(typeof opts['selector'] === 'string' ? { labelSelector: opts['selector'] } : {}),
  });
}

/** -o: kubemu prints the name-printer lines only. */
function rejectOutput(opts: Record<string, unknown>): void {
  if (opts['output'] !== undefined) throw new CliError('-o/--output is not emulated by kubemu for rollout commands');
}

/** `kubectl rollout status|history|undo|pause|resume|restart`. */
export function registerRollout(program: Command, inv: Invocation): void {
  const rollout = configure(program.command('rollout'), inv).description('Manage the rollout of a resource');
  // cobra's DefaultSubCommandRun: no subcommand prints the help, an unknown one only an error; exit 1.
  rollout.argument('[args...]').action(
    action(inv, (ctx, args) => {
      const prog = ctx.io.programName;
      if (args[0] !== undefined) throw new RawError(help().unknownSubcommand(prog, args[0]));
      ctx.io.out(help().rolloutHelp(prog));
      throw new ExitCode(1);
    }),
  );

  addBuilderFlags(configure(rollout.command('status'), inv))
    .description('Show the status of the rollout')
    .option('-w, --watch [bool]', 'Watch the status of the rollout until it\'s done.')
    .option('--revision <n>', 'Pin to a specific revision for showing its status. Defaults to 0 (last revision).')
    .option('--timeout <duration>', 'The length of time to wait before ending watch, zero means never.')
    .action(
      action(inv, async (ctx, args, opts) => {
        const path = 'rollout status';
        const watch = opts['watch'] === undefined ? true : parseBoolFlag('watch', opts['watch']);
        const revision = int64Flag(opts, 'revision', 'revision', path);
        const timeoutText = typeof opts['timeout'] === 'string' ? opts['timeout'] : '0s';
        const timeoutMs = parseGoDuration(timeoutText);
        if (timeoutMs === undefined) throw new UsageError(`invalid argument "${timeoutText}" for "--timeout" flag: ${goDurationError(timeoutText)}`, path);
        requireResources(args, opts);
        if (revision < 0) throw new CliError(`revision must be a positive integer: ${revision}`);
        const { targets: found, errors } = resolve(ctx, args, opts);
        if (errors[0]) throw errors[0];
        if (found.length === 0) {
          ctx.io.err(targets().noResourcesFound(ctx.namespace()));
          return;
        }
        await status().rolloutStatus(ctx.cluster(), { targets: found, watch, revision, timeoutMs, write: (t) => ctx.io.out(t) });
      }),
    );

  addBuilderFlags(configure(rollout.command('history'), inv))
    .description('View rollout history')
    .option('--revision <n>', 'See the details, including podTemplate of the revision specified')
    .option('-o, --output <format>', 'Output format (not emulated).')
    .action(
      action(inv, (ctx, args, opts) => {
        const path = 'rollout history';
        rejectOutput(opts);
        const revision = int64Flag(opts, 'revision', 'revision', path);
        requireResources(args, opts);
        if (revision < 0) throw new CliError(`revision must be a positive integer: ${revision}`);
        const { visits } = resolve(ctx, args, opts);
        history().rolloutHistory(ctx.cluster().api, visits, revision, (t) => ctx.io.out(t));
      }),
    );

  addBuilderFlags(configure(rollout.command('undo'), inv))
    .description('Undo a previous rollout')
    .option('--to-revision <n>', 'The revision to rollback to. Default to 0 (last revision).')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client".')
    .option('-o, --output <format>', 'Output format (not emulated).')
    .action(
      action(inv, (ctx, args, opts) => {
        const path = 'rollout undo';
        rejectOutput(opts);
        const toRevision = int64Flag(opts, 'toRevision', 'to-revision', path);
        const dryRun = parseDryRun(opts['dryRun']);
        requireResources(args, opts);
        const { visits } = resolve(ctx, args, opts);
        undo().rolloutUndo(ctx.cluster().api, {
          visits,
          toRevision,
          dryRun,
          programName: ctx.io.programName,
          out: (t) => ctx.io.out(t),
          err: (t) => ctx.io.err(t),
        });
        ctx.settle();
      }),
    );

  for (const [name, description] of [
    ['pause', 'Mark the provided resource as paused'],
    ['resume', 'Resume a paused resource'],
    ['restart', 'Restart a resource'],
  ] as const) {
    addBuilderFlags(configure(rollout.command(name), inv))
      .description(description)
      .option('--field-manager <name>', 'Name of the manager used to track field ownership (accepted; managed fields are not emulated).')
      .option('-o, --output <format>', 'Output format (not emulated).')
      .action(
        action(inv, (ctx, args, opts) => {
          rejectOutput(opts);
          requireResources(args, opts);
          const { targets: found, errors } = resolve(ctx, args, opts);
          const cluster = ctx.cluster();
          const req = { targets: found, errors, namespace: ctx.namespace(), out: (t: string) => ctx.io.out(t), err: (t: string) => ctx.io.err(t) };
          try {
            if (name === 'pause') pause().rolloutPause(cluster.api, req);
            else if (name === 'resume') resume().rolloutResume(cluster.api, req);
            else restart().rolloutRestart(cluster.api, { ...req, nowMs: cluster.clock.now() });
          } finally {
            ctx.settle();
          }
        }),
      );
  }
}
