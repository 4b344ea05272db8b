import type { Command } from 'commander';
import { lazy } from '../../../common/lazy.js';
import { ExitCode, RawError, UsageError } from '../../util/errors.js';
import { type BoolFlagValue, boolFlag } from '../util/flags.js';
import { type Invocation, action, configure } from '../util/program.js';
import { topHelp, topUsageError, unknownTopSubcommand } from './help.js';

const run = lazy(() => require('./run-top.js') as typeof import('./run-top.js'));

interface TopPodFlags {
  selector?: string;
  fieldSelector?: string;
  sortBy?: string;
  containers?: BoolFlagValue;
  allNamespaces?: BoolFlagValue;
  /** `--no-headers` (commander's negation of `headers`) */
  headers?: boolean;
  sum?: BoolFlagValue;
  useProtocolBuffers?: BoolFlagValue;
}

interface TopNodeFlags {
  selector?: string;
  sortBy?: string;
  /** `--no-headers` (commander's negation of `headers`) */
  headers?: boolean;
  showCapacity?: BoolFlagValue;
  useProtocolBuffers?: BoolFlagValue;
}

/** `kubectl top pod|node` (pkg/cmd/top). */
export function registerTop(program: Command, inv: Invocation): void {
  const top = configure(program.command('top'), inv).description('Display resource (CPU/memory) usage');
  top.argument('[args...]').action(
    action(inv, (ctx, args) => {
      const prog = ctx.io.programName;
      if (args[0] !== undefined) throw new RawError(unknownTopSubcommand(prog, args[0]));
      ctx.io.err(topHelp(prog));
      throw new ExitCode(1);
    }),
  );

  configure(top.command('pod'), inv)
    .aliases(['pods', 'po'])
    .description('Display resource (CPU/memory) usage of pods')
    .argument('[args...]')
    .option('-l, --selector <selector>', "Selector (label query) to filter on, supports '=', '==', '!=', 'in', 'notin'.")
    .option('--field-selector <selector>', "Selector (field query) to filter on, supports '=', '==', and '!='.")
    .option('--sort-by <field>', "If non-empty, sort pods list using specified field. The field can be either 'cpu' or 'memory'.")
    .option('--containers [bool]', 'If present, print usage of containers within a pod.')
    .option('-A, --all-namespaces [bool]', 'If present, list the requested object(s) across all namespaces.')
    .option('--no-headers', 'If present, print output without headers.')
    .option('--sum [bool]', 'Print the sum of the resource usage')
    .option('--use-protocol-buffers [bool]', 'Enables using protocol-buffers to access Metrics API (accepted; kubemu has no wire).')
    .action(
      action<TopPodFlags>(inv, (ctx, args, flags) => {
        const path = 'top pod';
        const o = {
          namespace: ctx.namespace(),
          labelSelector: flags.selector ?? '',
          fieldSelector: flags.fieldSelector ?? '',
          sortBy: flags.sortBy ?? '',
          allNamespaces: shorthandBool(flags.allNamespaces, 'A', 'all-namespaces', path),
          printContainers: boolFlag(flags.containers, 'containers', path),
          noHeaders: flags.headers === false,
          sum: boolFlag(flags.sum, 'sum', path),
          ...(args[0] !== undefined ? { name: args[0] } : {}),
        };
        boolFlag(flags.useProtocolBuffers, 'use-protocol-buffers', path, true);
        if (args.length > 1) throw new RawError(topUsageError(ctx.io.programName, 'pod'));
        run().validateTopPod(o);
        run().runTopPod(run().topDataOf(ctx.cluster().api), o, { out: (t) => ctx.io.out(t), err: (t) => ctx.io.err(t) });
      }),
    );

  configure(top.command('node'), inv)
    .aliases(['nodes', 'no'])
    .description('Display resource (CPU/memory) usage of nodes')
    .argument('[args...]')
    .option('-l, --selector <selector>', "Selector (label query) to filter on, supports '=', '==', '!=', 'in', 'notin'.")
    .option('--sort-by <field>', "If non-empty, sort nodes list using specified field. The field can be either 'cpu' or 'memory'.")
    .option('--no-headers', 'If present, print output without headers')
    .option('--show-capacity [bool]', 'Print node resources based on Capacity instead of Allocatable(default) of the nodes.')
    .option('--use-protocol-buffers [bool]', 'Enables using protocol-buffers to access Metrics API (accepted; kubemu has no wire).')
    .action(
      action<TopNodeFlags>(inv, (ctx, args, flags) => {
        const path = 'top node';
        const o = {
          selector: flags.selector ?? '',
          sortBy: flags.sortBy ?? '',
          noHeaders: flags.headers === false,
          showCapacity: boolFlag(flags.showCapacity, 'show-capacity', path),
          ...(args[0] !== undefined ? { name: args[0] } : {}),
        };
        boolFlag(flags.useProtocolBuffers, 'use-protocol-buffers', path, true);
        if (args.length > 1) throw new RawError(topUsageError(ctx.io.programName, 'node'));
        run().validateTopNode(o);
        run().runTopNode(run().topDataOf(ctx.cluster().api), o, { out: (t) => ctx.io.out(t), err: (t) => ctx.io.err(t) });
      }),
    );
}

/** A pflag bool with a shorthand: its parse error names both forms (`"-A, --all-namespaces" flag`). */
function shorthandBool(value: BoolFlagValue, short: string, long: string, path: string): boolean {
  try {
    return boolFlag(value, long, path);
  } catch (e) {
    if (e instanceof UsageError) throw new UsageError(e.message.replace(`"--${long}" flag`, `"-${short}, --${long}" flag`), e.commandPath);
    throw e;
  }
}
