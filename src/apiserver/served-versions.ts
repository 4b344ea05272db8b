import type { KubeObject } from '../api/meta/v1.js';
import { hpaV1ToV2, hpaV2ToV1 } from '../api/autoscaling/v1/conversion.js';
import { RESOURCES, type ResourceInfo } from './resources.js';

/**
 * A version served by conversion (resources.ts OTHER_SERVED_VERSIONS): the resource of the stored
 * version, and the conversions of a request body in and of an answer out. The ApiServer does every
 * read and write on the stored version; only its entry points convert.
 */
export interface ServedVersion {
  storage: ResourceInfo;
  /** a request's object (served version) → the stored version */
  in(o: KubeObject): KubeObject;
  /** a stored object → the served version */
  out(o: KubeObject): KubeObject;
}

const CONVERSIONS: Record<string, { in: (o: KubeObject) => KubeObject; out: (o: KubeObject) => KubeObject }> = {
  'autoscaling/v1/HorizontalPodAutoscaler': { in: hpaV1ToV2, out: hpaV2ToV1 },
};

const made = new Map<ResourceInfo, ServedVersion>();

/** The conversion of a served-by-conversion resource; undefined for a stored version. */
export function servedVersion(info: ResourceInfo): ServedVersion | undefined {
  if (!info.storedAs) return undefined;
  const known = made.get(info);
  if (known) return known;
  const storage = RESOURCES.find((r) => r.resource === info.resource && r.group === info.group && r.version === info.storedAs);
  const conv = CONVERSIONS[`${info.group}/${info.version}/${info.kind}`];
  if (!storage || !conv) throw new Error(`no conversion for ${info.group}/${info.version} ${info.kind}`);
  const sv: ServedVersion = { storage, in: conv.in, out: conv.out };
  made.set(info, sv);
  return sv;
}
