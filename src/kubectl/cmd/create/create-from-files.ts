/**
 * `kubectl create -f` for one object of a manifest (create.go RunCreate's visitor): the
 * object as read (namespace filled in for namespaced kinds, as the resource builder does),
 * with the last-applied annotation when `--save-config` is set, POSTed unless it is a client
 * dry run. API errors name the file: `error when creating "hello.yaml": ...`.
 */
import type { ApiServer } from '../../../apiserver/server.js';
import { objectJson, unverifiedKubeObject } from '../../../api/meta/v1.js';
import { StatusError, withSource } from '../../../apiserver/errors.js';
import type { JsonObject } from '../../../common/json.js';
import type { ResolvedObject } from '../../resource/manifest-objects.js';
import type { DryRun } from '../../util/dry-run.js';
import { lastAppliedAnnotationValue, withDefaultNamespace } from '../../apply/last-applied.js';
import { LAST_APPLIED_ANNOTATION } from '../../../api/kubectl-annotations.js';
import { isJsonObject } from '../../../common/json.js';

export interface CreateFromFileOptions {
  dryRun: DryRun;
  saveConfig: boolean;
  api: () => ApiServer;
}

/** The object kubectl sends (or shows, in a client dry run) for one manifest object. */
export function objectToCreate(r: ResolvedObject, saveConfig: boolean): JsonObject {
  const obj = withDefaultNamespace(r.object, r.info.namespaced ? r.namespace : undefined);
  if (!saveConfig) return obj;
  const value = lastAppliedAnnotationValue(obj);
  const meta = isJsonObject(obj['metadata']) ? obj['metadata'] : (obj['metadata'] = {});
  const annotations = isJsonObject(meta['annotations']) ? meta['annotations'] : (meta['annotations'] = {});
  annotations[LAST_APPLIED_ANNOTATION] = value;
  return obj;
}

/** Creates one object; returns what to print (the server's object, or ours in a client dry run). */
export function createFromFile(r: ResolvedObject, o: CreateFromFileOptions): JsonObject {
  const obj = objectToCreate(r, o.saveConfig);
  if (o.dryRun === 'client') return obj;
  try {
    const created = o.api().create(r.info, r.namespace, unverifiedKubeObject(obj), { dryRun: o.dryRun === 'server' });
    return objectJson(created);
  } catch (e) {
    if (e instanceof StatusError) throw withSource(e, 'creating', r.source);
    throw e;
  }
}
