import type { Command } from 'commander';
import { CliError, UsageError } from '../../util/errors.js';
import { goDurationError, parseGoDuration } from '../../../common/go-duration.js';
import { lazy } from '../../../common/lazy.js';
import { type BoolFlagValue, boolFlag } from '../util/flags.js';
import { type Invocation, action, configure } from '../util/program.js';
import type { LogsRequest } from './run-logs.js';

const logsRun = lazy(() => require('./run-logs.js') as typeof import('./run-logs.js'));

/**
 * `kubectl logs POD|TYPE/NAME [-c CONTAINER] [--since=D] [--tail=N] [--timestamps]`. The
 * controller-manager's mirror pod shows what the embedded controllers logged (raise its
 * verbosity with `kubectl -n kube-system annotate pod kube-controller-manager-k8s-master-1
 * kubemu.io/log-verbosity=4`); other containers write nothing. -f is not emulated.
 */
export function registerLogs(program: Command, inv: Invocation): void {
  configure(program.command('logs'), inv)
    .description('Print the logs for a container in a pod')
    .argument('[args...]')
    .option('-c, --container <name>', 'Print the logs of this container')
    .option('--since <duration>', 'Only return logs newer than a relative duration like 5s, 2m, or 3h. Defaults to all logs.')
    .option('--tail <lines>', 'Lines of recent log file to display. Defaults to -1 with no selector, showing all log lines.')
    .option('--timestamps [bool]', 'Include timestamps on each line in the log output')
    .option('-f, --follow [bool]', 'Specify if the logs should be streamed (not emulated).')
    .action(
      action<LogsFlags>(inv, (ctx, args, flags) => {
        const o = completeLogs(flags, args, ctx.namespace());
        validateLogs(o);
        const cluster = ctx.cluster();
        ctx.io.out(logsRun().runLogs({ api: cluster.api, store: cluster.store, nowMs: cluster.clock.now(), err: (s) => ctx.io.err(s) }, o));
      }),
    );
}

/** The flags of `logs` as commander parses them. */
export interface LogsFlags {
  container?: string;
  since?: string;
  tail?: string;
  timestamps?: BoolFlagValue;
  follow?: BoolFlagValue;
}

/** What `logs` runs with: the request, and -f (refused by Validate). */
export interface LogsOptions extends LogsRequest {
  follow: boolean;
}

/**
 * Complete: flag values first (pflag's errors, in the flags' order), then the arguments; the
 * container is -c, else the second argument.
 */
export function completeLogs(flags: LogsFlags, args: string[], namespace: string): LogsOptions {
  const timestamps = boolFlag(flags.timestamps, 'timestamps', 'logs');
  const follow = boolFlag(flags.follow, 'follow', 'logs');
  let sinceMs: number | undefined;
  if (flags.since !== undefined) {
    const text = flags.since;
    sinceMs = parseGoDuration(text);
    if (sinceMs === undefined) throw new UsageError(`invalid argument "${text}" for "--since" flag: ${goDurationError(text)}`, 'logs');
  }
  let tail: number | undefined;
  if (flags.tail !== undefined) {
    const text = flags.tail;
    if (!/^[+-]?\d+$/.test(text)) {
      throw new UsageError(`invalid argument "${text}" for "--tail" flag: strconv.ParseInt: parsing "${text}": invalid syntax`, 'logs');
    }
    tail = Number(text);
  }
  if (args.length === 0) throw new UsageError('expected POD or TYPE/NAME is a required argument for the logs command', 'logs');
  if (args.length > 2) throw new UsageError('expected logs [POD] [CONTAINER] or logs [TYPE/NAME] -c [CONTAINER]', 'logs');
  const container = flags.container ?? args[1];
  return {
    target: args[0] ?? '',
    namespace,
    ...(container === undefined ? {} : { container }),
    ...(sinceMs === undefined ? {} : { sinceMs }),
    ...(tail === undefined ? {} : { tail }),
    timestamps,
    follow,
  };
}

/** Validate: what kubemu cannot emulate. */
export function validateLogs(o: LogsOptions): void {
  if (o.follow) throw new CliError('kubemu does not emulate logs -f (--follow): the emulated cluster runs only while a command runs');
}
