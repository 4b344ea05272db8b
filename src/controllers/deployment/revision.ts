import { MAX_REVISION_HISTORY_CHARS, copyDeploymentAnnotations, setReplicasAnnotations } from './annotations.js';
import { REVISION_ANNOTATION, REVISION_HISTORY_ANNOTATION } from '../../api/apps/v1/annotations.js';
import type { KubeObject } from '../../api/meta/v1.js';
import type { Deployment } from '../../api/apps/v1/deployment.js';
import type { ReplicaSet } from '../../api/apps/v1/replica-set.js';

/**
 * Revisions: each template a Deployment has rolled out is a ReplicaSet whose
 * `deployment.kubernetes.io/revision` says when it was last the new one. A new template gets
 * max(old revisions)+1; reviving an old template moves its ReplicaSet to max+1 and remembers the
 * number it had in `revision-history`.
 */

/** strconv.ParseInt(s, 10, 64) for revision strings: undefined when not an integer. */
export function parseRevision(s: string): number | undefined {
  return /^[+-]?\d+$/.test(s) ? Number(s) : undefined;
}

/** Revision(rs): the annotation as a number; no annotation is revision 0; unparseable is undefined. */
export function revisionOf(o: KubeObject): number | undefined {
  const v = o.metadata.annotations?.[REVISION_ANNOTATION];
  return v === undefined ? 0 : parseRevision(v);
}

/** MaxRevision: the highest parseable revision (0 for none); unparseable ones are skipped. */
export function maxRevision(rsList: readonly ReplicaSet[]): number {
  let max = 0;
  for (const rs of rsList) {
    const r = revisionOf(rs);
    if (r !== undefined && r > max) max = r;
  }
  return max;
}

/**
 * Appends `oldRevision` to a revision-history value, dropping the oldest entries while the
 * result would exceed `limit` characters:
 *   ("", "1") → "1";  ("1,3", "4") → "1,3,4";  ("1,3", "4") with limit 4 → "3,4".
 * undefined when even the new entry alone does not fit.
 */
export function appendRevisionHistory(history: string, oldRevision: string, limit = MAX_REVISION_HISTORY_CHARS): string | undefined {
  const entries = history.split(',');
  if (entries[0] === '') return oldRevision;
  let total = history.length + oldRevision.length + 1;
  let start = 0;
  while (total > limit && start < entries.length) {
    total -= (entries[start] ?? '').length + 1;
    start++;
  }
  if (total > limit) return undefined;
  return [...entries.slice(start), oldRevision].join(',');
}

/**
 * SetNewReplicaSetAnnotations on `rs` (mutated): copy the Deployment's annotations, raise the
 * revision to `newRevision` if it is lower (recording the old one in revision-history when the
 * RS had one, i.e. it is being revived), and for an RS about to be created also
 * desired-replicas/max-replicas. Returns whether anything changed.
 */
export function setNewReplicaSetAnnotations(
  d: Deployment,
  rs: ReplicaSet,
  newRevision: number,
  exists: boolean,
  replicas: { desired: number; max: number },
): boolean {
  const annotations = (rs.metadata.annotations ??= {});
  let changed = copyDeploymentAnnotations(d.metadata.annotations, annotations);
  const had = Object.prototype.hasOwnProperty.call(annotations, REVISION_ANNOTATION);
  const oldRevision = annotations[REVISION_ANNOTATION] ?? '';
  let oldRevisionInt = 0;
  if (oldRevision !== '') {
    const parsed = parseRevision(oldRevision);
    if (parsed === undefined) return false;
    oldRevisionInt = parsed;
  }
  if (oldRevisionInt < newRevision) {
    annotations[REVISION_ANNOTATION] = String(newRevision);
    changed = true;
    if (had) {
      const next = appendRevisionHistory(annotations[REVISION_HISTORY_ANNOTATION] ?? '', oldRevision);
      if (next !== undefined) annotations[REVISION_HISTORY_ANNOTATION] = next;
    }
  }
  if (!exists && setReplicasAnnotations(annotations, replicas.desired, replicas.max)) changed = true;
  return changed;
}

/** SetDeploymentRevision: sets the Deployment's revision annotation; returns whether it changed. */
export function setDeploymentRevision(d: Deployment, revision: string): boolean {
  const annotations = (d.metadata.annotations ??= {});
  if (annotations[REVISION_ANNOTATION] === revision) return false;
  annotations[REVISION_ANNOTATION] = revision;
  return true;
}

/**
 * LastRevision (for the legacy rollback annotation): the second-highest revision among all
 * ReplicaSets, 0 if there is none. Revisions [1, 3, 2] → 2; [4] → 0.
 */
export function lastRevision(rsList: readonly ReplicaSet[]): number {
  let max = 0;
  let second = 0;
  for (const rs of rsList) {
    const v = revisionOf(rs);
    if (v === undefined) continue;
    if (v >= max) {
      second = max;
      max = v;
    } else if (v > second) {
      second = v;
    }
  }
  return second;
}
