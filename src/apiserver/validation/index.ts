import type { StatusCause } from '../errors.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { toCause, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { nameIsDNSSubdomain } from './name-formats.js';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';
import { validateDeploymentCreate, validateDeploymentUpdate } from './deployment.js';
import { validateReplicaSetCreate, validateReplicaSetUpdate } from './replicaset.js';
import { validatePodCreate, validatePodUpdate } from './pod.js';
import { validateServiceCreate, validateServiceUpdate } from './service.js';
import { validateConfigMapCreate, validateConfigMapUpdate, validateSecretCreate, validateSecretUpdate } from './config-data.js';
import { validateNamespaceCreate, validateNamespaceUpdate } from './namespace.js';
import { validatePdbCreate, validatePdbUpdate } from './pod-disruption-budget.js';
import { validateHpaCreate, validateHpaUpdate } from './horizontal-pod-autoscaler.js';
import { validateNodeCreate, validateNodeUpdate } from './node.js';
import { validateImageRepositoryCreate, validateImageRepositoryUpdate } from './imagerepository.js';
import { validateMetricSourceCreate, validateMetricSourceUpdate } from './metric-source.js';

/**
 * Entry points used by admission: the causes kube-apiserver would put in its Invalid status
 * for a create or an update, in upstream order. Objects are expected to be defaulted first
 * (see ../defaults), as kube-apiserver decodes-and-defaults before it validates.
 */

type CreateRule = (obj: KubeObject) => FieldError[];
type UpdateRule = (obj: KubeObject, old: KubeObject) => FieldError[];

const RULES: Record<string, { create: CreateRule; update: UpdateRule }> = {
  'apps/Deployment': { create: validateDeploymentCreate, update: validateDeploymentUpdate },
  'apps/ReplicaSet': { create: validateReplicaSetCreate, update: validateReplicaSetUpdate },
  '/Pod': { create: validatePodCreate, update: validatePodUpdate },
  '/Service': { create: validateServiceCreate, update: validateServiceUpdate },
  '/ConfigMap': { create: validateConfigMapCreate, update: validateConfigMapUpdate },
  '/Secret': { create: validateSecretCreate, update: validateSecretUpdate },
  '/Namespace': { create: validateNamespaceCreate, update: validateNamespaceUpdate },
  'policy/PodDisruptionBudget': { create: validatePdbCreate, update: validatePdbUpdate },
  'autoscaling/HorizontalPodAutoscaler': { create: validateHpaCreate, update: validateHpaUpdate },
  '/Node': { create: validateNodeCreate, update: validateNodeUpdate },
  'kubemu.io/ImageRepository': { create: validateImageRepositoryCreate, update: validateImageRepositoryUpdate },
  'kubemu.io/MetricSource': { create: validateMetricSourceCreate, update: validateMetricSourceUpdate },
};

function groupOf(apiVersion: string): string {
  return apiVersion.includes('/') ? apiVersion.split('/')[0] ?? '' : '';
}

function rulesFor(obj: KubeObject): { create: CreateRule; update: UpdateRule } | undefined {
  return RULES[`${groupOf(obj.apiVersion ?? '')}/${obj.kind}`];
}

/** Kinds without specific rules still get ObjectMeta validation (DNS-1123 subdomain names). */
function genericCreate(obj: KubeObject): FieldError[] {
  return validateObjectMeta(obj.metadata, Boolean(obj.metadata.namespace), nameIsDNSSubdomain, FieldPath.root('metadata'));
}

export function validateCreate(obj: KubeObject): StatusCause[] {
  const errs = (rulesFor(obj)?.create ?? genericCreate)(obj);
  return errs.map(toCause);
}

export function validateUpdate(obj: KubeObject, old: KubeObject): StatusCause[] {
  const rule = rulesFor(obj)?.update;
  const errs = rule ? rule(obj, old) : validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata'));
  return errs.map(toCause);
}

export { errorBody, toCause, type FieldError } from './field-error.js';
