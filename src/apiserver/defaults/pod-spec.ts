import type { JsonObject } from '../../common/json.js';
import { ensureObj, objField, objList, strField } from '../validation/json-fields.js';
import { defaultContainer } from './container.js';
import { defaultVolume } from './volume.js';

/**
 * SetDefaults_PodSpec, applied to every PodSpec: real Pods and the templates of Deployments,
 * ReplicaSets, Jobs… Fields defaulted only on real Pods live in pod.ts.
 */
export function defaultPodSpec(spec: JsonObject): void {
  if (!strField(spec, 'dnsPolicy')) spec['dnsPolicy'] = 'ClusterFirst';
  if (!strField(spec, 'restartPolicy')) spec['restartPolicy'] = 'Always';
  if (!objField(spec, 'securityContext')) spec['securityContext'] = {};
  if (typeof spec['terminationGracePeriodSeconds'] !== 'number') spec['terminationGracePeriodSeconds'] = 30;
  if (!strField(spec, 'schedulerName')) spec['schedulerName'] = 'default-scheduler';
  for (const vol of objList(spec, 'volumes')) defaultVolume(vol);
  for (const ctr of objList(spec, 'initContainers')) defaultContainer(ctr);
  for (const ctr of objList(spec, 'containers')) defaultContainer(ctr);
  // v1 conversion: serviceAccountName falls back to the deprecated serviceAccount, and the
  // deprecated field always mirrors serviceAccountName on the way out.
  if (!strField(spec, 'serviceAccountName') && strField(spec, 'serviceAccount')) {
    spec['serviceAccountName'] = strField(spec, 'serviceAccount');
  }
  if (strField(spec, 'serviceAccountName')) spec['serviceAccount'] = strField(spec, 'serviceAccountName');
}

/**
 * A PodTemplateSpec: `metadata` always serializes (encoding/json ignores omitempty on structs),
 * so a template without labels shows `metadata: {}`; the spec is defaulted.
 */
export function defaultPodTemplateSpec(template: JsonObject): void {
  ensureObj(template, 'metadata');
  defaultPodSpec(ensureObj(template, 'spec'));
}
