import { isJsonObject, type JsonObject } from '../../common/json.js';
import { ensureObj, objField, objList, strField } from '../validation/json-fields.js';
import { admitPod } from './pod-admission.js';
import { defaultPodSpec } from './pod-spec.js';
import { podQOSClass } from './qos-class.js';
import { getOwn, setOwn } from '../../common/own-keys.js';

/**
 * A real Pod: SetDefaults_Pod (requests copied from limits, enableServiceLinks true, host
 * ports under hostNetwork), the PodSpec defaults, the admission plugins of pod-admission.ts,
 * and status.qosClass, which the pod registry computes on create.
 */

/** Requests not given default to the limits (only on Pods, never on templates). */
function defaultRequestsFromLimits(ctr: JsonObject): void {
  const res = objField(ctr, 'resources');
  const limits = objField(res, 'limits');
  if (!res || !limits) return;
  const requests = ensureObj(res, 'requests');
  for (const [k, v] of Object.entries(limits)) if (getOwn(requests, k) === undefined) setOwn(requests, k, v);
}

export function defaultPod(pod: JsonObject): void {
  const spec = ensureObj(pod, 'spec');
  for (const ctr of [...objList(spec, 'containers'), ...objList(spec, 'initContainers')]) defaultRequestsFromLimits(ctr);
  if (typeof spec['enableServiceLinks'] !== 'boolean') spec['enableServiceLinks'] = true;
  if (spec['hostNetwork'] === true) {
    for (const ctr of [...objList(spec, 'containers'), ...objList(spec, 'initContainers')]) {
      for (const port of objList(ctr, 'ports')) if (!port['hostPort']) port['hostPort'] = port['containerPort'] ?? 0;
    }
  }
  defaultPodSpec(spec);
  admitPod(pod);
  const status = pod['status'];
  if (isJsonObject(status) && !strField(status, 'qosClass')) status['qosClass'] = podQOSClass(spec);
}
