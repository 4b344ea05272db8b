import type { JsonObject } from '../../common/json.js';
import { ensureObj, objField, strField } from '../validation/json-fields.js';
import { defaultPodTemplateSpec } from './pod-spec.js';

/**
 * apps/v1 SetDefaults_Deployment: replicas 1, strategy RollingUpdate with maxSurge and
 * maxUnavailable "25%" (strings) when unset, revisionHistoryLimit 10,
 * progressDeadlineSeconds 600. Nothing is added to a Recreate strategy.
 */
export function defaultDeployment(obj: JsonObject): void {
  const spec = ensureObj(obj, 'spec');
  if (typeof spec['replicas'] !== 'number') spec['replicas'] = 1;
  const strategy = ensureObj(spec, 'strategy');
  if (!strField(strategy, 'type')) strategy['type'] = 'RollingUpdate';
  if (strategy['type'] === 'RollingUpdate') {
    const ru = ensureObj(strategy, 'rollingUpdate');
    if (ru['maxUnavailable'] === undefined || ru['maxUnavailable'] === null) ru['maxUnavailable'] = '25%';
    if (ru['maxSurge'] === undefined || ru['maxSurge'] === null) ru['maxSurge'] = '25%';
  }
  if (typeof spec['revisionHistoryLimit'] !== 'number') spec['revisionHistoryLimit'] = 10;
  if (typeof spec['progressDeadlineSeconds'] !== 'number') spec['progressDeadlineSeconds'] = 600;
  defaultPodTemplateSpec(ensureObj(spec, 'template'));
}

/** apps/v1 SetDefaults_ReplicaSet: replicas 1. */
export function defaultReplicaSet(obj: JsonObject): void {
  const spec = ensureObj(obj, 'spec');
  if (typeof spec['replicas'] !== 'number') spec['replicas'] = 1;
  defaultPodTemplateSpec(ensureObj(spec, 'template'));
}

/** apps/v1 SetDefaults_DaemonSet: RollingUpdate with maxUnavailable 1 and maxSurge 0, history 10. */
export function defaultDaemonSet(obj: JsonObject): void {
  const spec = ensureObj(obj, 'spec');
  const strategy = ensureObj(spec, 'updateStrategy');
  if (!strField(strategy, 'type')) strategy['type'] = 'RollingUpdate';
  if (strategy['type'] === 'RollingUpdate') {
    const ru = ensureObj(strategy, 'rollingUpdate');
    if (ru['maxUnavailable'] === undefined) ru['maxUnavailable'] = 1;
    if (ru['maxSurge'] === undefined) ru['maxSurge'] = 0;
  }
  if (typeof spec['revisionHistoryLimit'] !== 'number') spec['revisionHistoryLimit'] = 10;
  defaultPodTemplateSpec(ensureObj(spec, 'template'));
}

/**
 * apps/v1 SetDefaults_StatefulSet: OrderedReady, RollingUpdate with partition 0, replicas 1,
 * history 10, PVC retention Retain/Retain.
 */
export function defaultStatefulSet(obj: JsonObject): void {
  const spec = ensureObj(obj, 'spec');
  if (!strField(spec, 'podManagementPolicy')) spec['podManagementPolicy'] = 'OrderedReady';
  const strategy = ensureObj(spec, 'updateStrategy');
  if (!strField(strategy, 'type')) strategy['type'] = 'RollingUpdate';
  if (strategy['type'] === 'RollingUpdate') {
    const ru = ensureObj(strategy, 'rollingUpdate');
    if (ru['partition'] === undefined) ru['partition'] = 0;
  }
  if (typeof spec['replicas'] !== 'number') spec['replicas'] = 1;
  if (typeof spec['revisionHistoryLimit'] !== 'number') spec['revisionHistoryLimit'] = 10;
  const retention = ensureObj(spec, 'persistentVolumeClaimRetentionPolicy');
  if (!strField(retention, 'whenDeleted')) retention['whenDeleted'] = 'Retain';
  if (!strField(retention, 'whenScaled')) retention['whenScaled'] = 'Retain';
  defaultPodTemplateSpec(ensureObj(spec, 'template'));
}

/** Any other object with a pod template (Job, CronJob's jobTemplate…) still gets PodSpec defaults. */
export function defaultEmbeddedTemplate(obj: JsonObject): void {
  const template = objField(objField(obj, 'spec'), 'template');
  if (template) defaultPodTemplateSpec(template);
}
