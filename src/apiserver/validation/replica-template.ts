import type { JsonObject } from '../../common/json.js';
import { objField, strField, stringMap } from './json-fields.js';
import { forbidden, invalid, notSupported, nonNegative, required, type FieldError } from './field-error.js';
import type { FieldPath } from './field-path.js';
import { GoMap } from './go-format.js';
import { labelSelectorGoValue, validateLabelSelector } from './label-selector.js';
import { compileLabelSelector } from '../../labels/label-selector.js';
import { validatePodTemplateSpec } from './pod-spec.js';

/**
 * The part Deployment and ReplicaSet specs share (apps validation): replicas ≥ 0, a
 * non-empty selector that matches the template's labels, a valid template with
 * restartPolicy Always.
 *
 * Example (the article's mismatched ReplicaSet): selector {app.kubernetes.io/name: hello-rs},
 * template labels {app.kubernetes.io/name: other} →
 *   spec.template.metadata.labels: Invalid value: {"app.kubernetes.io/name":"other"}:
 *   `selector` does not match template `labels`
 */
export function validateReplicasSelectorTemplate(spec: JsonObject, path: FieldPath): FieldError[] {
  const errs = nonNegative(typeof spec['replicas'] === 'number' ? spec['replicas'] : 0, path.child('replicas'));
  errs.push(...validateSelectorAndTemplate(spec, path));
  return errs;
}

/** Selector checks, then ValidatePodTemplateSpecForReplicaSet (the tail of both specs). */
export function validateSelectorAndTemplate(spec: JsonObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const sel = objField(spec, 'selector');
  if (!sel) {
    errs.push(required(path.child('selector')));
  } else {
    errs.push(...validateLabelSelector(sel, path.child('selector')));
    const n = Object.keys(objField(sel, 'matchLabels') ?? {}).length + (Array.isArray(sel['matchExpressions']) ? sel['matchExpressions'].length : 0);
    // ReplicaSet validation reuses the Deployment wording upstream.
    if (n === 0) errs.push(invalid(path.child('selector'), labelSelectorGoValue(sel), 'empty selector is invalid for deployment'));
  }
  const selector = compileLabelSelector(sel);
  if (!selector) {
    errs.push(invalid(path.child('selector'), labelSelectorGoValue(sel), 'invalid label selector'));
    return errs;
  }
  const template = objField(spec, 'template') ?? {};
  const tp = path.child('template');
  const labels = stringMap(objField(template, 'metadata'), 'labels');
  if (!selector.empty && !selector.matches(labels)) {
    errs.push(invalid(tp.child('metadata', 'labels'), new GoMap(labels), '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodTemplateSpec(template, tp));
  const templateSpec = objField(template, 'spec');
  const restartPolicy = strField(templateSpec, 'restartPolicy');
  if (restartPolicy !== 'Always') errs.push(notSupported(tp.child('spec', 'restartPolicy'), restartPolicy, ['Always']));
  if (templateSpec?.['activeDeadlineSeconds'] !== undefined) {
    errs.push(forbidden(tp.child('spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in ReplicaSet is not Supported'));
  }
  return errs;
}
