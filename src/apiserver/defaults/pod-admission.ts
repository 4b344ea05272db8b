import type { JsonObject } from '../../common/json.js';
import { ensureObj, objList, strField } from '../validation/json-fields.js';

/**
 * What kube-apiserver's default admission plugins add to every new Pod. These are not
 * defaults in the API-type sense, but a real cluster always shows them, so kubemu applies
 * them together with defaulting:
 *
 *   ServiceAccount           serviceAccountName "default" (and the deprecated serviceAccount)
 *   Priority                 priority 0 and preemptionPolicy PreemptLowerPriority when no
 *                            priorityClassName (no global default PriorityClass exists)
 *   DefaultTolerationSeconds tolerate not-ready and unreachable NoExecute taints for 300 s
 *
 * Not emulated: the ServiceAccount plugin's projected token volume (kube-api-access-<random>)
 * and its volumeMount.
 */

/** The built-in PriorityClasses every cluster has. */
const SYSTEM_PRIORITIES: Record<string, number> = {
  'system-node-critical': 2000001000,
  'system-cluster-critical': 2000000000,
};

/** The taints node lifecycle puts on failing nodes, tolerated for 300 s by default. */
const DEFAULT_TOLERATED_TAINTS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'];
const DEFAULT_TOLERATION_SECONDS = 300;

function admitServiceAccount(spec: JsonObject): void {
  if (!strField(spec, 'serviceAccountName')) spec['serviceAccountName'] = 'default';
  spec['serviceAccount'] = strField(spec, 'serviceAccountName');
}

function admitPriority(spec: JsonObject): void {
  const cls = strField(spec, 'priorityClassName');
  if (typeof spec['priority'] !== 'number') {
    if (!cls) spec['priority'] = 0;
    else if (cls in SYSTEM_PRIORITIES) spec['priority'] = SYSTEM_PRIORITIES[cls] ?? 0;
  }
  if (!strField(spec, 'preemptionPolicy')) spec['preemptionPolicy'] = 'PreemptLowerPriority';
}

/** Adds a toleration for each default taint the pod does not already tolerate for NoExecute. */
function admitDefaultTolerationSeconds(spec: JsonObject): void {
  const tolerations = objList(spec, 'tolerations');
  const added: JsonObject[] = [];
  for (const key of DEFAULT_TOLERATED_TAINTS) {
    const tolerated = tolerations.some((t) => {
      const effect = strField(t, 'effect');
      const keyMatches = strField(t, 'key') === key || (!strField(t, 'key') && strField(t, 'operator') === 'Exists');
      return keyMatches && (effect === 'NoExecute' || effect === '');
    });
    if (!tolerated) {
      added.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
    }
  }
  if (added.length) spec['tolerations'] = [...tolerations, ...added];
}

export function admitPod(pod: JsonObject): void {
  const spec = ensureObj(pod, 'spec');
  admitServiceAccount(spec);
  admitPriority(spec);
  admitDefaultTolerationSeconds(spec);
}
