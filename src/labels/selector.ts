/**
 * A label selector: a conjunction of requirements, or "nothing" (what a nil
 * metav1.LabelSelector converts to). No requirements at all selects everything.
 */
import { requirementMatches, requirementString, type Requirement } from './requirement.js';

export type Selector =
  | { readonly kind: 'requirements'; readonly requirements: readonly Requirement[] }
  | { readonly kind: 'nothing' };

/** labels.Everything(). */
export const EVERYTHING: Selector = { kind: 'requirements', requirements: [] };
/** labels.Nothing(). */
export const NOTHING: Selector = { kind: 'nothing' };

/** Whether an object with these labels is selected; missing labels are no labels. */
export function selectorMatches(sel: Selector, labels: Readonly<Record<string, string>> | undefined): boolean {
  if (sel.kind === 'nothing') return false;
  const ls = labels ?? {};
  return sel.requirements.every((r) => requirementMatches(r, ls));
}

/** Selector.String(): requirements joined by `,`; empty for Everything and Nothing. */
export function selectorString(sel: Selector): string {
  return sel.kind === 'nothing' ? '' : sel.requirements.map(requirementString).join(',');
}

/** Selector.Empty(): true only for a selector without requirements (not for Nothing). */
export function selectorIsEmpty(sel: Selector): boolean {
  return sel.kind === 'requirements' && sel.requirements.length === 0;
}
