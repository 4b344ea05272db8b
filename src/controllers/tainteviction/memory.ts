/**
 * What the taint-eviction controller remembers between steps (its ComponentState, as a real
 * controller keeps it in its process): the NoExecute taints of each tainted node (taintedNodes)
 * and the scheduled and carried-out evictions (its TimedWorkerQueue), in one entry that the pod
 * event handler reads once per event (one lookup; nothing more on a cluster without NoExecute
 * taints); and, per pod on a tainted node, the node name and tolerations it last saw (what
 * upstream's pod update handler compares old and new pods by, to skip updates that change neither).
 */
import type { Taint } from '../../api/core/v1/taint.js';
import type { ComponentState } from '../framework/state.js';
import type { ScheduledEviction } from './timing.js';

const MEMORY_KEY = 'memory';
const seenKey = (podKey: string) => `seen:${podKey}`;

export interface EvictionMemory {
  /** node name → its NoExecute taints (nodes without any are left out) */
  nodes: Readonly<Record<string, readonly Taint[]>>;
  /** pod key → its eviction */
  evictions: Readonly<Record<string, ScheduledEviction>>;
}

/** The memory when nothing is tainted and no eviction is known (no entry is stored then). */
export const EMPTY_MEMORY: EvictionMemory = Object.freeze({ nodes: Object.freeze({}), evictions: Object.freeze({}) });

export function memory(state: ComponentState): EvictionMemory {
  return state.peek<EvictionMemory>(MEMORY_KEY) ?? EMPTY_MEMORY;
}

function keep(state: ComponentState, m: EvictionMemory): void {
  if (Object.keys(m.nodes).length === 0 && Object.keys(m.evictions).length === 0) {
    if (state.text(MEMORY_KEY) !== undefined) state.delete(MEMORY_KEY);
  } else {
    state.set(MEMORY_KEY, m);
  }
}

export function setNodeTaints(state: ComponentState, node: string, taints: readonly Taint[]): void {
  const m = memory(state);
  const nodes = { ...m.nodes };
  if (taints.length) nodes[node] = taints;
  else delete nodes[node];
  keep(state, { ...m, nodes });
}

export function setEviction(state: ComponentState, podKey: string, e: ScheduledEviction | undefined): void {
  const m = memory(state);
  const evictions = { ...m.evictions };
  if (e) evictions[podKey] = e;
  else delete evictions[podKey];
  keep(state, { ...m, evictions });
}

/** Whether the pod was last seen with this fingerprint (its node name and tolerations). */
export function seenAs(state: ComponentState, podKey: string, fingerprint: string): boolean {
  return state.text(seenKey(podKey)) === JSON.stringify(fingerprint);
}

export function setSeenPod(state: ComponentState, podKey: string, fingerprint: string | undefined): void {
  const stored = state.text(seenKey(podKey));
  if (fingerprint === undefined) {
    if (stored !== undefined) state.delete(seenKey(podKey));
  } else if (stored !== JSON.stringify(fingerprint)) {
    state.set(seenKey(podKey), fingerprint);
  }
}
