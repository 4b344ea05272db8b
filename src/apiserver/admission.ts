import type { KubeObject } from '../api/meta/v1.js';
import { objectJson } from '../api/meta/v1.js';
import type { ResourceInfo } from './resources.js';
import { invalid } from './errors.js';
import { defaultObject } from './defaults/index.js';
import { validateCreate, validateUpdate } from './validation/index.js';
import { isDNS1123Label, isDNS1123Subdomain } from './validation/name-formats.js';
import { admitScaledObjectWebhook } from './keda-webhook.js';

/**
 * The admission chain of one write: defaulting (on create and update, as the decoder does),
 * then validation. A rejected object is never stored.
 */
export function admit(obj: KubeObject, old: KubeObject | undefined, info: ResourceInfo): void {
  if (old ? updatedAsIs(obj, old) : admittedAsIs(obj)) return;
  defaultObject(obj);
  const causes = old ? validateUpdate(obj, old) : validateCreate(obj);
  if (causes.length) throw invalid(info.kind, info.group, obj.metadata.name ?? '', causes);
  // validating admission webhooks run after the schema (kube-apiserver's order)
  admitScaledObjectWebhook(obj);
}

/** The metadata a new object may have for admittedAsIs: what the server itself sets, a name and a namespace. */
const BARE_METADATA = new Set(['name', 'namespace', 'uid', 'creationTimestamp']);

/**
 * A new core/v1 Event with no spec whose metadata is a valid name and namespace (with the uid
 * and creationTimestamp the server set): what the event recorder writes, 40,000 of them in a
 * 2-minute advance of 10,000 pods. Defaulting changes nothing in it (Events have no defaults of
 * their own, and the generic one looks only at spec.template) and validation finds nothing (an
 * Event has ObjectMeta's checks only, and the others look at fields it does not have), so the
 * answer of admission is known without building it. Any other Event (a user's with labels, say)
 * goes through both.
 */
function admittedAsIs(obj: KubeObject): boolean {
  if (obj.kind !== 'Event' || obj.apiVersion !== 'v1' || objectJson(obj)['spec'] !== undefined) return false;
  const meta = obj.metadata;
  for (const k in meta) if (!BARE_METADATA.has(k)) return false;
  const { name, namespace } = meta;
  return typeof name === 'string' && name !== '' && typeof namespace === 'string' && namespace !== '' && isDNS1123Subdomain(name).length === 0 && isDNS1123Label(namespace).length === 0;
}

/** The metadata an updated object may have for updatedAsIs: admittedAsIs's, and the resourceVersion the update came with. */
const BARE_UPDATED_METADATA = new Set([...BARE_METADATA, 'resourceVersion']);

/**
 * An update of a core/v1 Event with no spec whose metadata holds nothing but its name,
 * namespace, uid, creationTimestamp and resourceVersion, each of the first four the stored
 * one's, the stored Event not being deleted: what the event recorder's patches of a repeated
 * event write (count, lastTimestamp, message), 5,000 of them in an apply of 500 Deployments.
 * Defaulting changes nothing in it (as for admittedAsIs) and validateObjectMetaUpdate, an
 * Event's only update rule, finds nothing: no finalizers or generation to compare, the four
 * immutable fields equal (the deletion ones absent on both sides), no labels, annotations or
 * owner references to check. Any other update goes through both.
 */
function updatedAsIs(obj: KubeObject, old: KubeObject): boolean {
  if (obj.kind !== 'Event' || obj.apiVersion !== 'v1' || objectJson(obj)['spec'] !== undefined) return false;
  const meta = obj.metadata;
  const was = old.metadata;
  for (const k in meta) if (!BARE_UPDATED_METADATA.has(k)) return false;
  return (
    was.deletionTimestamp === undefined &&
    was.deletionGracePeriodSeconds === undefined &&
    meta.name === was.name &&
    meta.namespace === was.namespace &&
    meta.uid === was.uid &&
    meta.creationTimestamp === was.creationTimestamp
  );
}
