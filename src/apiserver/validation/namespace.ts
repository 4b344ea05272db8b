import type { KubeObject } from '../../api/meta/v1.js';
import { objectJson } from '../../api/meta/v1.js';
import { arrField, objField } from './json-fields.js';
import { invalid, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { isQualifiedName, nameIsDNSLabel } from './name-formats.js';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';

/** Namespace validation: the name is a DNS-1123 label, spec.finalizers are finalizer names. */

export function validateNamespaceCreate(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, false, nameIsDNSLabel, FieldPath.root('metadata'));
  const path = FieldPath.root('spec', 'finalizers');
  for (const f of arrField(objField(objectJson(obj), 'spec'), 'finalizers').map(String)) {
    const base = isQualifiedName(f).map((msg) => invalid(path, f, msg));
    if (base.length) errs.push(...base);
    else if (!f.includes('/') && f !== 'kubernetes' && f !== 'orphan' && f !== 'foregroundDeletion') {
      errs.push(invalid(path, f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
  }
  return errs;
}

export function validateNamespaceUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata'));
}
