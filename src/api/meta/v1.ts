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
 * through the typed model. The two types do not convert by themselves: a KubeObject's kind fields
 * are typed (`unknown` beyond them), so it is not a JsonObject; a JsonObject need not carry
 * apiVersion, kind or metadata, so it is not a KubeObject. Rather than a cast at every border:
 *  - objectJson: a KubeObject (or any part of the model, e.g. a status) read as the JSON it is.
 *    Every one is parsed JSON or built from JSON values, so only its being an object is checked;
 *    the result is both types at once.
 *  - isKubeObject: a JSON value that carries an object's identity (apiVersion and kind strings,
 *    metadata an object), checked; for values that must be objects.
 *  - unverifiedKubeObject: a JSON value on its way to the API server's own checks (a manifest or
 *    a generated object being submitted, a patch result): typed as an object before anything
 *    checked it. Its apiVersion, kind and metadata may be missing or of any type, which is why
 *    the API server reads those defensively (checkName, decoding, validation) and answers with
 *    the error kube-apiserver gives. The one unchecked conversion of src/.
 */

/** A KubeObject (or another object of the model) as the JSON object it is. */
export function objectJson<T extends object>(o: T): T & JsonObject {
  if (!isJsonObject(o)) throw new Error('internal error: an API object is not a JSON object');
  return o;
}

/** Whether a JSON value is an object with apiVersion, kind and metadata. */
export function isKubeObject(v: JsonValue | undefined): v is JsonObject & KubeObject {
  return isJsonObject(v) && typeof v['apiVersion'] === 'string' && typeof v['kind'] === 'string' && isJsonObject(v['metadata']);
}

/** A JSON value the API server is about to check, typed as the object it claims to be (see above). */
export function unverifiedKubeObject(v: JsonValue): KubeObject {
  return v as KubeObject;
}
