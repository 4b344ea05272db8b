import type { Command } from 'commander';
import { lazy } from '../../../common/lazy.js';
import { ExitCode, RawError } from '../../util/errors.js';
import { type Context, commandEnv } from '../util/context.js';
import { collect } from '../util/flags.js';
import { type Invocation, action, configure } from '../util/program.js';
import {
  type RolloutBuilderOptions,
  type RolloutHistoryFlags,
  type RolloutObjectFlags,
  type RolloutStatusFlags,
  type RolloutUndoFlags,
  completeRolloutHistory,
  completeRolloutObject,
  completeRolloutStatus,
  completeRolloutUndo,
  parseRecursive,
  validateRolloutBuilder,
  validateRolloutHistory,
  validateRolloutStatus,
} from './options.js';

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

/** -l, -f and -R, which every rollout subcommand takes. */
function addBuilderFlags(cmd: Command): Command {
  return cmd
    .argument('[args...]')
    .option('-l, --selector <selector>', 'Selector (label query) to filter on.')
    .option('-f, --filename <file>', 'Filename, directory, or URL to files identifying the resource to get from a server.', collect)
    .option('-R, --recursive [bool]', 'Process the directory used in -f, --filename recursively.')
    .option('-k, --kustomize <dir>', 'Process the kustomization directory (not emulated).');
}

/** The objects the builder visits (after Validate). */
function resolve(ctx: Context, b: RolloutBuilderOptions) {
  const recursive = parseRecursive(b);
  const selections = builder().selectionsOf({ args: b.args, files: b.files, recursive }, commandEnv(ctx));
  const api = ctx.cluster().api;
  return targets().resolveTargets(api, {
    selections,
    namespace: ctx.namespace(),
    ...(b.selector !== undefined ? { labelSelector: b.selector } : {}),
  });
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
      action<RolloutStatusFlags>(inv, async (ctx, args, flags) => {
        const o = completeRolloutStatus(flags, args);
        validateRolloutStatus(o);
        const { targets: found, errors } = resolve(ctx, o.builder);
        if (errors[0]) throw errors[0];
        if (found.length === 0) {
          ctx.io.err(targets().noResourcesFound(ctx.namespace()));
          return;
        }
        await status().rolloutStatus(ctx.cluster(), { targets: found, watch: o.watch, revision: o.revision, timeoutMs: o.timeoutMs, write: (t) => ctx.io.out(t) });
      }),
    );

  addBuilderFlags(configure(rollout.command('history'), inv))
    .description('View rollout history')
    .option('--revision <n>', 'See the details, including podTemplate of the revision specified')
    .option('-o, --output <format>', 'Output format (not emulated).')
    .action(
      action<RolloutHistoryFlags>(inv, (ctx, args, flags) => {
        const o = completeRolloutHistory(flags, args);
        validateRolloutHistory(o);
        const { visits } = resolve(ctx, o.builder);
        history().rolloutHistory(ctx.cluster().api, visits, o.revision, (t) => ctx.io.out(t));
      }),
    );

  addBuilderFlags(configure(rollout.command('undo'), inv))
    .description('Undo a previous rollout')
    .option('--to-revision <n>', 'The revision to rollback to. Default to 0 (last revision).')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client".')
    .option('-o, --output <format>', 'Output format (not emulated).')
    .action(
      action<RolloutUndoFlags>(inv, (ctx, args, flags) => {
        const o = completeRolloutUndo(flags, args);
        validateRolloutBuilder(o.builder);
        const { visits } = resolve(ctx, o.builder);
        undo().rolloutUndo(ctx.cluster().api, {
          visits,
          toRevision: o.toRevision,
          dryRun: o.dryRun,
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
        action<RolloutObjectFlags>(inv, (ctx, args, flags) => {
          const b = completeRolloutObject(flags, args);
          validateRolloutBuilder(b);
          const { targets: found, errors } = resolve(ctx, b);
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
