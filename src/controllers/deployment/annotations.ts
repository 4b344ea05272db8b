/**
 * How the Deployment controller maintains its annotations (declared in src/api/apps/v1/annotations.ts)
 * on Deployments and ReplicaSets, and the rule for which Deployment annotations are copied onto
 * its ReplicaSets.
 */
import { getOwn, setOwn } from '../../common/own-keys.js';
import { DEPLOYMENT_OWN_ANNOTATIONS, DESIRED_REPLICAS_ANNOTATION, MAX_REPLICAS_ANNOTATION } from '../../api/apps/v1/annotations.js';

/** Upstream keeps revision-history under this many characters, dropping the oldest entries. */
export const MAX_REVISION_HISTORY_CHARS = 2000;

/**
 * copyDeploymentAnnotationsToReplicaSet: every Deployment annotation outside the skip-list is
 * set on the ReplicaSet when missing or different (nothing is ever removed from the RS).
 * Mutates `rsAnnotations`; returns whether anything changed.
 */
export function copyDeploymentAnnotations(
  deploymentAnnotations: Readonly<Record<string, string>> | undefined,
  rsAnnotations: Record<string, string>,
): boolean {
  let changed = false;
  for (const [k, v] of Object.entries(deploymentAnnotations ?? {})) {
    if (DEPLOYMENT_OWN_ANNOTATIONS.has(k)) continue;
    if (getOwn(rsAnnotations, k) === v) continue;
    setOwn(rsAnnotations, k, v);
    changed = true;
  }
  return changed;
}

/**
 * SetReplicasAnnotations: writes desired-replicas and max-replicas; returns whether they changed.
 * Example: 4 replicas with maxSurge 1 → desired-replicas "4", max-replicas "5".
 */
export function setReplicasAnnotations(annotations: Record<string, string>, desired: number, max: number): boolean {
  let changed = false;
  if (annotations[DESIRED_REPLICAS_ANNOTATION] !== String(desired)) {
    annotations[DESIRED_REPLICAS_ANNOTATION] = String(desired);
    changed = true;
  }
  if (annotations[MAX_REPLICAS_ANNOTATION] !== String(max)) {
    annotations[MAX_REPLICAS_ANNOTATION] = String(max);
    changed = true;
  }
  return changed;
}

/** ReplicasAnnotationsNeedUpdate. */
export function replicasAnnotationsNeedUpdate(
  annotations: Readonly<Record<string, string>> | undefined,
  desired: number,
  max: number,
): boolean {
  const a = annotations ?? {};
  return a[DESIRED_REPLICAS_ANNOTATION] !== String(desired) || a[MAX_REPLICAS_ANNOTATION] !== String(max);
}

/**
 * Parses an annotation as upstream parses replica counts (strconv.ParseInt(s, 10, 32) in newer
 * releases): a non-negative decimal int32, otherwise undefined ("-1", "1.5", "2147483648" → undefined).
 */
export function parseReplicasAnnotation(value: string | undefined): number | undefined {
  if (value === undefined || !/^\+?\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 2147483647 ? n : undefined;
}
