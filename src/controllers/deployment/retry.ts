import { StatusError } from '../../apiserver/errors.js';
import type { ControllerContext } from '../framework/controller.js';

/**
 * The work queue's rate-limited retry for errors the control plane does not retry itself
 * (it retries Conflict, NotFound and AlreadyExists 5 ms later): exponential backoff from 5 ms
 * per key, given up after maxRetries = 15 as upstream's handleErr does. A successful sync
 * forgets the key's failures.
 */
const MAX_RETRIES = 15;
const BASE_DELAY_MS = 5;
const MAX_DELAY_MS = 1000 * 1000;

/** Whether the control plane's own Conflict/NotFound/AlreadyExists retry covers this error. */
function retriedByControlPlane(e: unknown): boolean {
  return e instanceof StatusError && (e.reason === 'Conflict' || e.reason === 'NotFound' || e.reason === 'AlreadyExists');
}

/** Runs one sync of key with upstream's error handling. */
export function withRetries(ctx: ControllerContext, key: string, sync: () => void): void {
  const stateKey = `failures:${key}`;
  try {
    sync();
    if (ctx.state.get<number>(stateKey) !== undefined) ctx.state.delete(stateKey);
  } catch (e) {
    if (retriedByControlPlane(e)) throw e;
    // A Deployment in a terminating namespace: nothing to retry.
    if (e instanceof StatusError && e.message.includes('because it is being terminated')) {
      ctx.state.delete(stateKey);
      return;
    }
    const failures = ctx.state.get<number>(stateKey) ?? 0;
    if (failures >= MAX_RETRIES) {
      ctx.state.delete(stateKey);
      return;
    }
    ctx.state.set(stateKey, failures + 1);
    ctx.requeueAfter(key, Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** failures));
  }
}
