import { jsonEqual, type JsonValue } from '../common/json.js';
import type { KubeObject } from '../api/meta/v1.js';
import { asNamespace } from '../api/core/v1/namespace.js';
import type { ResourceInfo } from './resources.js';
import { emptyPdbStatus } from '../api/policy/v1/pod-disruption-budget.js';
import { isJsonObject } from '../common/json.js';
import { mergeMatchLabelKeys } from './match-label-keys.js';
import { dropHpaTolerance } from './hpa-tolerance.js';

/**
 * Per-kind rules of kube-apiserver's registry strategies (pkg/registry/<group>/<kind>/strategy.go):
 * what a create resets and how an update sets metadata.generation.
 */

/** Kinds whose metadata.generation the API server maintains. Pods since PodGeneration (beta in 1.34). */
const GENERATION_KINDS = new Set(['Deployment', 'ReplicaSet', 'Pod', 'Namespace', 'PodDisruptionBudget']);

function tracksGeneration(info: ResourceInfo): boolean {
  return GENERATION_KINDS.has(info.kind) && info.kind !== 'Namespace';
}

/** PrepareForCreate: status is not settable on create for resources with a status subresource. */
export function prepareForCreate(obj: KubeObject, info: ResourceInfo): void {
  if (tracksGeneration(info)) obj.metadata.generation = 1;
  if (info.kind === 'Namespace') {
    // The namespace registry: every namespace starts with the `kubernetes` finalizer, which
    // only the namespace controller removes (through the finalize subresource).
    const ns = asNamespace(obj);
    ns.spec = { ...ns.spec, finalizers: ['kubernetes'] };
  }
  if (info.kind === 'Pod' && info.group === '' && isJsonObject(obj['spec'])) mergeMatchLabelKeys(obj['spec'], obj.metadata.labels);
  if (!info.hasStatus) return;
  switch (info.kind) {
    case 'Deployment':
      obj['status'] = {};
      break;
    case 'ReplicaSet':
      // ReplicaSetStatus.replicas has no omitempty: a new ReplicaSet reads `status: {replicas: 0}`.
      obj['status'] = { replicas: 0 };
      break;
    case 'Pod':
      obj['status'] = { phase: 'Pending' };
      break;
    case 'Service':
      obj['status'] = { loadBalancer: {} };
      break;
    case 'PodDisruptionBudget':
      // The poddisruptionbudget strategy resets status to the zero struct, whose ints have no omitempty.
      obj['status'] = { ...emptyPdbStatus() };
      break;
    case 'HorizontalPodAutoscaler':
      // The zero v2 status: desiredReplicas and currentMetrics have no omitempty. No generation in
      // 1.33 (HPAGeneration came later); the alpha spec.behavior.*.tolerance is dropped (gate off).
      obj['status'] = { desiredReplicas: 0, currentMetrics: null };
      dropHpaTolerance(obj, undefined);
      break;
    default:
      break;
  }
}

/**
 * PrepareForUpdate on the main resource: status comes from the stored object, and generation
 * goes up by one when the spec changed — for Deployments also when annotations changed (the
 * deployment strategy treats an annotation change like a spec change, e.g. a rollback request).
 */
export function prepareForUpdate(obj: KubeObject, old: KubeObject, info: ResourceInfo): void {
  if (info.hasStatus) {
    if (old['status'] === undefined) delete obj['status'];
    else obj['status'] = old['status'];
  }
  if (info.kind === 'Namespace') {
    // spec.finalizers changes only through the finalize subresource.
    const oldFinalizers = asNamespace(old).spec?.finalizers;
    const spec = { ...asNamespace(obj).spec };
    if (oldFinalizers === undefined) delete spec.finalizers;
    else spec.finalizers = oldFinalizers;
    obj['spec'] = spec;
  }
  if (info.kind === 'HorizontalPodAutoscaler') dropHpaTolerance(obj, old);
  if (!tracksGeneration(info)) return;
  const oldGen = old.metadata.generation ?? 1;
  const specChanged = !jsonEqual(obj['spec'] as JsonValue, old['spec'] as JsonValue);
  const annotationsChanged =
    info.kind === 'Deployment' &&
    !jsonEqual(obj.metadata.annotations ?? {}, old.metadata.annotations ?? {});
  obj.metadata.generation = specChanged || annotationsChanged ? oldGen + 1 : oldGen;
}

/**
 * PrepareForUpdate on the status subresource: only status changes — except that the deployment
 * status strategy resets just spec and labels, so annotations sent with a Deployment's status
 * are kept (the deployment controller writes `deployment.kubernetes.io/revision` this way,
 * without bumping generation).
 */
export function prepareForStatusUpdate(obj: KubeObject, old: KubeObject): KubeObject {
  // Shallow: the stored object is never changed in place, only its top level and metadata here.
  const merged: KubeObject = { ...old, metadata: { ...old.metadata } };
  if (obj['status'] === undefined) delete merged['status'];
  else merged['status'] = obj['status'];
  if (old.kind === 'Deployment') {
    if (obj.metadata.annotations === undefined) delete merged.metadata.annotations;
    else merged.metadata.annotations = structuredClone(obj.metadata.annotations);
  }
  merged.metadata.resourceVersion = obj.metadata.resourceVersion;
  return merged;
}
