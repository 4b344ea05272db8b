/**
 * metav1.LabelSelector (`spec.selector` of Deployments, ReplicaSets, ...) as a Selector:
 * apimachinery's LabelSelectorAsSelector and FormatLabelSelector.
 *
 *   {matchLabels: {app: hello, pod-template-hash: 8c9694f75}}
 *     → `app=hello,pod-template-hash=8c9694f75`       (sorted by key)
 *   {matchExpressions: [{key: tier, operator: In, values: [web, api]}]}
 *     → `tier in (api,web)`
 *   {} selects everything; an absent (null) selector selects nothing.
 */
import type { JsonValue } from '../common/json.js';
import { isJsonObject } from '../common/json.js';
import { compareGoStrings } from '../common/go-strings.js';
import { goQuote } from '../common/go-strings.js';
import { SelectorError } from './errors.js';
import { newRequirement, type Operator, type Requirement } from './requirement.js';
import { EVERYTHING, NOTHING, selectorMatches, selectorString, type Selector } from './selector.js';

export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

const OPERATORS: Record<string, Operator> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/** LabelSelectorAsSelector; throws SelectorError for invalid keys, values or operators. */
export function labelSelectorAsSelector(ps: LabelSelector | JsonValue | null | undefined): Selector {
  if (ps === null || ps === undefined) return NOTHING;
  const sel = (isJsonObject(ps) ? ps : {}) as LabelSelector;
  const matchLabels = sel.matchLabels ?? {};
  const exprs = sel.matchExpressions ?? [];
  const labelKeys = Object.keys(matchLabels).sort(compareGoStrings);
  if (labelKeys.length + exprs.length === 0) return EVERYTHING;
  const reqs: Requirement[] = labelKeys.map((k) => newRequirement(k, '=', [matchLabels[k] as string]));
  for (const e of exprs) {
    const op = Object.prototype.hasOwnProperty.call(OPERATORS, e.operator) ? OPERATORS[e.operator] : undefined;
    if (!op) throw new SelectorError(`${goQuote(e.operator)} is not a valid label selector operator`);
    // An absent or empty values list is a nil slice upstream (`[]string(nil)` in errors).
    reqs.push(newRequirement(e.key, op, e.values && e.values.length > 0 ? e.values : null));
  }
  const sorted = reqs
    .map((r, i) => [r, i] as const)
    .sort((a, b) => compareGoStrings(a[0].key, b[0].key) || a[1] - b[1])
    .map(([r]) => r);
  return { kind: 'requirements', requirements: sorted };
}

/** FormatLabelSelector: the string form, `<none>` when empty, `<error>` when invalid. */
export function formatLabelSelector(ps: LabelSelector | JsonValue | null | undefined): string {
  let s: string;
  try {
    s = selectorString(labelSelectorAsSelector(ps));
  } catch (e) {
    if (e instanceof SelectorError) return '<error>';
    throw e;
  }
  return s === '' ? '<none>' : s;
}

/** A metav1.LabelSelector compiled for matching, as controllers and validation use it. */
export interface CompiledLabelSelector {
  /** labels.Selector.Empty(): true only for `{}` (matches everything) */
  empty: boolean;
  matches(labels: Readonly<Record<string, string>> | undefined): boolean;
  /** the selector itself, for an API server's indexed listing */
  selector: Selector;
}

/**
 * LabelSelectorAsSelector for code that matches objects: nil matches nothing (and is not
 * empty), `{}` matches everything, an invalid selector gives undefined (upstream's error).
 */
export function compileLabelSelector(ps: LabelSelector | JsonValue | null | undefined): CompiledLabelSelector | undefined {
  // Controllers compile the same stored (frozen) selectors for every pod they look at: once is enough.
  if (typeof ps !== 'object' || ps === null || !Object.isFrozen(ps)) return compileUncached(ps);
  if (compiled.has(ps)) return compiled.get(ps);
  const c = compileUncached(ps);
  compiled.set(ps, c);
  return c;
}

const compiled = new WeakMap<object, CompiledLabelSelector | undefined>();

function compileUncached(ps: LabelSelector | JsonValue | null | undefined): CompiledLabelSelector | undefined {
  let sel: Selector;
  try {
    sel = labelSelectorAsSelector(ps);
  } catch (e) {
    if (e instanceof SelectorError) return undefined;
    throw e;
  }
  return {
    empty: sel.kind === 'requirements' && sel.requirements.length === 0,
    matches: (labels) => selectorMatches(sel, labels),
    selector: sel,
  };
}

/**
 * The selector's string form (`app=hello,pod-template-hash=8c9694f75`), or undefined when it is
 * invalid (the Deployment printer then shows `<invalid>`); nil gives ''.
 */
export function labelSelectorString(ps: LabelSelector | JsonValue | null | undefined): string | undefined {
  try {
    return selectorString(labelSelectorAsSelector(ps));
  } catch (e) {
    if (e instanceof SelectorError) return undefined;
    throw e;
  }
}
