import type { JsonObject } from '../../common/json.js';
import { arrField, objList, strField, stringMap } from './json-fields.js';
import { forbidden, invalid, required, type FieldError } from './field-error.js';
import type { FieldPath } from './field-path.js';
import { GoMap } from './go-format.js';
import { isValidLabelValue } from './name-formats.js';
import { validateLabelName, validateLabels } from './object-meta.js';

/**
 * metav1.LabelSelector: its validation (meta/v1/validation ValidateLabelSelector) and how a bad
 * one is printed. Matching lives in src/labels (compileLabelSelector).
 */

interface Requirement {
  key: string;
  operator: string;
  values: string[];
}

function requirementsOf(sel: JsonObject): Requirement[] {
  return objList(sel, 'matchExpressions').map((r) => ({
    key: strField(r, 'key'),
    operator: strField(r, 'operator'),
    values: arrField(r, 'values').map(String),
  }));
}

/** ValidateLabelSelector with AllowInvalidLabelValueInSelector=false (apps validates strictly). */
export function validateLabelSelector(sel: JsonObject | undefined, path: FieldPath): FieldError[] {
  if (!sel) return [];
  const errs = validateLabels(stringMap(sel, 'matchLabels'), path.child('matchLabels'));
  requirementsOf(sel).forEach((r, i) => {
    const rp = path.child('matchExpressions').index(i);
    switch (r.operator) {
      case 'In':
      case 'NotIn':
        if (r.values.length === 0) errs.push(required(rp.child('values'), "must be specified when `operator` is 'In' or 'NotIn'"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (r.values.length > 0) {
          errs.push(forbidden(rp.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        }
        break;
      default:
        errs.push(invalid(rp.child('operator'), r.operator, 'not a valid selector operator'));
    }
    errs.push(...validateLabelName(r.key, rp.child('key')));
    r.values.forEach((v, vi) => {
      for (const msg of isValidLabelValue(v)) errs.push(invalid(rp.child('values').index(vi), v, msg));
    });
  });
  return errs;
}

/**
 * The selector as json.Marshal prints a *metav1.LabelSelector: matchLabels (sorted, omitted
 * when empty), then matchExpressions (key, operator, values), e.g.
 * {"matchLabels":{"app":"hello"}}.
 */
export function labelSelectorGoValue(sel: JsonObject | undefined): object | null {
  if (!sel) return null;
  const out: Record<string, unknown> = {};
  const ml = stringMap(sel, 'matchLabels');
  if (ml && Object.keys(ml).length) out['matchLabels'] = new GoMap(ml);
  const reqs = requirementsOf(sel);
  if (reqs.length) {
    out['matchExpressions'] = reqs.map((r) => ({
      key: r.key,
      operator: r.operator,
      ...(r.values.length ? { values: r.values } : {}),
    }));
  }
  return out;
}
