/**
 * The annotation and label keys the rollout subcommands read and write (kubectl's
 * deploymentutil constants and corev1.LastAppliedConfigAnnotation).
 */

/** A ReplicaSet's (and its Deployment's) revision number, written by the deployment controller. */
export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
/** The earlier revisions a revived ReplicaSet had, comma-separated. */
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
/** spec.replicas of the Deployment when the controller last scaled the ReplicaSet. */
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
/** replicas + maxSurge when the controller last scaled the ReplicaSet. */
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';
/** The legacy extensions/v1beta1 rollback request. */
export const DEPRECATED_ROLLBACK_TO = 'deprecated.deployment.rollback.to';
/** The description of a revision that `rollout history` shows. */
export const CHANGE_CAUSE_ANNOTATION = 'kubernetes.io/change-cause';
/** What `kubectl apply` last applied; its presence makes `rollout undo` warn. */
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
/** The template annotation `rollout restart` sets to the current time. */
export const RESTARTED_AT_ANNOTATION = 'kubectl.kubernetes.io/restartedAt';
/** The label the controller adds to a ReplicaSet's selector and template. */
export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash';

/**
 * rollback.go annotationsToSkip: the Deployment keeps its own values of these on undo; every
 * other annotation comes from the ReplicaSet of the revision.
 */
export const ROLLBACK_KEEP_ANNOTATIONS: readonly string[] = [
  LAST_APPLIED_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  DEPRECATED_ROLLBACK_TO,
];
