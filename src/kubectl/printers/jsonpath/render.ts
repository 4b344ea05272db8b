/**
 * Rendering of jsonpath results as client-go's `JSONPath.PrintResults` writes them.
 *
 * Per top-level node, its values are joined by a single space. Maps and lists are compact
 * Go JSON (sorted keys, `<>&` escaped); strings are raw; numbers and booleans are
 * `fmt.Fprint`ed; null prints `null`; the zero value a range hands over for a null element
 * prints `<no value>`. Nothing is appended: `{.metadata.name}` prints no newline.
 *
 * In JSON mode (`-o jsonpath-as-json`) each top-level node's values become one JSON array,
 * indented by 4 spaces and followed by a newline, so `{.a}{.b}` prints two arrays.
 */
import type { JsonValue } from '../../../common/json.js';
import { findJsonPathResults, type JsonPathOptions } from './evaluate.js';
import { goSprint } from './go-fmt.js';
import { goJsonMarshal, goJsonMarshalIndent } from './go-json.js';
import type { JsonPathTemplate } from './nodes.js';
import { INVALID, goKind, type Value } from './values.js';

function valueText(v: Value): string {
  const kind = goKind(v);
  if (kind === 'map' || kind === 'slice') return goJsonMarshal(v);
  if (v === INVALID) return '<no value>';
  if (v === null) return 'null';
  return goSprint(v);
}

/** Renders the values of one top-level node. */
export function renderJsonPathResults(results: Value[], outputJson: boolean): string {
  if (outputJson) return goJsonMarshalIndent(results as JsonValue[]) + '\n';
  return results.map(valueText).join(' ');
}

/** Evaluates and renders a template: what `kubectl -o jsonpath=...` prints for one object. */
export function executeJsonPath(
  t: JsonPathTemplate,
  data: JsonValue,
  opts: JsonPathOptions & { outputJson?: boolean } = { allowMissingKeys: true },
): string {
  return findJsonPathResults(t, data, opts)
    .map((r) => renderJsonPathResults(r, opts.outputJson ?? false))
    .join('');
}
