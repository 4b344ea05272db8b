import type { JsonObject } from '../../common/json.js';
import { isJsonObject } from '../../common/json.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { objectJson } from '../../api/meta/v1.js';
import { objField } from './json-fields.js';
import { invalid, required, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { nameIsDNSSubdomain } from './name-formats.js';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';

/**
 * keda.sh/v1alpha1 ScaledObject as kube-apiserver validates a custom resource against KEDA's
 * CRD schema (config/crd/bases/keda.sh_scaledobjects.yaml): ObjectMeta, the `required` lists
 * (spec; spec.scaleTargetRef, spec.triggers; scaleTargetRef.name; each trigger's type and
 * metadata), `minItems: 1` of triggers, then the spec's x-kubernetes-validations rule on
 * min/max. KEDA's admission webhook (vscaledobject.kb.io) runs after: keda-webhook.ts.
 */
export function validateScaledObjectCreate(obj: KubeObject): FieldError[] {
  return [...validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, FieldPath.root('metadata')), ...specErrors(objectJson(obj))];
}

export function validateScaledObjectUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata')), ...specErrors(objectJson(obj))];
}

function specErrors(o: JsonObject): FieldError[] {
  const spec = objField(o, 'spec');
  const path = FieldPath.root('spec');
  if (!spec) return [required(path)];
  const errs: FieldError[] = [];
  const ref = objField(spec, 'scaleTargetRef');
  if (!ref) errs.push(required(path.child('scaleTargetRef')));
  else if (ref['name'] === undefined) errs.push(required(path.child('scaleTargetRef', 'name')));
  const triggers = spec['triggers'];
  if (triggers === undefined) errs.push(required(path.child('triggers')));
  else if (Array.isArray(triggers)) {
    if (!triggers.length) errs.push(invalid(path.child('triggers'), 0, 'spec.triggers in body should have at least 1 items'));
    triggers.forEach((t, i) => {
      if (!isJsonObject(t)) return;
      if (t['metadata'] === undefined) errs.push(required(path.child('triggers').index(i).child('metadata')));
      if (t['type'] === undefined) errs.push(required(path.child('triggers').index(i).child('type')));
    });
  }
  if (errs.length) return errs;
  // x-kubernetes-validations: !has(self.minReplicaCount) || self.minReplicaCount <= (has(self.maxReplicaCount) ? self.maxReplicaCount : 100)
  const min = spec['minReplicaCount'];
  const max = spec['maxReplicaCount'];
  if (typeof min === 'number' && min > (typeof max === 'number' ? max : 100)) {
    errs.push(invalid(path, 'object', 'minReplicaCount must be less than or equal to maxReplicaCount'));
  }
  return errs;
}
