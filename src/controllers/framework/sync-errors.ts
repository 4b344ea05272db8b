import { StatusError } from '../../apiserver/errors.js';
import { structuredText, type Klog } from '../../logs/klog.js';
import { isNamespaceTerminating } from './api-errors.js';
import type { Controller, ControllerContext } from './controller.js';
import type { FailureCounts } from './rate-limiter.js';
import { isStorageFailure } from '../../storage/cluster-file-errors.js';

/**
 * What happens when a controller's sync throws, in one place (upstream: each controller's
 * processNextWorkItem / handleErr). A failed sync never stops the control-plane step: the other
 * keys and controllers of the instant still run, and what the sync wrote before it failed stays
 * written, as a real controller's earlier API calls stay made.
 *
 * - a write refused because the namespace is being deleted: the key is dropped (deployment
 *   controller's handleErr; retrying cannot help, the namespace goes away);
 * - any other API error (Conflict, NotFound, Forbidden, Invalid, ...): the controller logs it as
 *   upstream does and the key is retried with the work queue's rate-limited back-off;
 * - anything else is a bug in the emulation: said once on stderr (kubemu's own words, no stack
 *   trace), then handled like an API error, so the rest of the cluster keeps working.
 */
export function handleSyncError(
  controller: Controller,
  ctx: ControllerContext,
  failures: FailureCounts,
  key: string,
  error: unknown,
  reportInternal: (text: string, error: unknown) => void,
): void {
  // The file failed (disk full, damage, read-only, lock timeout): the step's transaction rolls back
  // and the command says so; retrying the key would hide it as a bug of the controller.
  if (isStorageFailure(error)) throw error;
  if (isNamespaceTerminating(error)) {
    failures.forget(key);
    return;
  }
  const requeues = failures.numRequeues(key);
  const message = error instanceof Error ? error.message : String(error);
  // Once per run of failures: the retries of the same key stay quiet.
  if (!(error instanceof StatusError) && requeues === 0) reportInternal(internalErrorText(controller.name, key, message), error);
  const verdict = controller.syncFailed?.({ key, error, message, requeues }, ctx) ?? 'retry';
  if (verdict === 'forget') {
    failures.forget(key);
    return;
  }
  ctx.requeueAfter(key, failures.fail(key));
}

/**
 * The stderr line for a bug met while syncing:
 *   `kubemu: internal error in replicaset-controller syncing "default/hello-6474c95c86" (retrying with back-off): x is not a function`
 */
export function internalErrorText(controller: string, key: string, message: string): string {
  return `kubemu: internal error in ${controller} syncing ${JSON.stringify(key)} (retrying with back-off): ${message}\n`;
}

/**
 * The stderr line for a bug met in a controller's event handlers:
 *   `kubemu: internal error in kubelet handling MODIFIED /registry/pods/default/web (event skipped): x is not a function`
 */
export function internalHandlerErrorText(controller: string, event: string, message: string): string {
  return `kubemu: internal error in ${controller} handling ${event} (event skipped): ${message}\n`;
}

/**
 * utilruntime.HandleError(err) in the controller-manager's log: an error line whatever the
 * verbosity, from the caller's source line, e.g.
 *   `E1026 19:00:10.001058       1 replica_set.go:640] "Unhandled Error" err="sync \"t/web-5d8f\" failed with ..." logger="UnhandledError"`
 */
export function logUnhandledError(log: Klog, source: string, err: string): void {
  log.write('E', source, structuredText('Unhandled Error', [['err', err], ['logger', 'UnhandledError']]));
}
