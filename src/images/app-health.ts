import type { ImageBehavior } from '../apiserver/defaults/imagerepository.js';

/** What the emulated app answers at a moment of its life. */
export interface AppHealth {
  /** listening at all (startSeconds have passed since start) */
  listening: boolean;
  /** /healthz answers 200 */
  healthy: boolean;
  /** /readyz answers 200 */
  ready: boolean;
}

/**
 * The app's state `sinceStartMs` after its start. startSeconds 3: refused before +3 s, then
 * healthy; neverReady: /readyz says 503 for ever; unhealthyAfterSeconds 60: /healthz 500 from +60 s.
 */
export function appHealth(b: ImageBehavior, sinceStartMs: number): AppHealth {
  const listening = sinceStartMs >= b.startSeconds * 1000;
  const sick = b.unhealthyAfterSeconds > 0 && sinceStartMs >= b.unhealthyAfterSeconds * 1000;
  return { listening, healthy: listening && !sick, ready: listening && !sick && !b.neverReady };
}

/**
 * The app's health timeline: the first moment after `sinceStartMs` (ms since its start) at
 * which appHealth may answer differently, or undefined when it never will again. appHealth is
 * constant between these moments, so a probe that keeps getting the same answer need not be
 * asked until then. startSeconds 3, unhealthyAfterSeconds 60: changes at +3 s and +60 s; after
 * +60 s, none.
 */
export function nextHealthChangeMs(b: ImageBehavior, sinceStartMs: number): number | undefined {
  const changes = [b.startSeconds * 1000];
  if (b.unhealthyAfterSeconds > 0) changes.push(b.unhealthyAfterSeconds * 1000);
  let next: number | undefined;
  for (const t of changes) if (t > sinceStartMs && (next === undefined || t < next)) next = t;
  return next;
}
