/**
 * The `KEY=VALUE` / `KEY-` arguments of `kubectl label` and `kubectl annotate`, split from the
 * resource arguments and parsed with each command's own rules and wording
 * (kubectl cmd/util/helpers.go GetResourcesAndPairs + ParsePairs, label.go parseLabels,
 * annotate.go validateAnnotations).
 */
import { isValidLabelValue } from '../../apiserver/validation/name-formats.js';
import { CliError } from '../util/errors.js';

/** What one command line asks to change in a string map (labels or annotations). */
export interface MapChanges {
  /** keys to set, in the order they were typed; a repeated key keeps its last value */
  set: Map<string, string>;
  /** keys to delete (`KEY-`), in the order typed */
  remove: string[];
}

/**
 * Splits `TYPE NAME K=V K-` into resource arguments and pairs. An argument is a pair when it
 * holds `=` (not first) or ends in `-` (and is not just `-`). Once a pair was seen, every later
 * argument must be a pair: `label pods x a=1 y` fails with
 * `all resources must be specified before label changes: y`. `=a` and `-` count as resources.
 */
export function splitResourcesAndPairs(args: string[], pairType: 'label' | 'annotation'): { resources: string[]; pairs: string[] } {
  const resources: string[] = [];
  const pairs: string[] = [];
  for (const s of args) {
    const isPair = (s.includes('=') && !s.startsWith('=')) || (s.endsWith('-') && s !== '-');
    if (isPair) pairs.push(s);
    else if (pairs.length > 0) throw new CliError(`all resources must be specified before ${pairType} changes: ${s}`);
    else resources.push(s);
  }
  return { resources, pairs };
}

/**
 * label.go parseLabels: `k=v` must have exactly one `=` and a valid label value; anything
 * else that is not `k-` is unknown. Keys are not checked here (the API server does that).
 * The first bad spec stops parsing:
 *   `a=b=c` → `invalid label spec: a=b=c`
 *   `a=b c` → `invalid label value: "a=b c": a valid label must be ...`
 */
export function parseLabelSpecs(specs: string[]): MapChanges {
  const set = new Map<string, string>();
  const remove: string[] = [];
  for (const spec of specs) {
    if (spec.includes('=')) {
      const parts = spec.split('=');
      if (parts.length !== 2) throw new CliError(`invalid label spec: ${spec}`);
      const errs = isValidLabelValue(parts[1]!);
      if (errs.length) throw new CliError(`invalid label value: ${goQuote(spec)}: ${errs.join(';')}`);
      set.set(parts[0]!, parts[1]!);
    } else if (spec.endsWith('-')) {
      remove.push(spec.slice(0, -1));
    } else {
      throw new CliError(`unknown label spec: ${spec}`);
    }
  }
  if (remove.some((k) => set.has(k))) throw new CliError('can not both modify and remove a label in the same command');
  return { set, remove };
}

/**
 * ParsePairs(…, "annotation", true): the value is everything after the first `=` (`a=b=c`
 * sets a to `b=c`, `e=` sets an empty value); other arguments are listed together:
 * `invalid annotation format: x, y`.
 */
export function parseAnnotationSpecs(specs: string[]): MapChanges {
  const set = new Map<string, string>();
  const remove: string[] = [];
  const invalid: string[] = [];
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    if (eq > 0) set.set(spec.slice(0, eq), spec.slice(eq + 1));
    else if (spec.endsWith('-') && spec !== '-') remove.push(spec.slice(0, -1));
    else invalid.push(spec);
  }
  if (invalid.length) throw new CliError(`invalid annotation format: ${invalid.join(', ')}`);
  return { set, remove };
}

/**
 * annotate.go validateAnnotations, run last among annotate's checks: keys both set and
 * removed are listed together, in removal order:
 * `can not both modify and remove the following annotation(s) in the same command: a, c`.
 */
export function checkAnnotationModifyRemove(changes: MapChanges): void {
  const both = changes.remove.filter((k) => changes.set.has(k));
  if (both.length) {
    throw new CliError(`can not both modify and remove the following annotation(s) in the same command: ${both.join(', ')}`);
  }
}

/** Go's %q for the strings that occur here (printable text): a JSON string literal. */
function goQuote(s: string): string {
  return JSON.stringify(s);
}
