/**
 * The annotation and label keys the Deployment controller maintains on Deployments, ReplicaSets
 * and their pods (deploymentutil's constants and apps/v1's DefaultDeploymentUniqueLabelKey).
 */
import { LAST_APPLIED_ANNOTATION } from '../../kubectl-annotations.js';

/** The revision of a ReplicaSet (and the Deployment's current one): "1", "2", ... */
export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
/** Older revision numbers a revived ReplicaSet used to have, comma-separated: "1,3". */
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
/** The Deployment's spec.replicas when the controller last sized this ReplicaSet. */
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
/** spec.replicas + maxSurge when the controller last sized this ReplicaSet (proportional scaling). */
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';
/** The legacy in-controller rollback request (extensions/v1beta1 rollback subresource). */
export const ROLLBACK_TO_ANNOTATION = 'deprecated.deployment.rollback.to';

/** The label that makes each ReplicaSet's selector (and its pods) unique to its template. */
export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash';

/**
 * The annotations of a Deployment itself rather than of a revision of its template (upstream's
 * annotationsToSkip, in deploymentutil and again in kubectl's rollback.go): the controller never
 * copies them onto a ReplicaSet, and a rollback (the controller's or `rollout undo`) keeps the
 * Deployment's own values. Iterated in this order where the order shows (undo's patch).
 */
export const DEPLOYMENT_OWN_ANNOTATIONS: ReadonlySet<string> = new Set([
  LAST_APPLIED_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  ROLLBACK_TO_ANNOTATION,
]);
