import { hashFraction } from '../../apiserver/metrics/usage-model.js';

/**
 * How pods started together on a real node come apart (issue 14): each pod's worker starts its
 * runtime sync a little later or earlier (its first sync waits for the pod's volumes: upstream's
 * WaitForAttachAndMount polls every 300 ms), its sandbox and container take a little more or less
 * time, and each image pull varies. The ImageRepository says by how much (startJitterMilliseconds,
 * pullJitterPercent; by default 300 ms, a poll of the volume wait, and 10 %: pods started together
 * come apart by up to 600 ms and mostly become Ready at different instants). Only a pod's first start is
 * spread, not its container's restarts. Probe ticks run from each container's start (probes.ts),
 * so their phase moves with it; upstream's prober ticks from its worker's start instead.
 *
 * Every draw is a function of the pod's uid (itself a draw of the cluster's seeded source) and of
 * what is drawn: the same cluster gives the same spread, and drawing takes nothing from the
 * seeded stream, so the names and IDs drawn after it are the names and IDs they were before.
 *
 * Every offset falls on a 100 ms grid (SPREAD_STEP_MS): 1,000 pods started together then come
 * apart into a handful of instants, each a control-plane step, not into a thousand.
 *
 *   startJitterMilliseconds 200: worker start +0, +100 or +200 ms; sandbox and start the same
 *   pullJitterPercent 10, pullSeconds 1:  900, 1000 or 1100 ms;  pullSeconds 30: 27.0 … 33.0 s
 */

/** The grid every offset falls on. */
export const SPREAD_STEP_MS = 100;

/** A draw in [0, 1) for what `key` names: a hash, the same for the same key. */
export function spreadDraw(key: string): number {
  return hashFraction(key);
}

/** One of the grid's offsets 0, 100, …, up to maxMs (each as likely), chosen by a draw u in [0, 1). */
export function gridOffsetMs(maxMs: number, u: number): number {
  const steps = Math.floor(Math.max(0, maxMs) / SPREAD_STEP_MS);
  return Math.min(steps, Math.floor(u * (steps + 1))) * SPREAD_STEP_MS;
}

/** How long a pull of baseMs takes with the jitter: baseMs moved by up to ±percent, the move on the grid. */
export function pulledMs(baseMs: number, percent: number, u: number): number {
  const spread = Math.min(100, Math.max(0, percent)) / 100;
  if (spread === 0) return baseMs;
  const reach = baseMs * spread;
  const move = Math.round((reach * (2 * u - 1)) / SPREAD_STEP_MS) * SPREAD_STEP_MS;
  // Never past the reach (rounding up to the grid) nor below no time.
  const bounded = Math.max(-Math.floor(reach / SPREAD_STEP_MS) * SPREAD_STEP_MS, Math.min(Math.floor(reach / SPREAD_STEP_MS) * SPREAD_STEP_MS, move));
  return Math.max(0, baseMs + bounded);
}

/** A pod's start spread: when its worker starts after admission, and how much longer its sandbox and start take. */
export interface StartSpread {
  workerDelayMs: number;
  sandboxExtraMs: number;
}

/** The start spread of the pod with this uid, for a jitter of up to jitterMs (each part). */
export function startSpread(uid: string, jitterMs: number): StartSpread {
  if (!(jitterMs > 0)) return { workerDelayMs: 0, sandboxExtraMs: 0 };
  return {
    workerDelayMs: gridOffsetMs(jitterMs, spreadDraw(`${uid}/worker`)),
    sandboxExtraMs: gridOffsetMs(jitterMs, spreadDraw(`${uid}/sandbox`)),
  };
}
