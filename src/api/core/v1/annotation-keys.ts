/**
 * Annotation keys of core objects (k8s.io/api/core/v1/annotation_key_constants.go and kubectl's
 * own), each declared once.
 */

/** An int32 that lets users steer which pods a ReplicaSet scale-down removes first (lower first). */
export const POD_DELETION_COST_ANNOTATION = 'controller.kubernetes.io/pod-deletion-cost';

/** The kubelet's mirror-pod annotation: the config hash of the static pod a mirror pod stands for. */
export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';


/** The service account a service-account-token Secret belongs to (required on such Secrets). */
export const SERVICE_ACCOUNT_NAME_ANNOTATION = 'kubernetes.io/service-account.name';
