import { parseJsonPath, type JsonPathTemplate } from '../../printers/jsonpath/index.js';
import { relaxedJsonPathExpression } from '../../printers/custom-columns.js';
import { CliError } from '../../util/errors.js';

/** What `kubectl wait --for=...` waits for. */
export type ForCondition =
  | { kind: 'delete' }
  | { kind: 'create' }
  /** status.conditions[type=name].status equals value (case-folded); value defaults to "true" */
  | { kind: 'condition'; name: string; value: string }
  /** a jsonpath result equal to value, or any non-empty result when value is undefined */
  | { kind: 'jsonpath'; template: JsonPathTemplate; value?: string };

/**
 * splitJSONPathInput: splits on `=` but keeps `==` (a filter's comparison) inside a part:
 * `{.items[?(@.a=="x")]}=3` → [`{.items[?(@.a=="x")]}`, `3`].
 */
export function splitJsonPathInput(input: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < input.length; i++) {
    if (input[i] === '=') {
      if (input[i + 1] === '=') {
        cur += '==';
        i++;
        continue;
      }
      out.push(cur);
      cur = '';
      continue;
    }
    cur += input[i];
  }
  out.push(cur);
  return out;
}

/**
 * conditionFuncFor (wait.go), with kubectl's messages:
 *
 *   delete | create (any case)                → delete / create
 *   condition=Available                       → condition Available = "true"
 *   condition=Available=False                 → condition Available = "False"
 *   jsonpath={.status.phase}=Running          → jsonpath, value "Running" (quotes trimmed)
 *   jsonpath={.status.loadBalancer.ingress}   → jsonpath, any value
 *   anything else                             → `unrecognized condition: "..."`
 */
export function parseForCondition(text: string): ForCondition {
  const lower = text.toLowerCase();
  if (lower === 'delete') return { kind: 'delete' };
  if (lower === 'create') return { kind: 'create' };
  if (text.startsWith('condition=')) {
    const rest = text.slice('condition='.length);
    const eq = rest.indexOf('=');
    return eq < 0 ? { kind: 'condition', name: rest, value: 'true' } : { kind: 'condition', name: rest.slice(0, eq), value: rest.slice(eq + 1) };
  }
  if (text.startsWith('jsonpath=')) {
    const parts = splitJsonPathInput(text.slice('jsonpath='.length));
    if (parts.length < 1 || parts.length > 2) {
      throw new CliError("jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'");
    }
    const expr = relaxedJsonPathExpression(parts[0]!);
    let value: string | undefined;
    if (parts.length === 2) {
      value = parts[1]!.replace(/^['"]+|['"]+$/g, '');
      if (value === '') throw new CliError("jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3");
    }
    if (expr === '') throw new CliError('jsonpath expression cannot be empty');
    const template = parseJsonPath(expr);
    return value === undefined ? { kind: 'jsonpath', template } : { kind: 'jsonpath', template, value };
  }
  throw new CliError(`unrecognized condition: ${JSON.stringify(text)}`);
}
