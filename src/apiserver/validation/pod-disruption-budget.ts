import type { JsonObject, JsonValue } from '../../common/json.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { objectJson } from '../../api/meta/v1.js';
import { UNHEALTHY_POD_EVICTION_POLICY } from '../../api/policy/v1/pod-disruption-budget.js';
import { has, objField } from './json-fields.js';
import { invalid, notSupported, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { GoJson, GoText } from './go-format.js';
import { validateLabelSelector } from './label-selector.js';
import { isValidPercent, nameIsDNSSubdomain } from './name-formats.js';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';
import { validatePositiveIntOrPercent } from './deployment-strategy.js';

/**
 * policy/v1 PodDisruptionBudget (pkg/apis/policy/validation ValidatePodDisruptionBudget and the
 * registry strategy): ObjectMeta with a DNS-1123 subdomain name, then the spec. Since 1.15 the spec
 * may change after creation (the same rules apply to an update).
 */

/** sets.List of the supported policies: sorted, AlwaysAllow first. */
const POLICIES = [UNHEALTHY_POD_EVICTION_POLICY.AlwaysAllow, UNHEALTHY_POD_EVICTION_POLICY.IfHealthyBudget];

/** IsNotMoreThan100Percent: "101%" is refused, a number of any size is not. */
function notMoreThan100Percent(v: JsonValue | undefined, path: FieldPath): FieldError[] {
  if (typeof v !== 'string' || isValidPercent(v).length) return [];
  return Number(v.slice(0, -1)) > 100 ? [invalid(path, new GoJson(v), 'must not be greater than 100%')] : [];
}

/**
 * The whole spec as ErrorBody prints the internal policy.PodDisruptionBudgetSpec, which it can
 * only print with %#v: its pointers show as addresses, e.g.
 * `policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc01a234760), ...}`.
 * A real server's addresses differ on every request; kubemu prints fixed ones (each field's
 * pointer 0x20 after the last), so that the message is the same from run to run.
 */
function internalSpecText(spec: JsonObject): string {
  let address = 0xc000a10000;
  const pointer = (goType: string, present: boolean): string => {
    if (!present) return `(*${goType})(nil)`;
    const text = `(*${goType})(0x${address.toString(16)})`;
    address += 0x20;
    return text;
  };
  return (
    'policy.PodDisruptionBudgetSpec{' +
    `MinAvailable:${pointer('intstr.IntOrString', has(spec, 'minAvailable'))}, ` +
    `Selector:${pointer('v1.LabelSelector', objField(spec, 'selector') !== undefined)}, ` +
    `MaxUnavailable:${pointer('intstr.IntOrString', has(spec, 'maxUnavailable'))}, ` +
    `UnhealthyPodEvictionPolicy:${pointer('policy.UnhealthyPodEvictionPolicyType', has(spec, 'unhealthyPodEvictionPolicy'))}}`
  );
}

/** ValidatePodDisruptionBudgetSpec. */
export function validatePdbSpec(spec: JsonObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const min = spec['minAvailable'];
  const max = spec['maxUnavailable'];
  const hasMin = min !== undefined && min !== null;
  const hasMax = max !== undefined && max !== null;
  if (hasMin && hasMax) errs.push(invalid(path, new GoText(internalSpecText(spec)), 'minAvailable and maxUnavailable cannot be both set'));
  if (hasMin) {
    errs.push(...validatePositiveIntOrPercent(min, path.child('minAvailable')));
    errs.push(...notMoreThan100Percent(min, path.child('minAvailable')));
  }
  if (hasMax) {
    errs.push(...validatePositiveIntOrPercent(max, path.child('maxUnavailable')));
    errs.push(...notMoreThan100Percent(max, path.child('maxUnavailable')));
  }
  errs.push(...validateLabelSelector(objField(spec, 'selector'), path.child('selector')));
  const policy = spec['unhealthyPodEvictionPolicy'];
  if (typeof policy === 'string' && !(POLICIES as readonly string[]).includes(policy)) {
    errs.push(notSupported(path.child('unhealthyPodEvictionPolicy'), policy, POLICIES));
  }
  return errs;
}

export function validatePdbCreate(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, FieldPath.root('metadata'));
  errs.push(...validatePdbSpec(objField(objectJson(obj), 'spec') ?? {}, FieldPath.root('spec')));
  return errs;
}

export function validatePdbUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata'));
  errs.push(...validatePdbSpec(objField(objectJson(obj), 'spec') ?? {}, FieldPath.root('spec')));
  return errs;
}
