import type { ApiServer } from '../../apiserver/server.js';
import { type KubeObject, objectJson, unverifiedKubeObject } from '../../api/meta/v1.js';
import { StatusError, withSource } from '../../apiserver/errors.js';
import { type ResourceInfo, apiVersionOf, kindGroup } from '../../apiserver/resources.js';
import type { JsonObject } from '../../common/json.js';
import { computeApply, InvalidLastAppliedError } from '../apply/compute-apply.js';
import type { ResolvedObject } from './manifest-objects.js';
import { CliError } from '../util/errors.js';
import type { DryRun } from '../util/dry-run.js';


/** What applying one object did, for the name printer or -o. */
export interface ApplyOutcome {
  /** `deployment.apps/hello` */
  name: string;
  operation: 'created' | 'configured' | 'unchanged';
  /** what -o prints: the server's object, or the manifest's in a client dry run */
  object: JsonObject;
}

/** kubectl's Info.String(): how an object is named inside apply's error messages. */
function infoString(info: ResourceInfo, name: string, namespace: string | undefined): string {
  const gvr = `${info.group}/${info.version}, Resource=${info.resource}`;
  const gvk = `${info.group}/${info.version}, Kind=${info.kind}`;
  return `Resource: "${gvr}", GroupVersionKind: "${gvk}"\nName: "${name}", Namespace: "${namespace ?? ''}"`;
}

function warningMissingAnnotation(info: ResourceInfo, name: string): string {
  return (
    `Warning: resource ${info.resource}/${name} is missing the kubectl.kubernetes.io/last-applied-configuration annotation ` +
    'which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either ' +
    'kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n'
  );
}

/**
 * `kubectl apply` for one object (apply.go applyOneObject): read the live object, compute the
 * three-way patch against the last-applied configuration, then create, patch or do nothing.
 */
export function applyOne(api: ApiServer, r: ResolvedObject, dryRun: DryRun, warn: (s: string) => void): ApplyOutcome {
  const label = `${kindGroup(r.info)}/${r.name}`;
  let live: KubeObject | undefined;
  try {
    live = api.tryGet(r.info, r.namespace, r.name);
  } catch (e) {
    if (e instanceof StatusError) {
      throw withSource(e, `retrieving current configuration of:\n${infoString(r.info, r.name, r.namespace)}\nfrom server for:`, r.source);
    }
    throw e;
  }
  let action;
  try {
    action = computeApply(live && objectJson(live), r.object, r.namespace);
  } catch (e) {
    if (e instanceof InvalidLastAppliedError) throw new CliError(`error when creating patch with:\noriginal:\n...\nfor: "${r.source}": ${e.message}`);
    throw e;
  }
  if (action.action === 'create') {
    const obj = action.object;
    obj.apiVersion = apiVersionOf(r.info);
    if (dryRun === 'client') return { name: label, operation: 'created', object: obj };
    try {
      const created = api.create(r.info, r.namespace, unverifiedKubeObject(obj), { dryRun: dryRun === 'server' });
      return { name: label, operation: 'created', object: objectJson(created) };
    } catch (e) {
      if (e instanceof StatusError) throw withSource(e, 'creating', r.source);
      throw e;
    }
  }
  if (action.missingLastApplied) warn(warningMissingAnnotation(r.info, r.name));
  if (action.action === 'unchanged') return { name: label, operation: 'unchanged', object: objectJson(live!) };
  if (dryRun === 'client') return { name: label, operation: 'configured', object: objectJson(live!) };
  try {
    const patched = api.patch(r.info, r.namespace, r.name, action.patchType, action.patch, { dryRun: dryRun === 'server' });
    return { name: label, operation: 'configured', object: objectJson(patched) };
  } catch (e) {
    if (e instanceof StatusError) {
      const patchText = JSON.stringify(action.patch);
      throw withSource(e, `applying patch:\n${patchText}\nto:\n${infoString(r.info, r.name, r.namespace)}\nfor:`, r.source);
    }
    throw e;
  }
}
