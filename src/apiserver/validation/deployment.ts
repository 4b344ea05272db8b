import type { JsonObject } from '../../common/json.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { objectJson } from '../../api/meta/v1.js';
import { numField, objField } from './json-fields.js';
import { invalid, nonNegative, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { labelSelectorGoValue } from './label-selector.js';
import { nameIsDNSSubdomain } from './name-formats.js';
import { validateImmutableField, validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';
import { validateDeploymentStrategy } from './deployment-strategy.js';
import { validateReplicasSelectorTemplate } from './replica-template.js';

/** apps/v1 Deployment: ValidateDeployment / ValidateDeploymentUpdate plus the registry's selector rule. */

function validateDeploymentSpec(spec: JsonObject, path: FieldPath): FieldError[] {
  const errs = validateReplicasSelectorTemplate(spec, path);
  errs.push(...validateDeploymentStrategy(objField(spec, 'strategy') ?? {}, path.child('strategy')));
  const minReady = numField(spec, 'minReadySeconds') ?? 0;
  errs.push(...nonNegative(minReady, path.child('minReadySeconds')));
  errs.push(...nonNegative(numField(spec, 'revisionHistoryLimit'), path.child('revisionHistoryLimit')));
  const deadline = numField(spec, 'progressDeadlineSeconds');
  if (deadline !== undefined) {
    errs.push(...nonNegative(deadline, path.child('progressDeadlineSeconds')));
    // e.g. minReadySeconds 5 with progressDeadlineSeconds 5 is rejected: 5 <= 5.
    if (deadline <= minReady) {
      errs.push(invalid(path.child('progressDeadlineSeconds'), deadline, 'must be greater than minReadySeconds'));
    }
  }
  return errs;
}

export function validateDeploymentCreate(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, FieldPath.root('metadata'));
  errs.push(...validateDeploymentSpec(objField(objectJson(obj), 'spec') ?? {}, FieldPath.root('spec')));
  return errs;
}

/** In apps/v1 the selector may not change after creation: `spec.selector: Invalid value: {...}: field is immutable`. */
export function validateDeploymentUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata'));
  const spec = objField(objectJson(obj), 'spec') ?? {};
  errs.push(...validateDeploymentSpec(spec, FieldPath.root('spec')));
  const sel = objField(spec, 'selector');
  const oldSel = objField(objField(objectJson(old), 'spec'), 'selector');
  errs.push(...validateImmutableField(sel, oldSel, labelSelectorGoValue(sel), FieldPath.root('spec', 'selector')));
  return errs;
}
