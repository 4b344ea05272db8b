import { klogFor } from '../../logs/klog.js';
import type { ControllerContext, SyncFailure } from '../framework/controller.js';
import { logUnhandledError } from '../framework/sync-errors.js';

/**
 * The deployment controller's handleErr (deployment_controller.go): a failed sync is logged at
 * V(2) and retried with the work queue's rate-limited back-off (the control plane schedules it)
 * until it has been retried maxRetries = 15 times (5 ms · 2^14 ≈ 82 s after the first failure);
 * then the error goes to HandleError and the Deployment is dropped from the queue until its next
 * change. (A namespace being deleted is dropped before this, by the control plane.)
 */
export const MAX_RETRIES = 15;

export function deploymentSyncFailed(f: SyncFailure, ctx: ControllerContext): 'retry' | 'forget' {
  const log = klogFor(ctx);
  if (f.requeues < MAX_RETRIES) {
    log.info(2, 'deployment_controller.go:511', 'Error syncing deployment', [['deployment', f.key], ['err', f.message]]);
    return 'retry';
  }
  logUnhandledError(log, 'deployment_controller.go:516', f.message);
  log.info(2, 'deployment_controller.go:517', 'Dropping deployment out of the queue', [['deployment', f.key], ['err', f.message]]);
  return 'forget';
}
