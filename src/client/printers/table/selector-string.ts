import { compareGoStrings } from '../../../common/go-strings.js';

/** metav1.LabelSelectorRequirement. */
export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

/** metav1.LabelSelector. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

/** One labels.Requirement after conversion: key, rendered operator, values. */
interface Requirement {
  key: string;
  op: 'in' | 'notin' | 'exists' | '!' | '=';
  values: string[];
}

/**
 * metav1.LabelSelectorAsSelector(sel).String(), or undefined where Go returns an error (an unknown
 * operator, `In`/`NotIn` without values, `Exists`/`DoesNotExist` with values).
 *
 * Requirements are sorted by key (labels.Selector.Add sorts them), matchLabels become `k=v`,
 * and expressions render as `k in (a,b)`, `k notin (a)`, `k`, `!k` with their values sorted:
 *   {matchLabels: {tier: web}, matchExpressions: [{key: app, operator: In, values: [b, a]}]}
 *   → `app in (a,b),tier=web`
 * A nil or empty selector gives `` (labels.Nothing / labels.Everything both print as empty).
 */
export function labelSelectorString(sel: LabelSelector | null | undefined): string | undefined {
  if (!sel) return '';
  const reqs: Requirement[] = [];
  for (const [key, value] of Object.entries(sel.matchLabels ?? {})) {
    reqs.push({ key, op: '=', values: [value] });
  }
  for (const expr of sel.matchExpressions ?? []) {
    const values = [...(expr.values ?? [])];
    switch (expr.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) return undefined;
        reqs.push({ key: expr.key, op: expr.operator === 'In' ? 'in' : 'notin', values });
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length !== 0) return undefined;
        reqs.push({ key: expr.key, op: expr.operator === 'Exists' ? 'exists' : '!', values });
        break;
      default:
        return undefined;
    }
  }
  // Stable, like Go's insertion sort for the handful of requirements a selector has.
  reqs.sort((a, b) => compareGoStrings(a.key, b.key));
  return reqs.map(requirementString).join(',');
}

function requirementString(r: Requirement): string {
  const values = [...r.values].sort(compareGoStrings).join(',');
  switch (r.op) {
    case 'exists':
      return r.key;
    case '!':
      return `!${r.key}`;
    case '=':
      return `${r.key}=${values}`;
    case 'in':
      return `${r.key} in (${values})`;
    case 'notin':
      return `${r.key} notin (${values})`;
  }
}

/**
 * metav1.FormatLabelSelector (ReplicaSet and DaemonSet SELECTOR): like labelSelectorString, but
 * `<none>` when empty and `<error>` when the selector does not convert.
 */
export function formatLabelSelector(sel: LabelSelector | null | undefined): string {
  const s = labelSelectorString(sel);
  if (s === undefined) return '<error>';
  return s.length === 0 ? '<none>' : s;
}
