import type { KubeObject } from '../../api/meta/v1.js';
import { factsAvailable, podFacts } from './pod-facts.js';

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
    const f = podFacts(p);
    if (!f.ready || factsAvailable(f, minReadySeconds, nowMs)) continue;
    const since = f.readyTransitionMs;
    if (since === undefined) continue;
    const delay = since + minReadySeconds * 1000 + 1 - nowMs;
    if (best === undefined || delay < best) best = delay;
  }
  return best;
}
