/**
 * How deeply JSON values may nest, and how deeply one does (measured without recursion, as
 * the value may be too deep for it). Why kubemu's limit is below kubectl's: see
 * src/kubectl/manifests/input-limits.ts.
 */

/** Go's encoding/json maxNestingDepth and go-yaml v2's max_flow_level / max_indents. */
export const MAX_NESTING_DEPTH = 10000;

/** The deepest value kubemu reads or stores. */
export const KUBEMU_MAX_DEPTH = 1000;

/**
 * The nesting depth of a JSON value (a scalar is 0, `{}` and `[]` are 1), computed without
 * recursion, stopping as soon as it passes `limit` (then returns limit + 1).
 */
export function jsonDepthBeyond(value: unknown, limit: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    const depth = d + 1;
    if (depth > max) {
      max = depth;
      if (max > limit) return limit + 1;
    }
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth]);
    }
  }
  return max;
}
