import type { Command } from 'commander';
import { findByKind } from '../../../apiserver/resources.js';
import { CliError, RawError, UsageError } from '../../util/errors.js';
import { badRequest } from '../../../apiserver/errors.js';
import type { KubeObject } from '../../../api/meta/v1.js';
import { asPod } from '../../../api/core/v1/pod.js';
import { nodeCrypto } from '../../../common/node-crypto.js';
import { notEmulatedNote } from '../../../controllers/kubelet/exec/run.js';
import { lazy } from '../../../common/lazy.js';
import { type Invocation, action, configure } from '../util/program.js';
import type { Context } from '../util/context.js';

const planMod = lazy(() => require('./plan-exec.js') as typeof import('./plan-exec.js'));
const execMod = lazy(() => require('../../../cluster/pod-exec.js') as typeof import('../../../cluster/pod-exec.js'));
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
 * `kubectl exec POD [-c CONTAINER] [-i] [-t] [-q] -- COMMAND [args...]`. The etcd pod's etcdctl
 * runs as `kubemu etcdctl ...` on the same cluster file (TLS and endpoint flags accepted and
 * ignored), so the article's
 * `kubectl -n kube-system exec etcd-k8s-master-1 -- etcdctl --endpoints=... get --prefix --keys-only /registry/`
 * lists the keyspace. Any other command runs in the container's emulated files
 * (controllers/kubelet/exec/): `kubectl exec web-0 -- touch /tmp/ready` opens a readiness probe
 * `cat /tmp/ready`. -i and -t are accepted; no stdin reaches the command.
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
  /** -q: no `Defaulted container` line */
  quiet: boolean;
  /** -i or -t: the user's terminal would be the command's stdin */
  interactive: boolean;
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
  return { podName, command, container: flags.container, quiet: flags.quiet === true, interactive: flags.stdin === true || flags.tty === true };
}

/**
 * Run (exec.go's): the command is required; the pod must exist and not have finished; the
 * container is -c or kubectl's default. The etcd pod's etcdctl runs kubemu's etcdctl; any other
 * command runs in the container's emulated files at the cluster's current instant, its stdout
 * and stderr printed as they came, a non-zero exit said as kubectl says it
 * (`command terminated with exit code 1`, exit 1).
 */
async function runExec(ctx: Context, o: ExecOptions, commands: ContainerCommands): Promise<void> {
  if (o.command.length === 0) throw new CliError('you must specify at least one command for the container');
  const pods = findByKind('v1', 'Pod')!;
  const name = o.podName.replace(/^(pods?|po)\//, '');
  if (name.includes('/')) {
    // kubectl picks one pod of a deployment/NAME, service/NAME ...: not emulated, said so.
    throw new CliError(`kubemu does not emulate exec into ${o.podName}: name a pod (POD or pod/POD)`);
  }
  const cluster = ctx.cluster();
  const pod = cluster.api.get(pods, ctx.namespace(), name);
  const plan = planMod();
  plan.checkPodRunning(pod);
  const p = plan.planExec(pod, o.command, o.container, o.quiet);
  if (p.kind === 'container') {
    if (p.defaulted) ctx.io.err(p.defaulted);
    // `exec -it POD -- sh`: a session reading the terminal, which kubemu has no process for.
    if (o.interactive && isInteractiveShell(o.command)) {
      throw new CliError(`kubemu does not emulate an interactive shell (-i, -t): run one command at a time, e.g. kubectl exec ${name} -- sh -c 'touch /tmp/ready && ls /tmp'`);
    }
    runInContainer(ctx, pod, p.container, o.command);
    return;
  }
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

/** A shell with nothing to run but its stdin: `sh`, `/bin/bash`, `sh -i`. */
function isInteractiveShell(command: readonly string[]): boolean {
  const [program, ...args] = command;
  return /^(\/usr)?(\/bin\/)?(sh|bash|ash|dash|zsh)$/.test(program ?? '') && args.every((a) => a.startsWith('-') && a !== '-c');
}

/** The command in the pod's container (cluster/pod-exec.ts), its output and exit as kubectl shows them. */
function runInContainer(ctx: Context, pod: KubeObject, container: string, command: readonly string[]): void {
  const podName = pod.metadata.name ?? '';
  const spec = asPod(pod).spec;
  // kube-apiserver's pods/exec: a pod not yet scheduled has no kubelet to connect to.
  if (!spec?.nodeName) throw badRequest(`pod ${podName} does not have a host assigned`);
  const workingDir = spec.containers?.find((c) => c.name === container)?.workingDir;
  const r = execMod().execInPod(ctx.cluster(), pod.metadata.namespace ?? 'default', podName, pod.metadata.uid ?? '', container, command, workingDir || '/');
  if (r.kind === 'container-not-found') {
    throw new CliError(`Internal error occurred: unable to upgrade connection: container not found ("${container}")`);
  }
  if (r.kind === 'no-program') throw new RawError(noProgramText(ctx, pod, container, r.program));
  if (r.stdout) ctx.io.out(r.stdout);
  if (r.stderr) ctx.io.err(r.stderr);
  if (r.exitCode !== 0) throw new RawError(`command terminated with exit code ${r.exitCode}\n`, r.exitCode);
}

/**
 * What containerd answers for a program the image lacks (runc's error through the CRI), then
 * kubemu's line saying what an emulated container has. The exec ID is a stable hash (of the
 * pod, container, command and instant) where containerd draws a random one.
 */
function noProgramText(ctx: Context, pod: KubeObject, container: string, program: string): string {
  const now = ctx.cluster().clock.now();
  const id = nodeCrypto().createHash('sha256').update(`${pod.metadata.uid ?? ''}/${container}/${program}/${now}`).digest('hex');
  const why = program.includes('/') ? `stat ${program}: no such file or directory` : 'executable file not found in $PATH';
  return (
    `error: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "${id}": ` +
    `OCI runtime exec failed: exec failed: unable to start container process: exec: "${program}": ${why}: unknown\n` +
    notEmulatedNote(program)
  );
}
