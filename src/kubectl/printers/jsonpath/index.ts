/** kubectl's jsonpath dialect: parse a template, find its results, render them. */
export { JsonPathError } from './errors.js';
export type { JsonPathTemplate, JsonPathNode } from './nodes.js';
export { parseJsonPath } from './parser.js';
export { findJsonPathResults, type JsonPathOptions } from './evaluate.js';
export { executeJsonPath, renderJsonPathResults } from './render.js';
export { goSprint, goSharpV, formatGoFloat } from './go-fmt.js';
export { goJsonMarshal, goJsonMarshalIndent } from './go-json.js';
export type { Value as JsonPathValue } from './values.js';
