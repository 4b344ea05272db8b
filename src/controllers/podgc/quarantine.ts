import type { ComponentState } from '../framework/state.js';

/**
 * The controller's nodeQueue ("orphaned_pods_nodes", a delaying queue): node names that pods are
 * bound to but the node informer does not hold, each with the instant it comes out of quarantine.
 * An AddAfter of a node already waiting keeps the earlier instant, as client-go's delaying queue
 * does. Kept in the controller's memory as one map (a handful of nodes at most).
 */
const KEY = 'quarantine';

export type Quarantine = Record<string, number>;

export function readQuarantine(state: ComponentState): Quarantine {
  return state.get<Quarantine>(KEY) ?? {};
}

export function writeQuarantine(state: ComponentState, q: Quarantine): void {
  if (Object.keys(q).length === 0) state.delete(KEY);
  else state.set(KEY, q);
}

/** AddAfter: whether the node's instant changed (it was not waiting, or waited longer). */
export function addAfter(q: Quarantine, node: string, readyMs: number): boolean {
  const known = q[node];
  if (known !== undefined && known <= readyMs) return false;
  q[node] = readyMs;
  return true;
}

/** The nodes whose quarantine is over at nowMs (taken out of the queue: Get and Done), in name order. */
export function takeReady(q: Quarantine, nowMs: number): string[] {
  const ready = Object.keys(q)
    .filter((n) => (q[n] ?? Infinity) <= nowMs)
    .sort();
  for (const n of ready) delete q[n];
  return ready;
}

/** The earliest instant a node still waiting comes out, if any. */
export function nextReady(q: Quarantine): number | undefined {
  let next: number | undefined;
  for (const t of Object.values(q)) if (next === undefined || t < next) next = t;
  return next;
}
