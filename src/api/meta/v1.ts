/**
 * meta/v1: the object metadata every kind shares (k8s.io/apimachinery/pkg/apis/meta/v1/types.go),
 * as far as kubemu reads and writes it. Kinds extend KubeObject in src/api/<group>/<version>/.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../common/json.js';

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

/*
 * JSON ↔ KubeObject, once for every kind.
 *
 * Objects travel as JSON (request bodies, manifests, the keyspace, patches, printers) and are read
 * through the typed model. The two types do not convert by themselves: a KubeObject's fields are
 * typed (`unknown` beyond the model), so it is not a JsonObject; a JsonObject need not carry
 * apiVersion, kind or metadata, so it is not a KubeObject. Instead of a cast at every border:
 *  - objectJson: a KubeObject (or another part of the model, e.g. a status) read as the JSON it
 *    is. Every one was parsed from JSON or built from JSON values, so only its being an object
 *    is checked (at run time, by isJsonObject); the result has both types at once.
 *  - unverifiedKubeObject: a JSON value on its way to the API server's own checks (a manifest or
 *    a generated object being submitted, a patch result), typed as the object it claims to be.
 *    Its apiVersion, kind and metadata may be missing or of any type: the API server reads them
 *    defensively (decoding, checkName, validation) and answers with kube-apiserver's error. It is
 *    the one unchecked conversion of src/, and the place to add a check if one is ever wanted.
 * The kinds narrow a KubeObject further by kind (src/api/apps/v1: asDeployment, asReplicaSet).
 */

/** A KubeObject (or another object of the model) as the JSON object it is. */
export function objectJson<T extends object>(o: T): T & JsonObject {
  if (!isJsonObject(o)) throw new Error('internal error: an API object is not a JSON object');
  return o;
}

/** A JSON value the API server is about to check, typed as the object it claims to be (see above). */
export function unverifiedKubeObject(v: JsonValue): KubeObject {
  return v as KubeObject;
}

/** intstr.IntOrString (k8s.io/apimachinery/pkg/util/intstr): `1` or `"25%"`, a port number or a named port. */
export type IntOrString = number | string;
