import type { Command } from 'commander';
import { findByKind } from '../../../apiserver/resources.js';
import { UsageError } from '../../util/errors.js';
import { lazy } from '../../../common/lazy.js';
import { type Invocation, action, configure } from '../util/program.js';
import type { Context } from '../util/context.js';

const planMod = lazy(() => require('./plan-exec.js') as typeof import('./plan-exec.js'));
const rootMod = lazy(() => require('../util/root-command.js') as typeof import('../util/root-command.js'));

/** A command's registration on a program (as cli/commands.ts lists them). */
export type RegisterCommand = (program: Command, inv: Invocation) => void;

/**
 * The programs a container can run, handed in by the command table (cli/commands.ts): etcdctl is
 * kubemu's own tool (tools/etcdctl), above kubectl, so kubectl's exec does not import it.
 */
export interface ContainerCommands {
  etcdctl: () => RegisterCommand;
}

/**
 * `kubectl exec POD [-c CONTAINER] [-i] [-t] -- COMMAND [args...]`. Only the etcd pod's
 * etcdctl is emulated: it runs as `kubemu etcdctl ...` on the same cluster file (TLS and
 * endpoint flags accepted and ignored), so the article's
 * `kubectl -n kube-system exec etcd-k8s-master-1 -- etcdctl --endpoints=... get --prefix --keys-only /registry/`
 * lists the keyspace. Everything else fails with an error saying it is not emulated.
 */
export function registerExec(program: Command, inv: Invocation, commands: ContainerCommands): void {
  configure(program.command('exec'), inv)
    .description('Execute a command in a container')
    .argument('[args...]')
    .option('-c, --container <name>', 'Container name. If omitted, use the kubectl.kubernetes.io/default-container annotation or the first container')
    .option('-i, --stdin', 'Pass stdin to the container')
    .option('-t, --tty', 'Stdin is a TTY')
    .option('-q, --quiet', 'Only print output from the remote session')
    .action(action<ExecFlags>(inv, (ctx, args, flags) => runExec(ctx, completeExec(flags, args, inv.args), commands)));
}

/** The flags of `exec` as commander parses them. */
export interface ExecFlags {
  container?: string;
  stdin?: boolean;
  tty?: boolean;
  quiet?: boolean;
}

/** What `exec` runs: the pod, the command after `--`, and the container (-c). */
export interface ExecOptions {
  podName: string;
  command: string[];
  container: string | undefined;
}

/**
 * Complete (exec.go's): the pod and the command from the arguments. Commander merges both
 * sides of `--` into `args`, so the command is what followed the `--` the user typed.
 */
export function completeExec(flags: ExecFlags, args: string[], typed: string[]): ExecOptions {
  const dash = typed.indexOf('--');
  const command = dash < 0 ? [] : typed.slice(dash + 1);
  const before = dash < 0 ? args : args.slice(0, args.length - command.length);
  const podName = before[0];
  if (podName === undefined) throw new UsageError('pod, type/name or --filename must be specified', 'exec');
  if (dash < 0 && before.length > 1) {
    throw new UsageError('exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead', 'exec');
  }
  return { podName, command, container: flags.container };
}

/** Run: the pod must be running; its program runs through kubemu's own command. */
async function runExec(ctx: Context, o: ExecOptions, commands: ContainerCommands): Promise<void> {
  const pods = findByKind('v1', 'Pod')!;
  const name = o.podName.replace(/^(pods?|po)\//, '');
  const pod = ctx.cluster().api.get(pods, ctx.namespace(), name);
  const plan = planMod();
  plan.checkPodRunning(pod);
  const p = plan.planExec(pod, o.command, o.container);
  // etcdctl on the same cluster file, through kubemu's own command (its flags and errors): the
  // program as cli/main.ts builds it for this command line, which registers only etcdctl.
  const inner: Invocation = { io: ctx.io, args: ['--db', ctx.dbPath, 'etcdctl', ...p.args] };
  try {
    const program = rootMod().rootCommand(inner);
    commands.etcdctl()(program, inner);
    await program.parseAsync(inner.args, { from: 'user' });
  } finally {
    inner.ctx?.close();
  }
}
