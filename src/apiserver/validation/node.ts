import { isIPv6 } from 'node:net';
import type { KubeObject } from '../../api/meta/v1.js';
import { objectJson } from '../../api/meta/v1.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../common/json.js';
import { arrField, objField, strField } from './json-fields.js';
import { duplicate, forbidden, invalid, IS_NEGATIVE, notSupported, required, type FieldError } from './field-error.js';
import { FieldPath } from './field-path.js';
import { isValidLabelValue, nameIsDNSSubdomain } from './name-formats.js';
import { validateLabelName, validateObjectMeta, validateObjectMetaUpdate } from './object-meta.js';
import { formatQuantity, parseQuantity } from './quantity.js';

/**
 * Node validation (ValidateNode, ValidateNodeUpdate in pkg/apis/core/validation): what
 * kube-apiserver refuses in a Node, so that no scheduler or kubelet ever reads it. A taint list
 * with a null entry (`taints: [null]`, a zero Taint to Go) once stopped the scheduler for every
 * pod in the cluster; upstream refuses it with `metadata.taints[0].key: Invalid value: "": name
 * part must be non-empty` and `metadata.taints[0].effect: Required value`. (Upstream names the
 * path under metadata: ValidateNode passes its metadata path to validateNodeTaints.)
 */

/** TaintEffect values validateTaintEffect accepts, in its order. */
const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

const CIDR_INVALID = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';
const PODCIDR_CHANGED = 'node updates may not change podCIDR except from "" to valid';

/** A Go zero struct for a null list entry (`[null]` decodes to `[{}]`). */
function entry(v: JsonValue | undefined): JsonObject {
  return isJsonObject(v) ? v : {};
}

/** validateNodeTaints: label-name keys, label values, one of the three effects, unique by key and effect. */
function validateTaints(taints: readonly JsonValue[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Map<string, Set<string>>();
  taints.forEach((raw, i) => {
    const t = entry(raw);
    const p = path.index(i);
    const key = strField(t, 'key');
    const value = strField(t, 'value');
    const effect = strField(t, 'effect');
    errs.push(...validateLabelName(key, p.child('key')));
    const valueErrs = isValidLabelValue(value);
    if (valueErrs.length) errs.push(invalid(p.child('value'), value, valueErrs.join(';')));
    if (!effect) errs.push(required(p.child('effect')));
    else if (!TAINT_EFFECTS.includes(effect)) errs.push(notSupported(p.child('effect'), effect, TAINT_EFFECTS));
    const keys = seen.get(effect) ?? new Set<string>();
    if (keys.has(key)) {
      // core.Taint as json.Marshal prints it (value and timeAdded omitted when empty).
      const shown: Record<string, unknown> = { key };
      if (value) shown['value'] = value;
      shown['effect'] = effect;
      if (t['timeAdded']) shown['timeAdded'] = t['timeAdded'];
      errs.push({ ...duplicate(p, shown), detail: 'taints must be unique by key and effect pair' });
      return;
    }
    keys.add(key);
    seen.set(effect, keys);
  });
  return errs;
}

/** netutils.ParseCIDRSloppy's answer: the family of a CIDR, or undefined when it is none (IPv4 parts may have leading zeros). */
export function cidrFamily(cidr: string): 4 | 6 | undefined {
  const slash = cidr.indexOf('/');
  if (slash < 0) return undefined;
  const ip = cidr.slice(0, slash);
  const bits = cidr.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits)) return undefined;
  const prefix = Number(bits);
  if (/^\d+\.\d+\.\d+\.\d+$/.test(ip)) return ip.split('.').every((p) => Number(p) <= 255) && prefix <= 32 ? 4 : undefined;
  return isIPv6(ip) && prefix <= 128 ? 6 : undefined;
}

/** The internal Node's spec.podCIDRs: v1's podCIDRs, or its podCIDR alone when podCIDRs is absent (the v1 conversion). */
function podCidrs(spec: JsonObject | undefined): string[] {
  const list = spec?.['podCIDRs'];
  if (Array.isArray(list)) return list.map((c) => (typeof c === 'string' ? c : ''));
  const one = strField(spec, 'podCIDR');
  return one ? [one] : [];
}

function validatePodCidrs(cidrs: readonly string[]): FieldError[] {
  const errs: FieldError[] = [];
  if (!cidrs.length) return errs;
  const path = FieldPath.root('spec', 'podCIDRs');
  const families = cidrs.map(cidrFamily);
  families.forEach((f, i) => {
    if (f === undefined) errs.push(invalid(path.index(i), cidrs[i] ?? '', CIDR_INVALID));
  });
  if (cidrs.length > 1) {
    const dualStack = cidrs.length === 2 && families[0] !== undefined && families[1] !== undefined && families[0] !== families[1];
    if (!dualStack) errs.push(invalid(path, [...cidrs], 'may specify no more than one CIDR for each IP family'));
    const seen = new Set<string>();
    cidrs.forEach((c, i) => {
      if (seen.has(c)) errs.push(duplicate(path.index(i), c));
      seen.add(c);
    });
  }
  return errs;
}

/** Whether a resource takes whole numbers only (helper.IsIntegerResourceName): pods, object counts, extended resources. */
function isIntegerResource(name: string): boolean {
  if (['pods', 'services', 'replicationcontrollers', 'resourcequotas', 'secrets', 'configmaps', 'persistentvolumeclaims', 'services.nodeports', 'services.loadbalancers'].includes(name)) return true;
  if (name.startsWith('count/')) return true;
  // An extended resource: a domain-qualified name outside kubernetes.io (nvidia.com/gpu), not a quota's requests.*.
  const native = !name.includes('/') || name.includes('kubernetes.io/');
  return !native && !name.startsWith('requests.');
}

/** ValidateNodeResources: every capacity and allocatable quantity non-negative, integer resources whole. */
function validateResources(status: JsonObject | undefined): FieldError[] {
  const errs: FieldError[] = [];
  for (const field of ['capacity', 'allocatable']) {
    const list = objField(status, field) ?? {};
    for (const name of Object.keys(list).sort()) {
      const raw = list[name];
      if (typeof raw !== 'string' && typeof raw !== 'number') continue;
      const q = parseQuantity(raw);
      if (!q) continue;
      const p = FieldPath.root('status', field).key(name);
      if (q.nanos < 0n) errs.push(invalid(p, formatQuantity(q), IS_NEGATIVE));
      if (isIntegerResource(name) && q.nanos % 1_000_000_000n !== 0n) errs.push(invalid(p, formatQuantity(q), 'must be an integer'));
    }
  }
  return errs;
}

/** ValidateNode. */
export function validateNodeCreate(obj: KubeObject): FieldError[] {
  const o = objectJson(obj);
  const spec = objField(o, 'spec');
  const errs = validateObjectMeta(obj.metadata, false, nameIsDNSSubdomain, FieldPath.root('metadata'));
  const taints = arrField(spec, 'taints');
  if (taints.length) errs.push(...validateTaints(taints, FieldPath.root('metadata', 'taints')));
  errs.push(...validateResources(objField(o, 'status')));
  errs.push(...validatePodCidrs(podCidrs(spec)));
  return errs;
}

/** ValidateNode, then ValidateNodeUpdate: a pod CIDR once assigned stays; no duplicate addresses. */
export function validateNodeUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const o = objectJson(obj);
  const errs = validateNodeCreate(obj);
  errs.push(...validateObjectMetaUpdate(obj.metadata, old.metadata, FieldPath.root('metadata')));
  const before = podCidrs(objField(objectJson(old), 'spec'));
  const after = podCidrs(objField(o, 'spec'));
  if (before.length > 0) {
    const path = FieldPath.root('spec', 'podCIDRs');
    if (before.length > after.length) errs.push(forbidden(path, PODCIDR_CHANGED));
    else before.forEach((c, i) => c !== after[i] && errs.push(forbidden(path, PODCIDR_CHANGED)));
  }
  const seen = new Set<string>();
  arrField(objField(o, 'status'), 'addresses').forEach((raw, i) => {
    const a = entry(raw);
    const id = `${strField(a, 'type')}\u0000${strField(a, 'address')}`;
    if (seen.has(id)) errs.push(duplicate(FieldPath.root('status', 'addresses').index(i), { type: strField(a, 'type'), address: strField(a, 'address') }));
    seen.add(id);
  });
  return errs;
}
