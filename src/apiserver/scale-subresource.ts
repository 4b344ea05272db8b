/**
 * The `scale` subresource (autoscaling/v1 Scale) of deployments and replicasets, as
 * kube-apiserver's registry/apps/deployment/storage ScaleREST serves it:
 *  - GET builds a Scale from the object: name, namespace, uid, resourceVersion and
 *    creationTimestamp from its metadata, spec.replicas from its spec, status.replicas and the
 *    selector (as a label-selector string) from it;
 *  - UPDATE/PATCH changes only spec.replicas of the object, then the normal update rules run
 *    (generation + 1 because the spec changed, resourceVersion precondition, admission).
 * Kinds without the subresource answer 404 with the generic "could not find the requested
 * resource" text, as a request to an unregistered path does.
 */
import { isJsonObject } from '../common/json.js';
import { StatusError, invalid } from './errors.js';
import { IS_NEGATIVE } from './validation/field-error.js';
import { type KubeObject, objectJson } from '../api/meta/v1.js';
import { type Deployment, isDeployment } from '../api/apps/v1/deployment.js';
import { type ReplicaSet, isReplicaSet } from '../api/apps/v1/replica-set.js';
import type { Scale, ScaleStatus } from '../api/autoscaling/v1/scale.js';
import type { ResourceInfo } from './resources.js';
import { bodyDecodeError, jsonPatchResultError } from './decode/index.js';

/** What a Scale write asks for: the new size, and optionally the resourceVersion it was read at. */
export interface ScaleWrite {
  replicas: number;
  /** a stale value fails with Conflict, as an update of the Scale read earlier would */
  resourceVersion?: string;
}

/** The 404 of a resource without a scale subresource (e.g. `kubectl scale pod/x`). */
export function scaleNotFound(): StatusError {
  return new StatusError('NotFound', 404, 'the server could not find the requested resource', {});
}

/** Throws scaleNotFound() unless the resource serves /scale. */
export function requireScale(info: ResourceInfo): void {
  if (!info.hasScale) throw scaleNotFound();
}

/** The object of a resource that serves /scale (requireScale checked the resource). */
function scaled(obj: KubeObject): Deployment | ReplicaSet {
  if (isDeployment(obj) || isReplicaSet(obj)) return obj;
  throw new Error(`internal error: a ${obj.kind} has no scale subresource`);
}

/** The autoscaling/v1 Scale of an object. */
export function scaleOf(obj: KubeObject): Scale {
  const { spec = {}, status = {} } = scaled(obj);
  const m = obj.metadata;
  const metadata: KubeObject['metadata'] = { name: m.name ?? '' };
  if (m.namespace !== undefined) metadata.namespace = m.namespace;
  if (m.uid !== undefined) metadata.uid = m.uid;
  if (m.resourceVersion !== undefined) metadata.resourceVersion = m.resourceVersion;
  if (m.creationTimestamp !== undefined) metadata.creationTimestamp = m.creationTimestamp;
  const scaleStatus: ScaleStatus = { replicas: typeof status.replicas === 'number' ? status.replicas : 0 };
  const selector = selectorString(spec.selector);
  if (selector) scaleStatus.selector = selector;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata,
    spec: { replicas: typeof spec.replicas === 'number' ? spec.replicas : 0 },
    status: scaleStatus,
  };
}

/**
 * The object with spec.replicas set from a Scale write (a copy). The Scale's resourceVersion,
 * when given, replaces the object's so that the update's precondition check sees it.
 */
export function withScaleReplicas(obj: KubeObject, w: ScaleWrite): KubeObject {
  const next = structuredClone(scaled(obj));
  next.spec = { ...next.spec, replicas: w.replicas };
  if (w.resourceVersion) next.metadata.resourceVersion = w.resourceVersion;
  return next;
}

/**
 * A Scale write whose replicas do not fit the Scale's int32 (`kubectl scale --replicas=3000000000`)
 * fails as the Scale body fails to decode: a PUT (a write with a resourceVersion, after the
 * precondition GET) with the 400 of an undecodable body, kubectl's blind write (a merge
 * PATCH of spec.replicas) with the patch's 422 quoting the patched Scale. A Scale that decodes
 * is validated as a Scale: `The Scale "big" is invalid: spec.replicas: Invalid value: -1: ...`.
 */
export function scaleWriteError(obj: KubeObject, w: ScaleWrite): StatusError | undefined {
  const current = scaleOf(obj);
  const scale: Scale = { ...current, spec: { replicas: w.replicas } };
  // The merge patch's result as evanphx/json-patch marshals it: top level and spec sorted.
  const { apiVersion, kind, metadata, status } = scale;
  const decodeError = w.resourceVersion
    ? bodyDecodeError(scale, 'Scale', 'v1', 'autoscaling/v1')
    : jsonPatchResultError(objectJson({ apiVersion, kind, metadata, spec: { replicas: w.replicas }, status }));
  if (decodeError) return decodeError;
  // ScaleREST's ValidateScale, before the object itself is touched.
  if (w.replicas < 0) {
    return invalid('Scale', 'autoscaling', obj.metadata.name ?? '', [
      { reason: 'FieldValueInvalid', field: 'spec.replicas', message: `Invalid value: ${w.replicas}: ${IS_NEGATIVE}` },
    ]);
  }
  return undefined;
}

/**
 * metav1.LabelSelectorAsSelector(sel).String(): requirements sorted by key, joined by `,`.
 * Example: {matchLabels: {tier: web, app: hello}} → `app=hello,tier=web`;
 * {matchExpressions: [{key: env, operator: NotIn, values: [b, a]}]} → `env notin (a,b)`.
 */
export function selectorString(sel: unknown): string {
  if (!isJsonObject(sel)) return '';
  const s = sel;
  const parts: [string, string][] = [];
  const labels = isJsonObject(s['matchLabels']) ? s['matchLabels'] : {};
  for (const [k, v] of Object.entries(labels)) parts.push([k, `${k}=${String(v)}`]);
  const exprs = Array.isArray(s['matchExpressions']) ? s['matchExpressions'] : [];
  for (const e of exprs) {
    if (!isJsonObject(e)) continue;
    const key = String(e['key'] ?? '');
    const values = (Array.isArray(e['values']) ? e['values'] : []).map(String).sort();
    switch (e['operator']) {
      case 'In':
        parts.push([key, `${key} in (${values.join(',')})`]);
        break;
      case 'NotIn':
        parts.push([key, `${key} notin (${values.join(',')})`]);
        break;
      case 'Exists':
        parts.push([key, key]);
        break;
      case 'DoesNotExist':
        parts.push([key, `!${key}`]);
        break;
    }
  }
  parts.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return parts.map((p) => p[1]).join(',');
}
