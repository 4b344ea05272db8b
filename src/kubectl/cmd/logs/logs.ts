import type { Command } from 'commander';
import { CliError, UsageError } from '../../util/errors.js';
import { goDurationError, parseGoDuration } from '../../../common/go-duration.js';
import { lazy } from '../../../common/lazy.js';
import { type BoolFlagValue, boolFlag, int64Flag } from '../util/flags.js';
import { type Invocation, action, configure } from '../util/program.js';
import type { LogsRequest } from './run-logs.js';
import { parseRfc3339 } from './since-time.js';

const logsRun = lazy(() => require('./run-logs.js') as typeof import('./run-logs.js'));
const logsFollow = lazy(() => require('./follow-logs.js') as typeof import('./follow-logs.js'));

/** kubectl's usage line and the error for a missing or extra argument. */
const USAGE = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command";

/** kubectl's --tail for a selector when none is given (selectorTail). */
export const SELECTOR_TAIL = 10;

/**
 * `kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]` and `-l SELECTOR`: what an app pod's
 * image prints (ImageRepository `logs:`, src/images/log-spec.ts), computed from its container's
 * runs and the cluster clock; the controller-manager's mirror pod shows what the embedded
 * controllers logged (raise its verbosity with `kubectl -n kube-system annotate pod
 * kube-controller-manager-k8s-master-1 kubemu.io/log-verbosity=4`).
 */
export function registerLogs(program: Command, inv: Invocation): void {
  configure(program.command('logs'), inv)
    .description('Print the logs for a container in a pod')
    .argument('[args...]')
    .option('--all-containers [bool]', "Get all containers' logs in the pod(s).")
    .option('-c, --container <name>', 'Print the logs of this container')
    .option('-f, --follow [bool]', 'Specify if the logs should be streamed.')
    .option('--ignore-errors [bool]', 'If watching / following pod logs, allow for any errors that occur to be non-fatal')
    .option('--insecure-skip-tls-verify-backend [bool]', 'Skip verifying the identity of the kubelet that logs are requested from (accepted; kubemu has no TLS).')
    .option('--limit-bytes <n>', 'Maximum bytes of logs to return. Defaults to no limit.')
    .option('--max-log-requests <n>', 'Specify maximum number of concurrent logs to follow when using by a selector. Defaults to 5.')
    .option('--pod-running-timeout <duration>', 'The length of time (like 5s, 2m, or 3h, higher than zero) to wait until at least one pod is running')
    .option('--prefix [bool]', 'Prefix each log line with the log source (pod name and container name)')
    .option('-p, --previous [bool]', 'If true, print the logs for the previous instance of the container in a pod if it exists.')
    .option('-l, --selector <selector>', 'Selector (label query) to filter on.')
    .option('--since <duration>', 'Only return logs newer than a relative duration like 5s, 2m, or 3h. Defaults to all logs. Only one of since-time / since may be used.')
    .option('--since-time <time>', 'Only return logs after a specific date (RFC3339). Defaults to all logs. Only one of since-time / since may be used.')
    .option('--tail <lines>', 'Lines of recent log file to display. Defaults to -1 with no selector, showing all log lines otherwise 10, if a selector is provided.')
    .option('--timestamps [bool]', 'Include timestamps on each line in the log output')
    .action(
      action<LogsFlags>(inv, async (ctx, args, flags) => {
        const o = completeLogs(flags, args, ctx.namespace(), ctx.io.programName);
        const cluster = ctx.cluster();
        const validate = () => validateLogs(o);
        const err = (s: string) => ctx.io.err(s);
        if (o.follow) {
          await logsFollow().followLogs(cluster, o, (s) => ctx.io.out(s), err, validate);
          return;
        }
        logsRun().streamLogs({ api: cluster.api, store: cluster.store, nowMs: cluster.clock.now(), err }, o, (s) => ctx.io.out(s), validate);
      }),
    );
}

/** The flags of `logs` as commander parses them. */
export interface LogsFlags {
  allContainers?: BoolFlagValue;
  container?: string;
  follow?: BoolFlagValue;
  ignoreErrors?: BoolFlagValue;
  insecureSkipTlsVerifyBackend?: BoolFlagValue;
  limitBytes?: string;
  maxLogRequests?: string;
  podRunningTimeout?: string;
  prefix?: BoolFlagValue;
  previous?: BoolFlagValue;
  selector?: string;
  since?: string;
  sinceTime?: string;
  tail?: string;
  timestamps?: BoolFlagValue;
}

/** What `logs` runs with. */
export interface LogsOptions extends LogsRequest {
  follow: boolean;
  maxRequests: number;
  /** -c was given (Validate refuses it with an inline CONTAINER too) */
  containerFlag: boolean;
  /** the positional arguments, for Validate */
  argCount: number;
  /** --since as given (Validate refuses a negative one), ms */
  sinceGivenMs?: number;
}

/** A flag value pflag refuses: cobra's flag error, `See 'kubectl logs --help' for usage.` */
function usage(message: string): UsageError {
  return new UsageError(message, 'logs');
}

/** pflag's int64/int errors as a usage error of `logs`. */
function intFlag(name: string, value: string | undefined): number | undefined {
  try {
    return int64Flag(name, value);
  } catch (e) {
    if (e instanceof CliError) throw usage(e.message);
    throw e;
  }
}

/**
 * Complete: flag values first (pflag's errors), then the arguments (kubectl's usage errors), then
 * --since-time (ParseRFC3339's error); the container is -c, else the second argument.
 */
export function completeLogs(flags: LogsFlags, args: string[], namespace: string, programName = 'kubectl'): LogsOptions {
  // cmdutil.UsageErrorf: the message, then `See 'kubectl logs -h' for help and examples`.
  const usageErr = (message: string) => new CliError(`${message}\nSee '${programName} logs -h' for help and examples`);
  const timestamps = boolFlag(flags.timestamps, 'timestamps', 'logs');
  const follow = boolFlag(flags.follow, 'follow', 'logs');
  const previous = boolFlag(flags.previous, 'previous', 'logs');
  const allContainers = boolFlag(flags.allContainers, 'all-containers', 'logs');
  const prefix = boolFlag(flags.prefix, 'prefix', 'logs');
  boolFlag(flags.ignoreErrors, 'ignore-errors', 'logs');
  boolFlag(flags.insecureSkipTlsVerifyBackend, 'insecure-skip-tls-verify-backend', 'logs');
  let sinceMs: number | undefined;
  if (flags.since !== undefined) {
    const text = flags.since;
    sinceMs = parseGoDuration(text);
    if (sinceMs === undefined) throw usage(`invalid argument "${text}" for "--since" flag: ${goDurationError(text)}`);
  }
  if (flags.podRunningTimeout !== undefined && parseGoDuration(flags.podRunningTimeout) === undefined) {
    throw usage(`invalid argument "${flags.podRunningTimeout}" for "--pod-running-timeout" flag: ${goDurationError(flags.podRunningTimeout)}`);
  }
  const tail = intFlag('tail', flags.tail);
  const limitBytes = intFlag('limit-bytes', flags.limitBytes);
  const maxRequests = intFlag('max-log-requests', flags.maxLogRequests) ?? 5;
  const selector = flags.selector;
  if (args.length === 0 && (selector === undefined || selector === '')) throw usageErr(USAGE);
  if (args.length === 1 && selector !== undefined && selector !== '') throw usageErr('only a selector (-l) or a POD name is allowed');
  if (args.length > 2) throw usageErr(USAGE);
  const container = flags.container ?? args[1];
  const sinceTimeMs = flags.sinceTime === undefined || flags.sinceTime === '' ? undefined : parseRfc3339(flags.sinceTime);
  // kubectl: with a selector and no --tail, each pod's last 10 lines.
  const effectiveTail = tail !== undefined ? (tail === -1 ? undefined : tail) : selector ? SELECTOR_TAIL : undefined;
  return {
    ...(args[0] === undefined ? {} : { target: args[0] }),
    ...(selector ? { selector } : {}),
    namespace,
    ...(container === undefined || container === '' ? {} : { container }),
    ...(sinceMs === undefined || sinceMs === 0 ? {} : { sinceMs, sinceGivenMs: sinceMs }),
    ...(sinceTimeMs === undefined ? {} : { sinceTimeMs }),
    ...(effectiveTail === undefined ? {} : { tail: effectiveTail }),
    ...(limitBytes === undefined || limitBytes === 0 ? {} : { limitBytes }),
    timestamps,
    follow,
    previous,
    allContainers,
    prefix,
    maxRequests,
    containerFlag: flags.container !== undefined,
    argCount: args.length,
  };
}

/** Validate, in kubectl's order (after Complete has read the objects). */
export function validateLogs(o: LogsOptions): void {
  if (o.sinceTimeMs !== undefined && o.sinceMs !== undefined) throw new CliError('at most one of `sinceTime` or `sinceSeconds` may be specified');
  if (o.allContainers && o.container !== undefined) throw new CliError(`--all-containers=true should not be specified with container name ${o.container}`);
  if (o.containerFlag && o.argCount === 2) throw new CliError('only one of -c or an inline [CONTAINER] arg is allowed');
  if (o.limitBytes !== undefined && o.limitBytes < 0) throw new CliError('--limit-bytes must be greater than 0');
  if (o.sinceGivenMs !== undefined && Math.round(o.sinceGivenMs / 1000) < 0) throw new CliError('--since must be greater than 0');
  if (o.tail !== undefined && o.tail < -1) throw new CliError('--tail must be greater than or equal to -1');
}
