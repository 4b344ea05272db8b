import type { KubeObject } from '../../api/meta/v1.js';
import { isPodReady, podCondition } from './pod-state.js';

/**
 * podutil.IsPodAvailable: Ready, and Ready for longer than minReadySeconds — strictly, so with
 * minReadySeconds 5 a pod Ready since 12:00:00 is available from 12:00:05.001 on, not at
 * 12:00:05. A Ready condition without lastTransitionTime never becomes available when
 * minReadySeconds > 0 (upstream's zero-time check).
 */
export function isPodAvailable(pod: KubeObject, minReadySeconds: number, nowMs: number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds <= 0) return true;
  const since = readyTransitionMs(pod);
  return since !== undefined && since + minReadySeconds * 1000 < nowMs;
}

/**
 * How long until the earliest of these ready-but-not-yet-available pods becomes available: the
 * delay a controller requeues itself with (newer upstream's per-pod availability requeue).
 * Worked example: minReadySeconds 5, pods Ready since t=10s and t=12s, now t=13s → the first
 * is available after 10+5=15s, strictly later, so 15.001s: the delay is 2001 ms. Undefined
 * when no pod is waiting.
 */
export function msUntilNextAvailable(pods: readonly KubeObject[], minReadySeconds: number, nowMs: number): number | undefined {
  if (minReadySeconds <= 0) return undefined;
  let best: number | undefined;
  for (const p of pods) {
    if (!isPodReady(p) || isPodAvailable(p, minReadySeconds, nowMs)) continue;
    const since = readyTransitionMs(p);
    if (since === undefined) continue;
    const delay = since + minReadySeconds * 1000 + 1 - nowMs;
    if (best === undefined || delay < best) best = delay;
  }
  return best;
}

function readyTransitionMs(pod: KubeObject): number | undefined {
  const t = podCondition(pod, 'Ready')?.lastTransitionTime;
  if (!t) return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
}
