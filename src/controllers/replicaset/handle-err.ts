import { goQuote, klogFor } from '../../logs/klog.js';
import type { ControllerContext, SyncFailure } from '../framework/controller.js';
import { logUnhandledError } from '../framework/sync-errors.js';

/**
 * processNextWorkItem's error path (replica_set.go): every failed sync goes to HandleError as
 * `sync "<key>" failed with <err>` and the key is retried with the rate-limited back-off, with
 * no limit on the retries.
 */
export function replicaSetSyncFailed(f: SyncFailure, ctx: ControllerContext): 'retry' {
  logUnhandledError(klogFor(ctx), 'replica_set.go:640', `sync ${goQuote(f.key)} failed with ${f.message}`);
  return 'retry';
}
