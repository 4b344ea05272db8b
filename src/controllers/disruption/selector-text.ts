/**
 * A *metav1.LabelSelector as Go's %v prints it (its generated String()), for the UnmanagedPods
 * event: `&LabelSelector{MatchLabels:map[string]string{app: web,},MatchExpressions:[]LabelSelectorRequirement{},}`.
 */
import type { LabelSelector } from '../../labels/label-selector.js';
import { compareGoStrings } from '../../common/go-strings.js';

export function labelSelectorGoString(sel: LabelSelector | null | undefined): string {
  if (!sel) return 'nil';
  const labels = sel.matchLabels ?? {};
  const keys = Object.keys(labels).sort(compareGoStrings);
  const ml = `map[string]string{${keys.map((k) => `${k}: ${labels[k] ?? ''},`).join('')}}`;
  const exprs = (sel.matchExpressions ?? [])
    .map((e) => `LabelSelectorRequirement{Key:${e.key},Operator:${e.operator},Values:[${(e.values ?? []).join(' ')}],},`)
    .join('');
  return `&LabelSelector{MatchLabels:${ml},MatchExpressions:[]LabelSelectorRequirement{${exprs}},}`;
}
