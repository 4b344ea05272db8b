import type { ComponentState } from './state.js';
import { getOwn, hasOwn, setOwn } from '../../common/own-keys.js';

/**
 * The work queue's per-item rate limiter (client-go's ItemExponentialFailureRateLimiter, the
 * per-key part of DefaultControllerRateLimiter): a key whose sync failed n times in a row is
 * retried 5 ms · 2^n later, at most 1000 s; a successful sync forgets it (queue.Forget).
 *
 *   failures before this one: 0 → 5 ms, 1 → 10 ms, 2 → 20 ms, … 17 → 655.36 s, 18 and more → 1000 s
 *
 * The counts live in the controller's ComponentState, one entry for all its keys (read once per
 * control-plane step, written only when a count changes), so a retry schedule survives from one
 * kubemu command to the next and stays the same from run to run.
 */

export const RATE_LIMIT_BASE_MS = 5;
export const RATE_LIMIT_MAX_MS = 1000 * 1000;

const STATE_KEY = 'workqueue-failures';

/** The delay of the retry after `failures` earlier consecutive failures. */
export function rateLimitedDelay(failures: number): number {
  // 2^18 · 5 ms is past the maximum already; stop before the power grows without need.
  if (failures >= 18) return RATE_LIMIT_MAX_MS;
  return Math.min(RATE_LIMIT_MAX_MS, RATE_LIMIT_BASE_MS * 2 ** failures);
}

export class FailureCounts {
  private counts: Record<string, number> | undefined;

  constructor(private readonly state: Pick<ComponentState, 'get' | 'set' | 'delete'>) {}

  private load(): Record<string, number> {
    this.counts ??= this.state.get<Record<string, number>>(STATE_KEY) ?? {};
    return this.counts;
  }

  /** queue.NumRequeues(key): the failures since the key's last successful sync. */
  numRequeues(key: string): number {
    return getOwn(this.load(), key) ?? 0;
  }

  /** queue.AddRateLimited(key): counts a failure and returns how long to wait before the retry. */
  fail(key: string): number {
    const counts = this.load();
    const n = getOwn(counts, key) ?? 0;
    setOwn(counts, key, n + 1);
    this.save();
    return rateLimitedDelay(n);
  }

  /** queue.Forget(key). */
  forget(key: string): void {
    const counts = this.load();
    if (!hasOwn(counts, key)) return;
    delete counts[key];
    this.save();
  }

  private save(): void {
    const counts = this.load();
    if (Object.keys(counts).length === 0) this.state.delete(STATE_KEY);
    else this.state.set(STATE_KEY, counts);
  }
}
