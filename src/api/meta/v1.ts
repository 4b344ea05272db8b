/**
 * meta/v1: the object metadata every kind shares (k8s.io/apimachinery/pkg/apis/meta/v1/types.go),
 * as far as kubemu reads and writes it. Kinds extend KubeObject in src/api/<group>/<version>/.
 */

/** metav1.OwnerReference. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** metav1.ObjectMeta, the fields kubemu reads and writes; anything else is carried as JSON. */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  [key: string]: unknown;
}

/**
 * A Kubernetes object as JSON. Kind-specific fields stay untyped here; the kinds in src/api/ type
 * the fields kubemu reads (Pod, Deployment, ...) and narrow a KubeObject to them.
 */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [key: string]: unknown;
}
