/**
 * The node's image pulls, one at a time (the kubelet's default serializeImagePulls): a pull
 * starts when the previous one has finished. A pull of an image the node is fetching right
 * now joins it (the runtime fetches each layer once) and ends with it. Durations can vary as
 * real pulls do (the image's pullJitterPercent, a seeded draw): then pods started together on
 * different nodes become ready at different moments. The default is 0 — exact pulls — because
 * every distinct moment costs a control-plane step (the 1,000-replica bench: 31 steps exact,
 * 69 with 15%).
 *
 *   base 1 s, jitter 15%, node idle:                         waits 0,    pulls 0.85–1.15 s
 *   base 1 s, same image pulling until +1 s:                 waits 1 s,  pulls 0
 *   base 1 s, jitter 15%, another image pulling until +1 s:  waits 1 s,  pulls 0.85–1.15 s
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
  const spread = jitterPercent / 100;
  const jitter = spread > 0 ? 1 - spread + 2 * spread * uniform() : 1;
  const pullMs = Math.round(baseMs * jitter);
  const images = busy ? [...new Set([...busy.images, image])] : [image];
  return { pullMs, waitMs, state: { busyUntilMs: nowMs + waitMs + pullMs, images } };
}
