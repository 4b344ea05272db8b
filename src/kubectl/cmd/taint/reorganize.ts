/**
 * The new taints of one node (pkg/cmd/taint/utils.go reorganizeTaints and its helpers): the
 * taints to add first, then the node's other taints in their order, minus the removed ones; and
 * the word kubectl prints for it.
 *
 * Worked example, node taints [dedicated=gpu:NoSchedule, node.kubernetes.io/unschedulable:NoSchedule]:
 *  - `spot:PreferNoSchedule` → [spot:PreferNoSchedule, dedicated=gpu:NoSchedule, unschedulable]:
 *    3 taints where there were 2, "tainted";
 *  - `dedicated-` → [unschedulable], "untainted";
 *  - `spot:PreferNoSchedule dedicated-` → added and removed: "modified";
 *  - `dedicated=db:NoSchedule --overwrite` → [dedicated=db:NoSchedule, unschedulable]: the old
 *    dedicated:NoSchedule is replaced (same key and effect), the count stays 2; --overwrite
 *    always says "modified".
 * A removal that finds nothing is an error (`taint "x" not found`), and then nothing is written.
 */
import type { Taint } from '../../../api/core/v1/taint.js';
import { type TaintChanges, type TaintToRemove, taintText } from './taint-specs.js';

/** The operation words of the taint command's printer. */
export const TAINT_OPERATION = {
  modified: 'modified',
  tainted: 'tainted',
  untainted: 'untainted',
} as const;

export type TaintOperation = (typeof TAINT_OPERATION)[keyof typeof TAINT_OPERATION];

/** The result for one node: its new taints and the word, or the errors of removals that found nothing. */
export type Reorganized = { taints: Taint[]; operation: TaintOperation; errors: [] } | { errors: string[] };

/** Taint.MatchTaint: same key and effect. */
function sameTaint(a: { key: string; effect: string }, b: { key: string; effect: string }): boolean {
  return a.key === b.key && a.effect === b.effect;
}

/**
 * checkIfTaintsAlreadyExists: the keys of the taints to add that the node has with the same
 * effect, joined by `,` (empty when none): `dedicated,node.kubernetes.io/unschedulable`.
 */
export function existingTaintKeys(old: readonly Taint[], add: readonly Taint[]): string {
  const keys: string[] = [];
  for (const t of add) for (const o of old) if (sameTaint(t, o)) keys.push(t.key);
  return keys.join(',');
}

function removeOne(taints: Taint[], r: TaintToRemove): { taints: Taint[]; removed: boolean } {
  const kept = r.effect ? taints.filter((t) => !sameTaint(t, r)) : taints.filter((t) => t.key !== r.key);
  return { taints: kept, removed: kept.length !== taints.length };
}

/** reorganizeTaints (the --overwrite=false check of existingTaintKeys comes before it). */
export function reorganizeTaints(old: readonly Taint[], overwrite: boolean, changes: TaintChanges): Reorganized {
  let taints: Taint[] = [...changes.add];
  for (const o of old) if (!taints.some((t) => sameTaint(t, o))) taints.push(o);
  const added = taints.length !== old.length;
  const errors: string[] = [];
  // As upstream, "deleted" is whether the *last* removal removed something.
  let deleted = false;
  for (const r of changes.remove) {
    const result = removeOne(taints, r);
    taints = result.taints;
    deleted = result.removed;
    if (!deleted) errors.push(`taint ${JSON.stringify(taintText(r))} not found`);
  }
  if (errors.length) return { errors };
  const operation = (added && deleted) || overwrite ? TAINT_OPERATION.modified : added ? TAINT_OPERATION.tainted : TAINT_OPERATION.untainted;
  return { taints, operation, errors: [] };
}
