/**
 * Label selectors as `-l/--selector` and `spec.selector` use them: the public entry point of
 * this directory.
 */
import { parseRequirements } from './parser.js';
import type { Selector } from './selector.js';

export { SelectorError } from './errors.js';
export type { Requirement, Operator } from './requirement.js';
export { newRequirement, requirementMatches, requirementString } from './requirement.js';
export { EVERYTHING, NOTHING, selectorMatches, selectorString, selectorIsEmpty, type Selector } from './selector.js';
export {
  labelSelectorAsSelector,
  compileLabelSelector,
  labelSelectorString,
  type CompiledLabelSelector,
  formatLabelSelector,
  type LabelSelector,
  type LabelSelectorRequirement,
} from './metav1-label-selector.js';
export { parseRequirements } from './parser.js';

/**
 * labels.Parse: a selector string such as `app=web,tier in (fe,be),!canary`. Throws
 * SelectorError with apimachinery's message. The empty string selects everything.
 */
export function parseSelector(s: string): Selector {
  return { kind: 'requirements', requirements: parseRequirements(s) };
}
