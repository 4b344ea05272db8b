import type { JsonObject } from '../../common/json.js';
import { arrField, objList, strField, stringMap } from './json-fields.js';
import { forbidden, invalid, required, type FieldError } from './field-error.js';
import type { FieldPath } from './field-path.js';
import { GoMap } from './go-format.js';
import { isQualifiedName, isValidLabelValue } from './name-formats.js';
import { validateLabelName, validateLabels } from './object-meta.js';

/**
 * metav1.LabelSelector: its validation (meta/v1/validation ValidateLabelSelector), its
 * conversion to a selector (LabelSelectorAsSelector) and matching.
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

/** A compiled selector, as labels.Selector. */
export interface Selector {
  /** labels.Selector.Empty(): true only for `{}` (matches everything). */
  empty: boolean;
  matches(labels: Record<string, string> | undefined): boolean;
}

/**
 * LabelSelectorAsSelector: nil → matches nothing (and is not "empty"), `{}` → everything.
 * Returns undefined where upstream returns an error (unknown operator, bad key or value,
 * In/NotIn without values, Exists with values).
 */
export function labelSelectorAsSelector(sel: JsonObject | undefined): Selector | undefined {
  if (!sel) return { empty: false, matches: () => false };
  const reqs: Requirement[] = [];
  for (const [k, v] of Object.entries(stringMap(sel, 'matchLabels') ?? {})) reqs.push({ key: k, operator: 'In', values: [v] });
  reqs.push(...requirementsOf(sel));
  for (const r of reqs) {
    if (isQualifiedName(r.key).length) return undefined;
    if (r.values.some((v) => isValidLabelValue(v).length)) return undefined;
    if ((r.operator === 'In' || r.operator === 'NotIn') && r.values.length === 0) return undefined;
    if ((r.operator === 'Exists' || r.operator === 'DoesNotExist') && r.values.length > 0) return undefined;
    if (!['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(r.operator)) return undefined;
  }
  return {
    empty: reqs.length === 0,
    matches(labels) {
      const l = labels ?? {};
      return reqs.every((r) => {
        const present = Object.prototype.hasOwnProperty.call(l, r.key);
        switch (r.operator) {
          case 'In':
            return present && r.values.includes(l[r.key] ?? '');
          case 'NotIn':
            return !present || !r.values.includes(l[r.key] ?? '');
          case 'Exists':
            return present;
          default:
            return !present;
        }
      });
    },
  };
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
