import { cloneJson, jsonEqual, type JsonObject, type JsonValue } from '../../common/json.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { objectJson } from '../../api/meta/v1.js';
import { numField, objField, objList, strField } from './json-fields.js';
import { forbidden, invalid, required, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { goJson } from './go-format.js';
import { validateContainersOnlyForPod } from './container.js';
import { inclusiveRangeError, nameIsDNSSubdomain } from './name-formats.js';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';
import { validatePodSpec, validatePodSpecificAnnotations } from './pod-spec.js';

/** Pod create and update validation (ValidatePodCreate, ValidatePodUpdate). */

/**
 * The fields a pod update may change, as kube-apiserver 1.34 lists them in the Forbidden
 * message (in-place resize goes through the resize subresource, so resources are not listed).
 */
const UPDATABLE_POD_SPEC_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

function specOf(obj: KubeObject): JsonObject {
  return objField(objectJson(obj), 'spec') ?? {};
}

/** validatePodMetadataAndSpec: shared by create and update. */
function validatePodMetadataAndSpec(pod: KubeObject): FieldError[] {
  const meta = FieldPath.root('metadata');
  const spec = specOf(pod);
  const errs = validateObjectMeta(pod.metadata, true, nameIsDNSSubdomain, meta);
  errs.push(...validatePodSpecificAnnotations(pod.metadata.annotations, meta.child('annotations')));
  errs.push(...validatePodSpec(spec, FieldPath.root('spec')));
  errs.push(...validateContainersOnlyForPod(objList(spec, 'containers'), FieldPath.root('spec', 'containers')));
  errs.push(...validateContainersOnlyForPod(objList(spec, 'initContainers'), FieldPath.root('spec', 'initContainers')));
  return errs;
}

export function validatePodCreate(pod: KubeObject): FieldError[] {
  const errs = validatePodCreateMetadata(pod);
  errs.push(...validatePodCreateSpec(specOf(pod)));
  return errs;
}

/**
 * validatePodCreate's causes from metadata, which come first: the whole of them for a pod whose
 * spec validatePodCreateSpec finds nothing in.
 */
export function validatePodCreateMetadata(pod: KubeObject): FieldError[] {
  const meta = FieldPath.root('metadata');
  const errs = validateObjectMeta(pod.metadata, true, nameIsDNSSubdomain, meta);
  errs.push(...validatePodSpecificAnnotations(pod.metadata.annotations, meta.child('annotations')));
  return errs;
}

/** validatePodCreate's causes from the spec (after metadata's): a function of the spec alone. */
export function validatePodCreateSpec(spec: JsonObject): FieldError[] {
  const errs = validatePodSpec(spec, FieldPath.root('spec'));
  errs.push(...validateContainersOnlyForPod(objList(spec, 'containers'), FieldPath.root('spec', 'containers')));
  errs.push(...validateContainersOnlyForPod(objList(spec, 'initContainers'), FieldPath.root('spec', 'initContainers')));
  if (objList(spec, 'ephemeralContainers').length > 0) {
    errs.push(forbidden(FieldPath.root('spec', 'ephemeralContainers'), 'cannot be set on create'));
  }
  if (strField(spec, 'nodeName') && objList(spec, 'schedulingGates').length > 0) {
    errs.push(forbidden(FieldPath.root('spec', 'nodeName'), 'cannot be set until all schedulingGates have been cleared'));
  }
  return errs;
}

/** ValidateContainerUpdates: same count, every image set and trimmed; returns stop=true on a count change. */
function validateContainerUpdates(next: JsonObject[], old: JsonObject[], path: FieldPath): { errs: FieldError[]; stop: boolean } {
  if (next.length !== old.length) return { errs: [forbidden(path, 'pod updates may not add or remove containers')], stop: true };
  const errs: FieldError[] = [];
  next.forEach((c, i) => {
    const image = strField(c, 'image');
    if (!image) errs.push(required(path.index(i).child('image')));
    if (image.trim() !== image) errs.push(invalid(path.index(i).child('image'), image, 'must not have leading or trailing whitespace'));
  });
  return { errs, stop: false };
}

/** validateOnlyAddedTolerations: old tolerations must survive, only tolerationSeconds may change. */
function validateOnlyAddedTolerations(next: JsonObject[], old: JsonObject[], path: FieldPath): FieldError[] {
  for (const o of old) {
    const found = next.some((n) => {
      const a = { ...o, tolerationSeconds: n['tolerationSeconds'] ?? null };
      const b = { ...n, tolerationSeconds: n['tolerationSeconds'] ?? null };
      return jsonEqual(a, b);
    });
    if (!found) return [forbidden(path, 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return [];
}

/**
 * A readable stand-in for upstream's cmp.Diff of the two PodSpecs. cmp's output is
 * deliberately unstable (it randomly swaps spaces for non-breaking spaces), so it cannot be
 * matched byte for byte; we keep its shape: a `core.PodSpec{` block with `-`/`+` lines for
 * each top-level field that differs.
 */
export function podSpecDiff(old: JsonObject, next: JsonObject): string {
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  const lines = ['  core.PodSpec{'];
  for (const k of keys) {
    if (jsonEqual(old[k], next[k])) continue;
    const goName = k.charAt(0).toUpperCase() + k.slice(1);
    if (old[k] !== undefined) lines.push(`- \t${goName}: ${goJson(old[k])},`);
    if (next[k] !== undefined) lines.push(`+ \t${goName}: ${goJson(next[k])},`);
  }
  lines.push('  }', '');
  return lines.join('\n');
}

export function validatePodUpdate(pod: KubeObject, old: KubeObject): FieldError[] {
  const meta = FieldPath.root('metadata');
  const specPath = FieldPath.root('spec');
  const errs = validateObjectMetaUpdate(pod.metadata, old.metadata, meta);
  errs.push(...validatePodMetadataAndSpec(pod));
  errs.push(...validatePodSpecificAnnotations(pod.metadata.annotations, meta.child('annotations')));
  const spec = specOf(pod);
  const oldSpec = specOf(old);
  for (const list of ['containers', 'initContainers']) {
    const r = validateContainerUpdates(objList(spec, list), objList(oldSpec, list), specPath.child(list));
    errs.push(...r.errs);
    if (r.stop) return errs;
  }
  const ads = numField(spec, 'activeDeadlineSeconds');
  const oldAds = numField(oldSpec, 'activeDeadlineSeconds');
  if (ads !== undefined) {
    if (ads < 0 || ads > 2147483647) {
      errs.push(invalid(specPath.child('activeDeadlineSeconds'), ads, inclusiveRangeError(0, 2147483647)));
      return errs;
    }
    if (oldAds !== undefined && oldAds < ads) {
      errs.push(invalid(specPath.child('activeDeadlineSeconds'), ads, 'must be less than or equal to previous value'));
      return errs;
    }
  } else if (oldAds !== undefined) {
    errs.push(invalid(specPath.child('activeDeadlineSeconds'), null, 'must not update from a positive integer to nil value'));
  }
  errs.push(...validateOnlyAddedTolerations(objList(spec, 'tolerations'), objList(oldSpec, 'tolerations'), specPath.child('tolerations')));
  if (jsonEqual(spec, oldSpec)) return errs;

  // Munge the fields that may change back to their old values; anything left is forbidden.
  const munged = cloneJson(spec);
  for (const list of ['containers', 'initContainers']) {
    const oldList = objList(oldSpec, list);
    objList(munged, list).forEach((c, i) => {
      const oldImage = oldList[i]?.['image'];
      if (oldImage === undefined) delete c['image'];
      else c['image'] = oldImage;
    });
  }
  for (const f of ['activeDeadlineSeconds', 'schedulingGates', 'tolerations']) {
    const v: JsonValue | undefined = oldSpec[f];
    if (v === undefined) delete munged[f];
    else munged[f] = v;
  }
  const oldGrace = numField(oldSpec, 'terminationGracePeriodSeconds');
  if (oldGrace !== undefined && oldGrace < 0 && numField(munged, 'terminationGracePeriodSeconds') === 1) {
    munged['terminationGracePeriodSeconds'] = oldGrace;
  }
  if (!jsonEqual(munged, oldSpec)) {
    errs.push(
      forbidden(
        specPath,
        `pod updates may not change fields other than ${UPDATABLE_POD_SPEC_FIELDS.join(',')}\n${podSpecDiff(oldSpec, munged)}`,
      ),
    );
  }
  return errs;
}
