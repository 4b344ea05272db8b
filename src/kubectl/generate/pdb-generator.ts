/**
 * `kubectl create poddisruptionbudget NAME --selector=S --min-available=N|N% | --max-unavailable=...`
 * (create_pdb.go): Validate's checks in its order, then the object, whose selector is
 * metav1.ParseToLabelSelector of the flag (`app=web` → matchLabels, `tier in (a,b)`, `!x`,
 * `x` → matchExpressions) and whose count is intstr.Parse of it (`2` → 2, `50%` → "50%").
 * status (four zeros without omitempty) is added by the typed printer, not here.
 */
import type { JsonObject } from '../../common/json.js';
import { compareGoStrings, goQuote } from '../../common/go-strings.js';
import { parseRequirements, SelectorError } from '../../labels/label-selector.js';

export interface PdbParams {
  name: string;
  selector: string;
  minAvailable: string;
  maxUnavailable: string;
  /** set only when -n was given (kubectl's EnforceNamespace) */
  namespace?: string;
}

/** Validate(): a selector, exactly one of the two counts, each a number or a percentage (`10`, `30%`, not `10Gb`). */
export function validatePdbParams(p: Omit<PdbParams, 'namespace'>): void {
  if (!p.name) throw new Error('name must be specified');
  if (!p.selector) throw new Error('a selector must be specified');
  if (!p.maxUnavailable && !p.minAvailable) throw new Error('one of min-available or max-unavailable must be specified');
  if (p.maxUnavailable && p.minAvailable) throw new Error('min-available and max-unavailable cannot be both specified');
  const re = /^[0-9]+%?$/;
  if (p.minAvailable && !re.test(p.minAvailable)) throw new Error('invalid format specified for min-available');
  if (p.maxUnavailable && !re.test(p.maxUnavailable)) throw new Error('invalid format specified for max-unavailable');
}

/** intstr.Parse: a string Atoi accepts is an int, anything else stays a string. */
function intOrString(v: string): number | string {
  return /^[+-]?[0-9]+$/.test(v) ? Number(v) : v;
}

/** The selector operators as metav1's LabelSelectorOperator spells them. */
const OPERATORS: Readonly<Record<string, string>> = { in: 'In', notin: 'NotIn', exists: 'Exists', '!': 'DoesNotExist' };

/** metav1.ParseToLabelSelector: equality requirements become matchLabels, set-based ones matchExpressions (values sorted). */
export function parseToLabelSelector(selector: string): JsonObject {
  let reqs;
  try {
    reqs = parseRequirements(selector);
  } catch (e) {
    if (e instanceof SelectorError) throw new Error(`couldn't parse the selector string ${goQuote(selector)}: ${e.message}`);
    throw e;
  }
  const matchLabels: Record<string, string> = {};
  const matchExpressions: JsonObject[] = [];
  for (const r of reqs) {
    if (r.operator === '=' || r.operator === '==') {
      matchLabels[r.key] = r.values[0] ?? '';
      continue;
    }
    if (r.operator === 'gt' || r.operator === 'lt') throw new Error(`${goQuote(r.operator)} isn't supported in label selectors`);
    const op = OPERATORS[r.operator];
    if (!op) throw new Error(`${goQuote(r.operator)} is not a valid label selector operator`);
    const values = [...r.values].sort(compareGoStrings);
    matchExpressions.push(values.length ? { key: r.key, operator: op, values } : { key: r.key, operator: op });
  }
  const out: JsonObject = {};
  if (Object.keys(matchLabels).length) out['matchLabels'] = matchLabels;
  if (matchExpressions.length) out['matchExpressions'] = matchExpressions;
  return out;
}

export function generatePdb(p: PdbParams): JsonObject {
  const metadata: JsonObject = { name: p.name };
  if (p.namespace) metadata['namespace'] = p.namespace;
  const spec: JsonObject = { selector: parseToLabelSelector(p.selector) };
  if (p.minAvailable) spec['minAvailable'] = intOrString(p.minAvailable);
  else if (p.maxUnavailable) spec['maxUnavailable'] = intOrString(p.maxUnavailable);
  return { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata, spec };
}
