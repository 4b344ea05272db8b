/**
 * The MERGED side of kubectl diff (diff.go InfoObject.Merged): the object as `kubectl apply`
 * would leave it, obtained from the server with a dry run so that defaulting, admission and
 * the generation bump are the server's.
 *
 * Two differences from apply itself, both from diff.go:
 *  - a new object is dry-run created exactly as read from the file (namespace filled in); it
 *    gets no last-applied annotation, because diff never calls the annotating create;
 *  - an existing object is patched with apply's three-way patch computed from
 *    GetModifiedConfiguration(local, annotate=false): the "modified" side has no last-applied
 *    annotation, so the patch leaves the live annotation alone (the article's diff shows the
 *    old `{"...change-cause":"hello 1.0"...}` line as unchanged context).
 * When that patch is `{}` nothing is sent and the live object is the merged one.
 */
import type { ApiServer } from '../../../apiserver/server.js';
import { type KubeObject, objectJson, unverifiedKubeObject } from '../../../api/meta/v1.js';
import { StatusError, withSource } from '../../../apiserver/errors.js';
import { apiVersionOf } from '../../../apiserver/resources.js';
import { strategicSchemaFor } from '../../../apiserver/patch/patch-meta.js';
import { cloneJson, isJsonObject, type JsonObject } from '../../../common/json.js';
import { toCompactJson } from '../../../common/go-json.js';
import { lastAppliedOf, withDefaultNamespace } from '../../apply/last-applied.js';
import { LAST_APPLIED_ANNOTATION } from '../../../api/kubectl-annotations.js';
import { threeWayMergePatch } from '../../apply/three-way-merge.js';
import { CliError } from '../../util/errors.js';
import { parseBoundedJson } from '../../manifests/input-limits.js';
import type { ResolvedObject } from '../../resource/manifest-objects.js';

export type MergePlan =
  /** the object does not exist: dry-run create `object` */
  | { action: 'create'; object: JsonObject }
  /** dry-run patch the live object */
  | { action: 'patch'; patchType: 'strategic' | 'merge'; patch: JsonObject }
  /** the patch is empty: the live object is the merged one */
  | { action: 'unchanged' };

/** Thrown when the live last-applied annotation is not a JSON object (apply fails to build its patch). */
export class InvalidOriginalError extends Error {
  constructor(
    readonly original: string,
    readonly modified: string,
    readonly current: string,
  ) {
    super('invalid JSON document');
    this.name = 'InvalidOriginalError';
  }
}

/**
 * apply's "modified" configuration without the annotation (GetModifiedConfiguration with
 * annotate=false): the file object, namespace defaulted, any last-applied annotation removed,
 * and an annotations map that exists even when empty.
 */
export function modifiedWithoutAnnotation(local: JsonObject, namespace: string | undefined): JsonObject {
  const copy = withDefaultNamespace(local, namespace);
  const meta = isJsonObject(copy['metadata']) ? copy['metadata'] : (copy['metadata'] = {});
  const annotations = isJsonObject(meta['annotations']) ? meta['annotations'] : (meta['annotations'] = {});
  delete annotations[LAST_APPLIED_ANNOTATION];
  return copy;
}

/** Removes null map entries recursively: the server drops them when it decodes a create. */
function pruneNulls(v: unknown): void {
  if (Array.isArray(v)) v.forEach(pruneNulls);
  else if (isJsonObject(v)) {
    for (const k of Object.keys(v)) {
      if (v[k] === null) delete v[k];
      else pruneNulls(v[k]);
    }
  }
}

/** Decides what the dry run must do. Pure. */
export function planMerged(live: JsonObject | undefined, local: JsonObject, namespace: string | undefined): MergePlan {
  if (live === undefined) {
    const object = withDefaultNamespace(local, namespace);
    pruneNulls(object);
    return { action: 'create', object };
  }
  const modified = modifiedWithoutAnnotation(local, namespace);
  const annotation = lastAppliedOf(live);
  let original: JsonObject | undefined;
  if (annotation !== undefined && annotation !== '') {
    // Not JSON, or nested too deep to walk (see parseBoundedJson).
    const parsed = parseBoundedJson(annotation);
    if (!isJsonObject(parsed)) throw new InvalidOriginalError(annotation, toCompactJson(modified), toCompactJson(live));
    original = parsed;
  }
  const apiVersion = local['apiVersion'];
  const kind = local['kind'];
  const schema = typeof apiVersion === 'string' && typeof kind === 'string' ? strategicSchemaFor(apiVersion, kind) : undefined;
  const { type, patch } = threeWayMergePatch(original, modified, cloneJson(live), schema);
  if (Object.keys(patch).length === 0) return { action: 'unchanged' };
  return { action: 'patch', patchType: type, patch };
}

/**
 * Runs the plan against the server with dry run. Errors read as kubectl's: a failed patch is
 * wrapped `error when patching "<file>": ...` (the apply patcher's AddSourceToErr), a failed
 * create is the server's error as is.
 */
export function mergedObject(api: ApiServer, r: ResolvedObject, live: KubeObject | undefined): KubeObject {
  let plan: MergePlan;
  try {
    plan = planMerged(live && objectJson(live), r.object, r.namespace);
  } catch (e) {
    if (e instanceof InvalidOriginalError) {
      throw new CliError(
        `error when patching "${r.source}": creating patch with:\noriginal:\n${e.original}\nmodified:\n${e.modified}\ncurrent:\n${e.current}\nfor: ${e.message}`,
      );
    }
    throw e;
  }
  if (plan.action === 'unchanged') return live!;
  if (plan.action === 'create') {
    const obj = plan.object;
    obj.apiVersion = apiVersionOf(r.info);
    return api.create(r.info, r.namespace, unverifiedKubeObject(obj), { dryRun: true });
  }
  try {
    return api.patch(r.info, r.namespace, r.name, plan.patchType, plan.patch, { dryRun: true });
  } catch (e) {
    if (e instanceof StatusError) throw withSource(e, 'patching', r.source);
    throw e;
  }
}
