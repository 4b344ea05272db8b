import type { KubeObject } from '../../api/meta/v1.js';
import { objectJson } from '../../api/meta/v1.js';
import { numField, objField } from './json-fields.js';
import { nonNegative, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { labelSelectorGoValue } from './label-selector.js';
import { nameIsDNSSubdomain } from './name-formats.js';
import { validateImmutableField, validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';
import { validateSelectorAndTemplate } from './replica-template.js';

/** apps/v1 ReplicaSet: ValidateReplicaSet / ValidateReplicaSetUpdate plus the registry's selector rule. */

function validateReplicaSetSpec(obj: KubeObject): FieldError[] {
  const spec = objField(objectJson(obj), 'spec') ?? {};
  const path = FieldPath.root('spec');
  const errs = nonNegative(numField(spec, 'replicas') ?? 0, path.child('replicas'));
  errs.push(...nonNegative(numField(spec, 'minReadySeconds') ?? 0, path.child('minReadySeconds')));
  errs.push(...validateSelectorAndTemplate(spec, path));
  return errs;
}

export function validateReplicaSetCreate(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, FieldPath.root('metadata'));
  errs.push(...validateReplicaSetSpec(obj));
  return errs;
}

export function validateReplicaSetUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata'));
  errs.push(...validateReplicaSetSpec(obj));
  const sel = objField(objField(objectJson(obj), 'spec'), 'selector');
  const oldSel = objField(objField(objectJson(old), 'spec'), 'selector');
  errs.push(...validateImmutableField(sel, oldSel, labelSelectorGoValue(sel), FieldPath.root('spec', 'selector')));
  return errs;
}
