/**
 * API errors shaped like metav1.Status, so the CLI can print them the way kubectl's
 * checkErr does (`Error from server (NotFound): ...`, `The X "y" is invalid: ...`).
 */

/** metav1.StatusReason values kubemu produces. */
export type StatusReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'BadRequest'
  | 'Forbidden'
  | 'MethodNotAllowed'
  | 'UnsupportedMediaType'
  | 'InternalError'
  | 'Timeout'
  | 'Gone'
  | 'Expired'
  | 'TooManyRequests'
  /** metav1.StatusReasonUnknown: kubectl prints `Error from server: <message>` */
  | '';

/** One field error of an Invalid status (metav1.StatusCause). */
export interface StatusCause {
  /** e.g. FieldValueInvalid, FieldValueRequired, FieldValueForbidden. */
  reason: string;
  /** the full message of the cause, e.g. `Invalid value: 0: must be ...` */
  message: string;
  /** the field path, e.g. spec.template.metadata.labels */
  field: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  causes?: StatusCause[];
  /** the Retry-After a 429 suggests (StatusDetails.retryAfterSeconds) */
  retryAfterSeconds?: number;
}

export class StatusError extends Error {
  constructor(
    readonly reason: StatusReason,
    readonly code: number,
    message: string,
    readonly details?: StatusDetails,
  ) {
    super(message);
    this.name = 'StatusError';
  }
}

/** `<resource>.<group>` as used in API messages: `deployments.apps`, `pods`. */
export function qualifiedResource(resource: string, group: string): string {
  return group ? `${resource}.${group}` : resource;
}

export function notFound(resource: string, group: string, name: string): StatusError {
  return new StatusError('NotFound', 404, `${qualifiedResource(resource, group)} "${name}" not found`, {
    name,
    group,
    kind: resource,
  });
}

/** apierrors.NewForbidden: `<resource> "<name>" is forbidden: <why>` (no quotes for an empty name). */
export function forbidden(resource: string, group: string, name: string, why: string, causes?: StatusCause[]): StatusError {
  const qr = qualifiedResource(resource, group);
  const message = name ? `${qr} "${name}" is forbidden: ${why}` : `${qr} is forbidden: ${why}`;
  return new StatusError('Forbidden', 403, message, { name, group, kind: resource, ...(causes ? { causes } : {}) });
}

/** v1.NamespaceTerminatingCause. */
export const NAMESPACE_TERMINATING_CAUSE = 'NamespaceTerminating';

/** NamespaceLifecycle admission's refusal of a create in a namespace being deleted. */
export function namespaceTerminating(resource: string, group: string, name: string, ns: string): StatusError {
  return forbidden(resource, group, name, `unable to create new content in namespace ${ns} because it is being terminated`, [
    { reason: NAMESPACE_TERMINATING_CAUSE, message: `namespace ${ns} is being terminated`, field: 'metadata.namespace' },
  ]);
}

export function alreadyExists(resource: string, group: string, name: string): StatusError {
  return new StatusError('AlreadyExists', 409, `${qualifiedResource(resource, group)} "${name}" already exists`, {
    name,
    group,
    kind: resource,
  });
}

export function conflict(resource: string, group: string, name: string, why: string): StatusError {
  return new StatusError(
    'Conflict',
    409,
    `Operation cannot be fulfilled on ${qualifiedResource(resource, group)} "${name}": ${why}`,
    { name, group, kind: resource },
  );
}

/** The optimistic-concurrency message kube-apiserver returns for a stale resourceVersion. */
export const OBJECT_MODIFIED =
  'the object has been modified; please apply your changes to the latest version and try again';

/**
 * An Invalid (422) error. `kind` is the object's Kind (`ReplicaSet`), as kube-apiserver's
 * NewInvalid puts it in details; the message lists every cause.
 */
export function invalid(kind: string, group: string, name: string, causes: StatusCause[]): StatusError {
  const list = causes.map((c) => (c.field ? `${c.field}: ${c.message}` : c.message));
  const qualified = group ? `${kind}.${group}` : kind;
  const msg =
    list.length === 1
      ? `${qualified} "${name}" is invalid: ${list[0]}`
      : `${qualified} "${name}" is invalid: [${list.join(', ')}]`;
  return new StatusError('Invalid', 422, msg, { name, group, kind, causes });
}

/**
 * The watch cache's answer to a watch from a revision it no longer holds (watch_cache.go
 * getAllEventsSinceLocked): 410 Expired, `too old resource version: <requested> (<oldest kept - 1>)`.
 */
export function resourceExpired(requested: number, compacted: number): StatusError {
  return new StatusError('Expired', 410, `too old resource version: ${requested} (${compacted})`);
}

/** apierrors.NewTooManyRequests: 429, the message as given, and the Retry-After it suggests. */
export function tooManyRequests(message: string, retryAfterSeconds: number, causes: StatusCause[] = []): StatusError {
  return new StatusError('TooManyRequests', 429, message, { ...(retryAfterSeconds ? { retryAfterSeconds } : {}), causes });
}

export function badRequest(message: string): StatusError {
  return new StatusError('BadRequest', 400, message);
}

/**
 * kubectl's AddSourceToErr: an API error's message gains `error when <verb> "<source>": `.
 * Details stay, so an Invalid error still prints as `The Kind "name" is invalid: ...`.
 */
export function withSource(e: StatusError, verb: string, source: string): StatusError {
  return new StatusError(e.reason, e.code, `error when ${verb} "${source}": ${e.message}`, e.details);
}
