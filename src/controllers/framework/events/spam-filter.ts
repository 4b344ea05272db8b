/**
 * client-go's EventSourceObjectSpamFilter (tools/record/events_cache.go) with the default
 * CorrelatorOptions: one token bucket per source and object (getSpamKey: component, host, and the
 * involved object's kind, namespace, name, uid and apiVersion), burst 25, refilled at
 * float32(1/300) tokens a second. A recorder filters an event the bucket has no token for.
 *
 * The bucket is golang.org/x/time/rate's Limiter behind flowcontrol's passive token bucket
 * (TryAccept is AllowN(now, 1)), emulated to the bit: a new limiter starts with zero tokens at the
 * zero time, so its first look fills it to the burst; tokens refill continuously (elapsed seconds
 * × limit, capped at the burst); and the state (tokens, last) changes only when an event is
 * accepted. A rejected event leaves the bucket as it was, which is what lets a kubelet know in
 * advance when the next event about a pod will be written (firstAcceptMs).
 *
 * A pod that records an event every 10 s from t = 0: the 25 of 0 s..240 s are written (the
 * bucket refills 0.8 tokens meanwhile, so the 26th, at 250 s, still finds 0.83 and is dropped),
 * ..., and from then on one every 300 s, the first event at or after 300 s since the last one
 * written (the bucket has 0.0033333334 × 300 = 1.00000003 tokens then).
 */

/** defaultSpamBurst */
export const SPAM_BURST = 25;
/** defaultSpamQPS as the float32 it is passed as (rate.Limit(float32(1. / 300.))) */
export const SPAM_QPS = Math.fround(1 / 300);

/** The rate.Limiter of one source and object: its tokens as of lastMs (cluster time). */
export type SpamBucket = [tokens: number, lastMs: number];

/** time.Duration.Seconds() of a whole number of milliseconds: whole seconds plus nanoseconds / 1e9. */
function seconds(ms: number): number {
  const whole = Math.trunc(ms / 1000);
  return whole + ((ms - whole * 1000) * 1e6) / 1e9;
}

/** Limiter.advance: the tokens at nowMs (a fresh bucket is full). */
function tokensAt(bucket: SpamBucket | undefined, nowMs: number): number {
  if (!bucket) return SPAM_BURST;
  const last = Math.min(bucket[1], nowMs);
  const tokens = bucket[0] + seconds(nowMs - last) * SPAM_QPS;
  return tokens > SPAM_BURST ? SPAM_BURST : tokens;
}

/**
 * reserveN(now, 1, 0) decides: the tokens left after taking one; when negative, the wait for
 * them (durationFromTokens, truncated to whole nanoseconds) must be zero.
 */
function accepts(left: number): boolean {
  if (left >= 0) return true;
  return Math.trunc((-left / SPAM_QPS) * 1e9) <= 0;
}

/** TryAccept at nowMs: whether the event passes, and the bucket after it (unchanged when it does not). */
export function tryAccept(bucket: SpamBucket | undefined, nowMs: number): { accepted: boolean; bucket: SpamBucket | undefined } {
  const left = tokensAt(bucket, nowMs) - 1;
  if (!accepts(left)) return { accepted: false, bucket };
  return { accepted: true, bucket: [left, nowMs] };
}

/**
 * The first instant (whole ms, not before fromMs) at which the bucket accepts an event: events
 * before it are all dropped and leave the bucket as it is.
 */
export function firstAcceptMs(bucket: SpamBucket | undefined, fromMs: number): number {
  if (tryAccept(bucket, fromMs).accepted || !bucket) return fromMs;
  // The missing fraction of a token, at the refill rate, then the float arithmetic's last word.
  const missing = 1 - tokensAt(bucket, fromMs);
  let t = fromMs + Math.max(0, Math.floor((missing / SPAM_QPS) * 1000) - 2);
  while (tryAccept(bucket, t).accepted && t > fromMs) t--;
  while (!tryAccept(bucket, t).accepted) t++;
  return t;
}
