import type { Lifecycle } from '../../api/core/v1/container.js';

/**
 * How long stopping a container takes (kuberuntime killContainer): the preStop hook runs first
 * and counts against the grace period; then SIGTERM, and the app exits stopSeconds later — or,
 * when what is left of the grace period (at least 2 s, minimumGracePeriodInSeconds) runs out
 * first, SIGKILL and exit code 137.
 *
 *   hello: grace 30, preStop sleep 5, stopSeconds 2 → SIGTERM at +5, exits 0 at +7 (7 s Terminating)
 *   grace 30, no preStop, stopSeconds 2            → exits 0 at +2
 *   grace 3, preStop sleep 5                       → preStop cut at +3, SIGTERM, 2 s minimum left,
 *                                                    app exits at +5 (stopSeconds 2 fits)
 *   grace 10, no preStop, stopSeconds 30           → SIGKILL at +10, exit 137
 */

/** kubelet's minimumGracePeriodInSeconds: what is always left for SIGTERM after preStop. */
export const MINIMUM_GRACE_AFTER_PRESTOP_SECONDS = 2;

/** Exit code of a process killed by SIGKILL (128 + 9). */
export const SIGKILL_EXIT_CODE = 137;

export interface StopPlan {
  /** when SIGTERM is sent, ms after the kill started */
  sigtermAfterMs: number;
  /** when the container is gone, ms after the kill started */
  exitAfterMs: number;
  exitCode: number;
  /** SIGKILL was needed */
  killed: boolean;
}

/**
 * preStopSeconds: the hook's own duration (sleep seconds; 0 for exec/httpGet hooks, which the
 * emulated app answers at once); undefined when there is no hook.
 */
export function planStop(graceSeconds: number, preStopSeconds: number | undefined, stopSeconds: number): StopPlan {
  const grace = Math.max(0, graceSeconds);
  const preStop = preStopSeconds === undefined ? 0 : Math.min(preStopSeconds, grace);
  const left = Math.max(grace - preStop, MINIMUM_GRACE_AFTER_PRESTOP_SECONDS);
  if (stopSeconds <= left) {
    return { sigtermAfterMs: preStop * 1000, exitAfterMs: (preStop + stopSeconds) * 1000, exitCode: 0, killed: false };
  }
  return { sigtermAfterMs: preStop * 1000, exitAfterMs: (preStop + left) * 1000, exitCode: SIGKILL_EXIT_CODE, killed: true };
}

/** The duration of a container's preStop hook, from its spec: sleep.seconds, else 0; undefined: none. */
export function preStopSeconds(lifecycle: Lifecycle | undefined): number | undefined {
  const pre = lifecycle?.preStop;
  if (!pre) return undefined;
  return pre.sleep?.seconds ?? 0;
}
