/**
 * The condition types and reasons of apps/v1 Deployments and ReplicaSets that kubemu writes and
 * reads (k8s.io/api/apps/v1 types.go and deploymentutil's reasons).
 */

/** ConditionStatus of a condition: metav1-style `True`, `False` or `Unknown`. */
export type ConditionStatus = 'True' | 'False' | 'Unknown';

/** Deployment condition type: enough pods are available (replicas − maxUnavailable). */
export const AVAILABLE = 'Available';
/** Deployment condition type: the state of the current rollout. */
export const PROGRESSING = 'Progressing';
/**
 * Condition type of a ReplicaSet that could not create or delete pods; a Deployment copies it
 * from its new ReplicaSet (DeploymentReplicaFailure and ReplicaSetReplicaFailure share the name).
 */
export const REPLICA_FAILURE = 'ReplicaFailure';

/** Progressing=True: the new ReplicaSet was just created. */
export const NEW_RS_CREATED = 'NewReplicaSetCreated';
/** Progressing=True: an existing ReplicaSet was found to be the new one (first sync). */
export const FOUND_NEW_RS = 'FoundNewReplicaSet';
/** Progressing=True: the rollout moved (more updated/ready/available pods, fewer old ones). */
export const RS_UPDATED = 'ReplicaSetUpdated';
/** Progressing=True: the rollout finished; the new ReplicaSet has everything. */
export const NEW_RS_AVAILABLE = 'NewReplicaSetAvailable';
/** Progressing=False: no progress for progressDeadlineSeconds (`rollout status` fails on it). */
export const TIMED_OUT = 'ProgressDeadlineExceeded';
/** Progressing=False: creating the new ReplicaSet failed. */
export const RS_CREATE_ERROR = 'ReplicaSetCreateError';
/** Progressing=Unknown: spec.paused is true. */
export const PAUSED = 'DeploymentPaused';
/** Progressing=Unknown: the Deployment was paused and has been resumed. */
export const RESUMED = 'DeploymentResumed';
/** Available=True. */
export const MIN_REPLICAS_AVAILABLE = 'MinimumReplicasAvailable';
/** Available=False. */
export const MIN_REPLICAS_UNAVAILABLE = 'MinimumReplicasUnavailable';

/** ReplicaFailure reason of a ReplicaSet whose pods could not be created. */
export const REASON_FAILED_CREATE = 'FailedCreate';
/** ReplicaFailure reason of a ReplicaSet whose pods could not be deleted. */
export const REASON_FAILED_DELETE = 'FailedDelete';
