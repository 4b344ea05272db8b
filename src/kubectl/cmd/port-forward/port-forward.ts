import type { Command } from 'commander';
import { RawError, UsageError } from '../../util/errors.js';
import { goDurationError, parseGoDuration } from '../../../common/go-duration.js';
import { lazy } from '../../../common/lazy.js';
import { waitUntil } from '../../../cluster/time.js';
import { commandEnv } from '../util/context.js';
import type { PortForwardOptions } from './run-port-forward.js';
import { type Invocation, action, configure } from '../util/program.js';

const pfRun = lazy(() => require('./run-port-forward.js') as typeof import('./run-port-forward.js'));

/** The flags of `port-forward` as commander parses them (--address is split at commas). */
export interface PortForwardFlags {
  address?: string[];
  podRunningTimeout?: string;
}

/** cmdutil.UsageErrorf: the message, then kubectl's `-h` hint (not cobra's flag-error hint). */
function usageErrorf(program: string, message: string): RawError {
  return new RawError(`error: ${message}\nSee '${program} port-forward -h' for help and examples\n`);
}

export function registerPortForward(program: Command, inv: Invocation): void {
  configure(program.command('port-forward'), inv)
    .description('Forward one or more local ports to a pod')
    .usage('TYPE/NAME [options] [LOCAL_PORT:]REMOTE_PORT [...[LOCAL_PORT_N:]REMOTE_PORT_N]')
    .argument('[args...]')
    .option(
      '--address <addresses>',
      'Addresses to listen on (comma separated). Only accepts IP addresses or localhost as a value. When localhost is supplied, kubectl will try to bind on both 127.0.0.1 and ::1 and will fail if neither of these addresses are available to bind.',
      (v: string, prev: string[] | undefined) => [...(prev ?? []), ...v.split(',')],
    )
    .option('--pod-running-timeout <duration>', 'The length of time (like 5s, 2m, or 3h, higher than zero) to wait until at least one pod is running')
    .action(
      action<PortForwardFlags>(inv, async (ctx, args, flags) => {
        const o = completePortForwardFlags(flags, args, ctx.io.programName);
        const base = commandEnv(ctx);
        await pfRun().runPortForward(
          o,
          {
            out: base.out,
            err: base.err,
            namespace: base.namespace,
            api: base.api,
            settle: base.settle,
            nowMs: () => ctx.cluster().clock.now(),
            waitUntil: (done, ms) => {
              const cluster = ctx.cluster();
              return waitUntil(cluster, { deadlineMs: cluster.clock.now() + ms, done });
            },
            onStopSignal: (stop) => {
              process.on('SIGINT', stop);
              process.on('SIGTERM', stop);
              return () => {
                process.off('SIGINT', stop);
                process.off('SIGTERM', stop);
              };
            },
          },
        );
      }),
    );
}

/**
 * Complete, the flags' half (portforward.go Complete): the arguments' count, then
 * --pod-running-timeout (its value, then that it is above zero). The pod and the ports are
 * completePortForward's, in runPortForward.
 */
export function completePortForwardFlags(flags: PortForwardFlags, args: string[], prog: string): PortForwardOptions {
  if (args.length < 2) throw usageErrorf(prog, 'TYPE/NAME and list of ports are required for port-forward');
  let timeoutMs = 60_000;
  if (flags.podRunningTimeout !== undefined) {
    const text = flags.podRunningTimeout;
    const parsed = parseGoDuration(text);
    if (parsed === undefined) throw new UsageError(`invalid argument "${text}" for "--pod-running-timeout" flag: ${goDurationError(text)}`, 'port-forward');
    timeoutMs = parsed;
  }
  if (timeoutMs <= 0) throw usageErrorf(prog, '--pod-running-timeout must be higher than zero');
  return { args, addresses: flags.address ?? ['localhost'], podRunningTimeoutMs: timeoutMs };
}
