import { isJsonObject, type JsonObject } from '../common/json.js';
import { type KubeObject, objectJson } from '../api/meta/v1.js';
import type { ResourceInfo } from './resources.js';
import { invalid } from './errors.js';
import { bodyDecodeError } from './decode/index.js';
import { defaultObject } from './defaults/index.js';
import { arrField, objList, strField } from './validation/json-fields.js';
import { toCause } from './validation/field-error.js';
import { validatePodCreateMetadata, validatePodCreateSpec } from './validation/pod.js';
import { freezeTree } from './stored-encoding.js';

/**
 * The create of a pod whose spec is a stored object's (a ReplicaSet's template spec, handed over
 * by the ReplicaSet controller as it is: podFromTemplate): the 20 pods of a ReplicaSet have one
 * spec, and what the create does with a spec depends on the spec alone, so it is done once per
 * spec and kept by the spec object (deep-frozen, never changing):
 *  - the decode check: the body decodes when each of its fields does (json-decode.ts), so a pod
 *    whose spec decodes is checked without it;
 *  - defaulting: a pod's (defaultPod) changes only its spec, from the spec, and sets
 *    status.qosClass from the defaulted spec;
 *  - validation: a pod's create causes are its metadata's, then its spec's (validatePodCreateSpec,
 *    a function of the spec alone).
 * Only a spec that decodes and has no causes is kept: any other pod takes the whole path, so an
 * error reads exactly as it does. The defaulted spec kept is what JSON.parse of its text gives,
 * deep-frozen: each pod stores it as its spec, and the stored text and the API server's decoded
 * object share it (stored-encoding.ts), as the pod's binding and status writes then do.
 */
export interface TemplateSpec {
  /** the defaulted spec, deep-frozen */
  readonly spec: JsonObject;
  /** status.qosClass of a pod with that spec */
  readonly qosClass: string;
  /** what encodeStored shares the spec's text with: a pod whose spec is this one */
  readonly base: KubeObject;
}

/** Per template spec: what its pods get, or null when they take the whole path. */
const kept = new WeakMap<object, TemplateSpec | null>();

/** The input's own keys when it is podFromTemplate's: the copy keeps them in this order. */
const KEYS = ['apiVersion', 'kind', 'metadata', 'spec'];

/** What a create of input as a core Pod takes from its spec, when the spec is a stored (deep-frozen) one; else undefined. */
export function templateSpecOf(info: ResourceInfo, input: KubeObject): TemplateSpec | undefined {
  if (info.kind !== 'Pod' || info.group !== '') return undefined;
  const doc = objectJson(input);
  const spec = doc['spec'];
  if (!isJsonObject(spec) || !Object.isFrozen(spec) || Object.getPrototypeOf(spec) !== Object.prototype) return undefined;
  const keys = Object.keys(doc);
  if (keys.length !== KEYS.length || keys.some((k, i) => k !== KEYS[i])) return undefined;
  let t = kept.get(spec);
  if (t === undefined) kept.set(spec, (t = make(info, spec)));
  return t ?? undefined;
}

function make(info: ResourceInfo, spec: JsonObject): TemplateSpec | null {
  // matchLabelKeys make a pod's spec depend on its labels too (mergeMatchLabelKeys): the whole path.
  if (objList(spec, 'topologySpreadConstraints').some((c) => arrField(c, 'matchLabelKeys').length > 0)) return null;
  const shell: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: {}, spec };
  if (bodyDecodeError(shell, info.kind, info.version, 'v1') !== undefined) return null;
  const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: structuredClone(spec), status: { phase: 'Pending' } };
  defaultObject(pod);
  const doc = objectJson(pod);
  const defaulted = doc['spec'];
  const status = doc['status'];
  if (!isJsonObject(defaulted) || !isJsonObject(status) || validatePodCreateSpec(defaulted).length) return null;
  const parsed: unknown = JSON.parse(JSON.stringify(defaulted));
  if (!isJsonObject(parsed)) return null;
  freezeTree(parsed);
  const base: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: parsed };
  freezeTree(base);
  return { spec: parsed, qosClass: strField(status, 'qosClass'), base };
}

/** create's copy of the input: its own top level and metadata, the stored spec itself. */
export function copyInput(input: KubeObject): KubeObject {
  return { apiVersion: input.apiVersion, kind: input.kind, metadata: structuredClone(input.metadata), spec: objectJson(input)['spec'] };
}

/** requireDecodable for such a pod: its spec decodes (templateSpecOf), the rest is checked. */
export function decodeErrorWithoutSpec(obj: KubeObject, info: ResourceInfo, apiVersion: string): Error | undefined {
  return bodyDecodeError({ apiVersion: obj.apiVersion, kind: obj.kind, metadata: obj.metadata }, info.kind, info.version, apiVersion);
}

/** admission's admit for such a pod (after prepareForCreate): the kept defaulting, then metadata's causes. */
export function admitTemplatePod(obj: KubeObject, t: TemplateSpec, info: ResourceInfo): void {
  const doc = objectJson(obj);
  doc['spec'] = t.spec;
  const status = doc['status'];
  if (isJsonObject(status) && !strField(status, 'qosClass')) status['qosClass'] = t.qosClass;
  const causes = validatePodCreateMetadata(obj).map(toCause);
  if (causes.length) throw invalid(info.kind, info.group, obj.metadata.name ?? '', causes);
}
