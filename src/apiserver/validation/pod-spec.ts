import type { JsonObject } from '../../common/json.js';
import { has, numField, objField, objList, strField, stringMap } from './json-fields.js';
import { duplicate, forbidden, invalid, notSupported, required, type FieldError } from './field-error.js';
import type { FieldPath } from './field-path.js';
import { GoJson } from './go-format.js';
import { validateContainers, validateInitContainers } from './container.js';
import { inclusiveRangeError, isDNS1123Label, isValidLabelValue, nameIsDNSSubdomain } from './name-formats.js';
import { validateAnnotations, validateLabelName, validateLabels } from './object-meta.js';
import { validateTopologySpreadConstraints } from './topology-spread.js';
import { POD_DELETION_COST_ANNOTATION } from '../../api/core/v1/annotation-keys.js';

/**
 * ValidatePodSpec and ValidatePodTemplateSpec (pkg/apis/core/validation), for the fields
 * kubemu's workloads use. Expects a defaulted spec, as kube-apiserver validates after
 * defaulting (a missing terminationGracePeriodSeconds is `Required value`).
 */

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'];
const MAX_INT32 = 2147483647;


/** Volume names and the "exactly one source" rule; returns the set of names for mounts. */
function validateVolumes(volumes: JsonObject[], path: FieldPath): { names: Set<string>; errs: FieldError[] } {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  volumes.forEach((vol, i) => {
    const p = path.index(i);
    const name = strField(vol, 'name');
    const sources = Object.keys(vol).filter((k) => k !== 'name' && vol[k] !== null);
    if (sources.length === 0) errs.push(required(p, 'must specify a volume type'));
    for (const extra of sources.slice(1)) errs.push(forbidden(p.child(extra), 'may not specify more than 1 volume type'));
    if (!name) errs.push(required(p.child('name')));
    else for (const msg of isDNS1123Label(name)) errs.push(invalid(p.child('name'), name, msg));
    if (name && names.has(name)) errs.push(duplicate(p.child('name'), name));
    else if (name) names.add(name);
  });
  return { names, errs };
}

function validateTolerations(tolerations: JsonObject[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  tolerations.forEach((t, i) => {
    const p = path.index(i);
    const key = strField(t, 'key');
    const operator = strField(t, 'operator');
    const effect = strField(t, 'effect');
    if (key) errs.push(...validateLabelName(key, p.child('key')));
    if (!key && operator !== 'Exists') {
      errs.push(invalid(p.child('operator'), operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (has(t, 'tolerationSeconds') && effect !== 'NoExecute') {
      errs.push(invalid(p.child('effect'), effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    if (operator === 'Equal' || operator === '') {
      const msgs = isValidLabelValue(strField(t, 'value'));
      if (msgs.length) errs.push(invalid(p.child('operator'), strField(t, 'value'), msgs.join(';')));
    } else if (operator === 'Exists') {
      if (strField(t, 'value')) errs.push(invalid(p.child('operator'), t, "value must be empty when `operator` is 'Exists'"));
    } else {
      errs.push(notSupported(p.child('operator'), operator, ['Equal', 'Exists']));
    }
    if (effect && !TAINT_EFFECTS.includes(effect)) errs.push(notSupported(p.child('effect'), effect, TAINT_EFFECTS));
  });
  return errs;
}

/** The pod-level securityContext IDs (fsGroup, runAsUser, runAsGroup, supplementalGroups). */
function validatePodSecurityContext(sc: JsonObject | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (!sc) return errs;
  for (const f of ['fsGroup', 'runAsUser', 'runAsGroup']) {
    const v = numField(sc, f);
    if (v !== undefined && (v < 0 || v > MAX_INT32)) errs.push(invalid(path.child(f), v, inclusiveRangeError(0, MAX_INT32)));
  }
  return errs;
}

/** ValidatePodSpec, in upstream order. */
export function validatePodSpec(spec: JsonObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const gracePeriod = numField(spec, 'terminationGracePeriodSeconds');
  if (gracePeriod === undefined) errs.push(required(path.child('terminationGracePeriodSeconds')));
  const { names: volumes, errs: volErrs } = validateVolumes(objList(spec, 'volumes'), path.child('volumes'));
  errs.push(...volErrs);
  const containers = objList(spec, 'containers');
  errs.push(...validateContainers(containers, volumes, gracePeriod ?? 30, path.child('containers')));
  errs.push(
    ...validateInitContainers(objList(spec, 'initContainers'), containers, volumes, gracePeriod ?? 30, path.child('initContainers')),
  );
  const restartPolicy = strField(spec, 'restartPolicy');
  if (!restartPolicy) errs.push(required(path.child('restartPolicy')));
  else if (!RESTART_POLICIES.includes(restartPolicy)) errs.push(notSupported(path.child('restartPolicy'), restartPolicy, RESTART_POLICIES));
  const dnsPolicy = strField(spec, 'dnsPolicy');
  if (!dnsPolicy) errs.push(required(path.child('dnsPolicy')));
  else if (!DNS_POLICIES.includes(dnsPolicy)) errs.push(notSupported(path.child('dnsPolicy'), dnsPolicy, DNS_POLICIES));
  errs.push(...validateLabels(stringMap(spec, 'nodeSelector'), path.child('nodeSelector')));
  errs.push(...validatePodSecurityContext(objField(spec, 'securityContext'), path.child('securityContext')));
  for (const f of ['serviceAccountName', 'nodeName']) {
    const v = strField(spec, f);
    if (v) for (const msg of nameIsDNSSubdomain(v, false)) errs.push(invalid(path.child(f), v, msg));
  }
  const ads = numField(spec, 'activeDeadlineSeconds');
  if (ads !== undefined && (ads < 1 || ads > MAX_INT32)) {
    errs.push(invalid(path.child('activeDeadlineSeconds'), ads, inclusiveRangeError(1, MAX_INT32)));
  }
  for (const f of ['hostname', 'subdomain']) {
    const v = strField(spec, f);
    if (v) for (const msg of isDNS1123Label(v)) errs.push(invalid(path.child(f), v, msg));
  }
  errs.push(...validateTolerations(objList(spec, 'tolerations'), path.child('tolerations')));
  const pcn = strField(spec, 'priorityClassName');
  if (pcn) for (const msg of nameIsDNSSubdomain(pcn, false)) errs.push(invalid(path.child('priorityClassName'), pcn, msg));
  if (has(spec, 'preemptionPolicy')) {
    const pp = strField(spec, 'preemptionPolicy');
    if (!pp) errs.push(required(path.child('preemptionPolicy')));
    else if (!PREEMPTION_POLICIES.includes(pp)) {
      errs.push(notSupported(path.child('preemptionPolicy'), new GoJson(pp), PREEMPTION_POLICIES));
    }
  }
  errs.push(...validateTopologySpreadConstraints(objList(spec, 'topologySpreadConstraints'), path.child('topologySpreadConstraints')));
  return errs;
}

/** ValidatePodSpecificAnnotations: the pod-deletion-cost annotation must be an int32. */
export function validatePodSpecificAnnotations(annotations: Record<string, string> | undefined, path: FieldPath): FieldError[] {
  const cost = annotations?.[POD_DELETION_COST_ANNOTATION];
  if (cost === undefined) return [];
  const n = /^[+-]?[0-9]+$/.test(cost) ? Number(cost) : NaN;
  if (Number.isInteger(n) && n >= -2147483648 && n <= MAX_INT32) return [];
  return [invalid(path.key(POD_DELETION_COST_ANNOTATION), cost, 'must be a 32bit integer')];
}

/**
 * ValidatePodTemplateSpec. Note the upstream quirk: template labels are reported at
 * `<path>.labels` (e.g. `spec.template.labels`), not `<path>.metadata.labels`.
 */
export function validatePodTemplateSpec(template: JsonObject, path: FieldPath): FieldError[] {
  const meta = objField(template, 'metadata');
  const annotations = stringMap(meta, 'annotations');
  const errs = validateLabels(stringMap(meta, 'labels'), path.child('labels'));
  errs.push(...validateAnnotations(annotations, path.child('annotations')));
  errs.push(...validatePodSpecificAnnotations(annotations, path.child('annotations')));
  errs.push(...validatePodSpec(objField(template, 'spec') ?? {}, path.child('spec')));
  if (objList(objField(template, 'spec'), 'ephemeralContainers').length > 0) {
    errs.push(forbidden(path.child('spec', 'ephemeralContainers'), 'ephemeral containers not allowed in pod template'));
  }
  return errs;
}
