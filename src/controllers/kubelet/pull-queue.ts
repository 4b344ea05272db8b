import { pulledMs } from './spread.js';

/**
 * The node's image pulls, one at a time (the kubelet's default serializeImagePulls): a pull
 * starts when the previous one has finished. A pull of an image the node is fetching right
 * now joins it (the runtime fetches each layer once) and ends with it. Durations vary as real
 * pulls do (the image's pullJitterPercent, 10 by default, a draw of the pod that pulls): then
 * pods started together on different nodes become ready at different moments. The variation
 * falls on spread.ts's 100 ms grid, so it adds a few distinct moments (each a control-plane
 * step), not one per pull (the 1,000-replica bench: 31 steps without any spread, 112 with the
 * default pullJitterPercent 10 and startJitterMilliseconds 300).
 *
 *   base 1 s, jitter 10%, node idle:                         waits 0,    pulls 0.9, 1.0 or 1.1 s
 *   base 1 s, same image pulling until +1 s:                 waits 1 s,  pulls 0
 *   base 1 s, jitter 10%, another image pulling until +1 s:  waits 1 s,  pulls 0.9, 1.0 or 1.1 s
 */
export interface PullQueueState {
  /** when the last reserved pull ends */
  busyUntilMs: number;
  /** the images of the pulls reserved until then */
  images: string[];
}

export function reservePull(
  state: PullQueueState | undefined,
  image: string,
  nowMs: number,
  baseMs: number,
  jitterPercent: number,
  uniform: () => number,
): { pullMs: number; waitMs: number; state: PullQueueState } {
  const busy = state && state.busyUntilMs > nowMs ? state : undefined;
  const waitMs = busy ? busy.busyUntilMs - nowMs : 0;
  if (busy?.images.includes(image)) return { pullMs: 0, waitMs, state: busy };
  const pullMs = jitterPercent > 0 ? pulledMs(baseMs, jitterPercent, uniform()) : baseMs;
  const images = busy ? [...new Set([...busy.images, image])] : [image];
  return { pullMs, waitMs, state: { busyUntilMs: nowMs + waitMs + pullMs, images } };
}
