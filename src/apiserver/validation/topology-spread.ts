import type { JsonObject } from '../../common/json.js';
import { arrField, has, numField, objField, objList, strField, stringMap } from './json-fields.js';
import { duplicate, forbidden, invalid, notSupported, required, type FieldError } from './field-error.js';
import type { FieldPath } from './field-path.js';
import { GoJson } from './go-format.js';
import { validateLabelName } from './object-meta.js';
import { validateLabelSelector } from './label-selector.js';

/**
 * validateTopologySpreadConstraints (pkg/apis/core/validation): for each constraint, in upstream's
 * order, maxSkew, topologyKey, whenUnsatisfiable, the {topologyKey, whenUnsatisfiable} pair not
 * repeated by a later constraint, minDomains, the two node inclusion policies, matchLabelKeys and
 * the labelSelector. Pods and pod templates alike.
 */

const WHEN_UNSATISFIABLE = ['DoNotSchedule', 'ScheduleAnyway'];
const NODE_INCLUSION_POLICIES = ['Honor', 'Ignore'];
const NOT_POSITIVE = 'must be greater than zero';

export function validateTopologySpreadConstraints(constraints: JsonObject[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  constraints.forEach((c, i) => {
    const p = path.index(i);
    const maxSkew = numField(c, 'maxSkew') ?? 0;
    if (maxSkew <= 0) errs.push(invalid(p.child('maxSkew'), maxSkew, NOT_POSITIVE));
    const key = strField(c, 'topologyKey');
    if (!key) errs.push(required(p.child('topologyKey'), 'can not be empty'));
    const when = strField(c, 'whenUnsatisfiable');
    if (!WHEN_UNSATISFIABLE.includes(when)) errs.push(notSupported(p.child('whenUnsatisfiable'), new GoJson(when), WHEN_UNSATISFIABLE));
    // Reported at the first of two constraints that share the pair.
    if (constraints.slice(i + 1).some((o) => strField(o, 'topologyKey') === key && strField(o, 'whenUnsatisfiable') === when)) {
      errs.push(duplicate(p.child('{topologyKey, whenUnsatisfiable}'), `{${key}, ${when}}`));
    }
    const minDomains = numField(c, 'minDomains');
    if (minDomains !== undefined) {
      if (minDomains <= 0) errs.push(invalid(p.child('minDomains'), minDomains, NOT_POSITIVE));
      if (when !== 'DoNotSchedule') {
        errs.push(invalid(p.child('minDomains'), minDomains, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${when}`));
      }
    }
    for (const policy of ['nodeAffinityPolicy', 'nodeTaintsPolicy']) {
      if (!has(c, policy)) continue;
      const v = strField(c, policy);
      if (!NODE_INCLUSION_POLICIES.includes(v)) errs.push(notSupported(p.child(policy), new GoJson(v), NODE_INCLUSION_POLICIES));
    }
    errs.push(...validateMatchLabelKeys(arrField(c, 'matchLabelKeys').map(String), objField(c, 'labelSelector'), p.child('matchLabelKeys')));
    errs.push(...validateLabelSelector(objField(c, 'labelSelector'), p.child('labelSelector')));
  });
  return errs;
}

/**
 * matchLabelKeys: only with a labelSelector, each a valid label name, and none also in the
 * selector. Since v1.34 the API server has already merged `key In (value)` into the pod's selector
 * for each key when it validates a new pod (mergeMatchLabelKeys), as for pod affinity, so a key
 * counts as "also in the selector" when it is in matchLabels and an expression, or in two
 * expressions: matchLabels {app: web} with matchLabelKeys [app] is refused on the pod, not on its template.
 */
function validateMatchLabelKeys(keys: string[], selector: JsonObject | undefined, path: FieldPath): FieldError[] {
  if (!keys.length) return [];
  if (!selector) return [forbidden(path, 'must not be specified when labelSelector is not set')];
  const errs: FieldError[] = [];
  keys.forEach((k, i) => errs.push(...validateLabelName(k, path.index(i))));
  const at = new Map<string, number>();
  keys.forEach((k, i) => at.set(k, i));
  const seen = new Set(Object.keys(stringMap(selector, 'matchLabels') ?? {}));
  for (const e of objList(selector, 'matchExpressions')) {
    const k = strField(e, 'key');
    const i = at.get(k);
    if (i !== undefined && seen.has(k)) errs.push(invalid(path.index(i), k, 'exists in both matchLabelKeys and labelSelector'));
    seen.add(k);
  }
  return errs;
}
