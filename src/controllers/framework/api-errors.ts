import { NAMESPACE_TERMINATING_CAUSE, StatusError } from '../../apiserver/errors.js';

/**
 * v1.NamespaceTerminatingCause: the cause kube-apiserver's NamespaceLifecycle admission adds to
 * the Forbidden it returns for a create in a namespace being deleted.
 */
export { NAMESPACE_TERMINATING_CAUSE };

/**
 * apierrors.HasStatusCause(err, v1.NamespaceTerminatingCause): a write refused because its
 * namespace is being deleted. Nothing a controller can do about it helps (the namespace will not
 * come back), so upstream drops such items instead of retrying them. The message is looked at
 * too, for an API server that answers without the cause.
 */
export function isNamespaceTerminating(e: unknown): boolean {
  if (!(e instanceof StatusError) || e.reason !== 'Forbidden') return false;
  if ((e.details?.causes ?? []).some((c) => c.reason === NAMESPACE_TERMINATING_CAUSE)) return true;
  return e.message.includes('because it is being terminated');
}
