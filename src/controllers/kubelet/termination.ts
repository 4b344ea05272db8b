import type { Lifecycle } from '../../api/core/v1/container.js';
import { runExecCommand } from './hook-command.js';

/**
 * How stopping a container goes (kuberuntime killContainer): the Killing event, then the preStop
 * hook, which may use the whole grace period (executePreStopHook gives up on it when the grace
 * period is over); then SIGTERM with what is left of the grace period, in whole seconds the
 * hook took (executePreStopHook truncates), at least 2 s (minimumGracePeriodInSeconds); the app
 * exits stopSeconds after SIGTERM with its image's sigtermExitCode (143 = 128 + SIGTERM unless
 * it handles the signal and exits 0), or, when what is left runs out first, the runtime
 * SIGKILLs it: exit code 137. Either way a non-zero code is terminated reason Error.
 *
 *   hello: grace 30, preStop sleep 5, stopSeconds 2     → SIGTERM at +5, exits 143 at +7
 *   grace 30, preStop exec `sh -c "sleep 25"`, stop 2   → SIGTERM at +25 (5 s left), exits 143 at +27
 *   grace 30, no preStop, sigtermExitCode 0             → exits 0 (Completed) at +2
 *   grace 3, preStop sleep 5                            → preStop given up at +3, SIGTERM, 2 s left,
 *                                                         app exits 143 at +5 (stopSeconds 2 fits)
 *   grace 30, preStop sleep 40, stopSeconds 10          → SIGTERM at +30, SIGKILL at +32: 137
 *   grace 10, no preStop, stopSeconds 30                → SIGKILL at +10, exit 137
 *
 * A hook that fails (its command exits non-zero: `sh -c "sleep 2; exit 1"`, `sleep abc`; a
 * tcpSocket hook, which the kubelet cannot run) is a Warning FailedPreStopHook `PreStopHook
 * failed` when it ends (upstream leaves the command's output out of the event); the stop goes on
 * as if it had succeeded. An exec hook still running when the container exits is killed with it
 * (its exec returns "exited with 137"), also a FailedPreStopHook, at the exit; a sleep hook that
 * is given up on is not.
 */

/** kubelet's minimumGracePeriodInSeconds: what is always left for SIGTERM after preStop. */
export const MINIMUM_GRACE_AFTER_PRESTOP_SECONDS = 2;

/** Exit code of a process killed by SIGKILL (128 + 9). */
export const SIGKILL_EXIT_CODE = 137;

/** Exit code of a process that SIGTERM ends (128 + 15): an app that does not handle the signal. */
export const SIGTERM_EXIT_CODE = 143;

/** What a container's preStop hook does, as far as stopping it is concerned. */
export interface PreStopHook {
  /** how long it runs, ms; Infinity: until it is given up on */
  ms: number;
  /** it fails when it ends */
  fails: boolean;
  /** an exec hook (killed with its container; a sleep or httpGet hook is not a process in it) */
  exec: boolean;
}

/** How the app exits by itself (exitAfterSeconds, exitCode), if it would before the stop's end. */
export interface OwnExit {
  /** ms after the kill started */
  afterMs: number;
  exitCode: number;
}

export interface StopPlan {
  /** when SIGTERM is sent, ms after the kill started */
  sigtermAfterMs: number;
  /** when the container is gone, ms after the kill started */
  exitAfterMs: number;
  exitCode: number;
  /** SIGKILL was needed */
  killed: boolean;
  /** when FailedPreStopHook is recorded, ms after the kill started; undefined: the hook did not fail */
  hookFailsAfterMs?: number;
}

/**
 * The stop of a container: graceSeconds of the pod (its deletion's, or the spec's for a probe
 * kill), its hook (undefined: none), how long its app takes to exit on SIGTERM and with which
 * code, and when it would exit by itself.
 */
export function planStop(graceSeconds: number, hook: PreStopHook | undefined, stopSeconds: number, sigtermExitCode: number, own?: OwnExit): StopPlan {
  const grace = Math.max(0, graceSeconds);
  // No hook runs with a grace period of 0 ("if there is enough time to run it").
  const runs = hook !== undefined && grace > 0;
  const hookMs = runs ? Math.min(hook.ms, grace * 1000) : 0;
  const left = Math.max(grace - Math.floor(hookMs / 1000), MINIMUM_GRACE_AFTER_PRESTOP_SECONDS);
  let plan: StopPlan =
    stopSeconds <= left
      ? { sigtermAfterMs: hookMs, exitAfterMs: hookMs + stopSeconds * 1000, exitCode: sigtermExitCode, killed: false }
      : { sigtermAfterMs: hookMs, exitAfterMs: hookMs + left * 1000, exitCode: SIGKILL_EXIT_CODE, killed: true };
  if (own && own.afterMs < plan.exitAfterMs) plan = { ...plan, exitAfterMs: Math.max(0, own.afterMs), exitCode: own.exitCode, killed: false };
  if (runs) {
    if (hook.exec && hook.ms > plan.exitAfterMs) plan.hookFailsAfterMs = plan.exitAfterMs;
    else if (hook.fails && hook.ms <= plan.exitAfterMs) plan.hookFailsAfterMs = hook.ms;
  }
  return plan;
}

/**
 * The container's preStop hook, from its spec: sleep.seconds; an exec command as hook-command.ts
 * reads it; httpGet answered at once by the emulated app; tcpSocket, which upstream's handler
 * runner refuses ("invalid handler"), failing at once. Undefined: no hook. (The API server
 * refuses a handler with none of them set.)
 */
export function preStopHook(lifecycle: Lifecycle | undefined): PreStopHook | undefined {
  const pre = lifecycle?.preStop;
  if (!pre) return undefined;
  if (pre.exec) {
    const run = runExecCommand(pre.exec.command ?? []);
    return { ms: run.ms, fails: run.status !== 0, exec: true };
  }
  if (pre.httpGet) return { ms: 0, fails: false, exec: false };
  if (pre.sleep) return { ms: (pre.sleep.seconds ?? 0) * 1000, fails: false, exec: false };
  // tcpSocket (or nothing the runner knows): "invalid handler".
  return { ms: 0, fails: true, exec: false };
}
