import type { Command } from 'commander';
import { goDurationError, parseGoDuration } from '../../../common/go-duration.js';
import { waitUntil } from '../../../cluster/time.js';
import { type BoolFlagValue, boolFlag } from '../util/flags.js';
import { commandEnv } from '../util/context.js';
import { type Invocation, action, configure } from '../util/program.js';
import { parseDryRun } from '../../util/dry-run.js';
import { UsageError } from '../../util/errors.js';
import { checkPodSelector, runDrain } from './run-drain.js';
import { checkNodeArgs } from './node-targets.js';

/** The flags of `drain` as commander parses them (drain.go NewCmdDrain). */
interface DrainFlags {
  chunkSize?: string;
  deleteEmptydirData?: BoolFlagValue;
  disableEviction?: BoolFlagValue;
  dryRun?: BoolFlagValue;
  force?: BoolFlagValue;
  gracePeriod: string;
  ignoreDaemonsets?: BoolFlagValue;
  podSelector?: string;
  selector?: string;
  skipWaitForDeleteTimeout: string;
  timeout: string;
}

/** An int flag as pflag parses it (strconv.ParseInt's error). */
function intFlag(name: string, text: string): number {
  if (!/^[+-]?\d+$/.test(text)) throw new UsageError(`invalid argument "${text}" for "--${name}" flag: strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`, 'drain');
  return Number(text);
}

/** `kubectl drain` (pkg/cmd/drain: NewCmdDrain). */
export function registerDrain(program: Command, inv: Invocation): void {
  configure(program.command('drain'), inv)
    .description('Drain node in preparation for maintenance')
    .argument('[args...]')
    .option('--chunk-size <n>', 'Return large lists in chunks rather than all at once (accepted; lists are never chunked here).', '500')
    .option('--delete-emptydir-data [bool]', 'Continue even if there are pods using emptyDir (local data that will be deleted when the node is drained).')
    .option('--disable-eviction [bool]', 'Force drain to use delete, even if eviction is supported. This will bypass checking PodDisruptionBudgets, use with caution.')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client". If client strategy, only print the object that would be sent, without sending it. If server strategy, submit server-side request without persisting the resource.')
    .option('--force [bool]', 'Continue even if there are pods that do not declare a controller.')
    .option('--grace-period <seconds>', 'Period of time in seconds given to each pod to terminate gracefully. If negative, the default value specified in the pod will be used.', '-1')
    .option('--ignore-daemonsets [bool]', 'Ignore DaemonSet-managed pods.')
    .option('--pod-selector <selector>', 'Label selector to filter pods on the node')
    .option('-l, --selector <selector>', "Selector (label query) to filter on, supports '=', '==', '!=', 'in', 'notin'.(e.g. -l key1=value1,key2=value2,key3 in (value3)). Matching objects must satisfy all of the specified label constraints.")
    .option('--skip-wait-for-delete-timeout <seconds>', 'If pod DeletionTimestamp older than N seconds, skip waiting for the pod.  Seconds must be greater than 0 to skip.', '0')
    .option('--timeout <duration>', 'The length of time to wait before giving up, zero means infinite', '0s')
    .action(
      action<DrainFlags>(inv, async (ctx, args, flags) => {
        // pflag parses every flag before Complete runs.
        intFlag('chunk-size', flags.chunkSize ?? '500');
        const grace = intFlag('grace-period', flags.gracePeriod);
        const skipWait = intFlag('skip-wait-for-delete-timeout', flags.skipWaitForDeleteTimeout);
        const timeoutMs = parseGoDuration(flags.timeout);
        if (timeoutMs === undefined) throw new UsageError(`invalid argument "${flags.timeout}" for "--timeout" flag: ${goDurationError(flags.timeout)}`, 'drain');
        const base = {
          args,
          ...(flags.selector !== undefined ? { selector: flags.selector } : {}),
          ...(flags.podSelector !== undefined ? { podSelector: flags.podSelector } : {}),
          programName: inv.io.programName,
        };
        // Complete: the argument checks, then --dry-run, then --pod-selector.
        checkNodeArgs(base.programName, 'drain', base.args, base.selector);
        const dryRun = parseDryRun(flags.dryRun);
        checkPodSelector(base.podSelector);
        const env = commandEnv(ctx);
        await runDrain(
          {
            ...base,
            dryRun,
            force: boolFlag(flags.force, 'force', 'drain'),
            ignoreAllDaemonSets: boolFlag(flags.ignoreDaemonsets, 'ignore-daemonsets', 'drain'),
            deleteEmptyDirData: boolFlag(flags.deleteEmptydirData, 'delete-emptydir-data', 'drain'),
            disableEviction: boolFlag(flags.disableEviction, 'disable-eviction', 'drain'),
            gracePeriodSeconds: grace < 0 ? undefined : grace,
            timeoutMs: Math.max(0, timeoutMs),
            skipWaitForDeleteTimeoutSeconds: skipWait,
            serverDryRun: dryRun === 'server',
          },
          {
            ...env,
            now: () => ctx.cluster().clock.now(),
            passUntil: async (ms) => {
              await waitUntil(ctx.cluster(), { deadlineMs: ms, done: () => false });
            },
          },
        );
      }),
    );
}
