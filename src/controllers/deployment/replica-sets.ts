import { parseReplicasAnnotation } from './annotations.js';
import { DESIRED_REPLICAS_ANNOTATION } from '../../api/apps/v1/annotations.js';
import { revisionOf } from './revision.js';
import { templateKey } from './template-equal.js';
import { type Deployment, desiredReplicas } from '../../api/apps/v1/deployment.js';
import { type ReplicaSet, specReplicas } from '../../api/apps/v1/replica-set.js';

/** Go's string order (byte-wise), which is what upstream's sort.Less compares names with. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function created(rs: ReplicaSet): number {
  const t = rs.metadata.creationTimestamp;
  return t ? Date.parse(t) : 0;
}

/** ReplicaSetsByCreationTimestamp: oldest first, ties by name. */
export function byCreation(a: ReplicaSet, b: ReplicaSet): number {
  return created(a) - created(b) || compareStrings(a.metadata.name ?? '', b.metadata.name ?? '');
}

/** ReplicaSetsByRevision: lowest revision first; unparseable or equal revisions by creation. */
export function byRevision(a: ReplicaSet, b: ReplicaSet): number {
  const ra = revisionOf(a);
  const rb = revisionOf(b);
  if (ra === undefined || rb === undefined || ra === rb) return byCreation(a, b);
  return ra - rb;
}

/** ReplicaSetsBySizeNewer (proportional scale-up order): larger first, then newer, then name descending. */
export function bySizeNewer(a: ReplicaSet, b: ReplicaSet): number {
  return (
    specReplicas(b) - specReplicas(a) ||
    created(b) - created(a) ||
    compareStrings(b.metadata.name ?? '', a.metadata.name ?? '')
  );
}

/** ReplicaSetsBySizeOlder (proportional scale-down order): larger first, then older, then name. */
export function bySizeOlder(a: ReplicaSet, b: ReplicaSet): number {
  return specReplicas(b) - specReplicas(a) || byCreation(a, b);
}

/**
 * FindNewReplicaSet: the oldest ReplicaSet whose template equals the Deployment's (ignoring
 * the hash label). Oldest wins when several match (possible after a hash collision).
 */
export function findNewReplicaSet(d: Deployment, rsList: readonly ReplicaSet[]): ReplicaSet | undefined {
  if (!rsList.length) return undefined;
  const want = templateKey(d.spec.template);
  return [...rsList].sort(byCreation).find((rs) => templateKey(rs.spec.template) === want);
}

/** FindOldReplicaSets' second result: every ReplicaSet but the new one. */
export function oldReplicaSets(rsList: readonly ReplicaSet[], newRS: ReplicaSet | undefined): ReplicaSet[] {
  return rsList.filter((rs) => !newRS || rs.metadata.uid !== newRS.metadata.uid);
}

/** FilterActiveReplicaSets: ReplicaSets with spec.replicas > 0. */
export function activeReplicaSets(rsList: readonly (ReplicaSet | undefined)[]): ReplicaSet[] {
  return rsList.filter((rs): rs is ReplicaSet => rs !== undefined && specReplicas(rs) > 0);
}

/** GetReplicaCountForReplicaSets: Σ spec.replicas. */
export function sumSpecReplicas(rsList: readonly (ReplicaSet | undefined)[]): number {
  return rsList.reduce((n, rs) => n + (rs ? specReplicas(rs) : 0), 0);
}

/** Σ of one status counter over ReplicaSets (absent counts as 0). */
export function sumStatus(
  rsList: readonly (ReplicaSet | undefined)[],
  field: 'replicas' | 'readyReplicas' | 'availableReplicas',
): number {
  return rsList.reduce((n, rs) => n + (rs?.status?.[field] ?? 0), 0);
}

/**
 * FindActiveOrLatest: with one active ReplicaSet, that one; with none, the new RS or else the
 * newest old one; with several, undefined (proportional scaling decides then).
 */
export function findActiveOrLatest(newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[]): ReplicaSet | undefined {
  if (!newRS && oldRSs.length === 0) return undefined;
  const newestFirst = [...oldRSs].sort((a, b) => byCreation(b, a));
  const all = [...newestFirst, ...(newRS ? [newRS] : [])];
  const active = activeReplicaSets(all);
  if (active.length === 0) return newRS ?? newestFirst[0];
  if (active.length === 1) return active[0];
  return undefined;
}

/**
 * IsSaturated: the new RS is sized for the Deployment (spec and desired-replicas annotation
 * both equal spec.replicas) and all of those replicas are available.
 */
export function isSaturated(d: Deployment, rs: ReplicaSet | undefined): boolean {
  if (!rs) return false;
  const desired = parseReplicasAnnotation(rs.metadata.annotations?.[DESIRED_REPLICAS_ANNOTATION]);
  if (desired === undefined) return false;
  const want = desiredReplicas(d);
  return specReplicas(rs) === want && desired === want && (rs.status?.availableReplicas ?? 0) === want;
}
