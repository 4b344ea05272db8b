/**
 * The annotations kubectl itself writes on objects (k8s.io/api/core/v1 annotation_key_constants.go
 * and kubectl's polymorphichelpers); the API server and the controllers read some of them too.
 */

/** What `kubectl apply` last applied (corev1.LastAppliedConfigAnnotation); never copied to ReplicaSets. */
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
/** The description of a revision that `rollout history` shows (`--record`, `annotate`). */
export const CHANGE_CAUSE_ANNOTATION = 'kubernetes.io/change-cause';
/** The pod-template annotation `rollout restart` sets to the current time. */
export const RESTARTED_AT_ANNOTATION = 'kubectl.kubernetes.io/restartedAt';
