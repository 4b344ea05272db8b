/**
 * What the taint-eviction controller remembers between steps (its ComponentState, as a real
 * controller keeps it in its process): the NoExecute taints of each tainted node (taintedNodes),
 * the scheduled and carried-out evictions (its TimedWorkerQueue), and per pod on a tainted node
 * the node name and tolerations it last saw (what upstream's pod update handler compares old and
 * new pods by, to skip updates that change neither).
 */
import type { Taint } from '../../api/core/v1/taint.js';
import type { ComponentState } from '../framework/state.js';
import type { ScheduledEviction } from './timing.js';

const NODES_KEY = 'tainted-nodes';
const WORK_KEY = 'evictions';
const seenKey = (podKey: string) => `seen:${podKey}`;

export type TaintedNodes = Readonly<Record<string, readonly Taint[]>>;
export type Evictions = Readonly<Record<string, ScheduledEviction>>;

export function taintedNodes(state: ComponentState): TaintedNodes {
  return state.peek<Record<string, Taint[]>>(NODES_KEY) ?? {};
}

export function setNodeTaints(state: ComponentState, node: string, taints: readonly Taint[]): void {
  const all = { ...taintedNodes(state) };
  if (taints.length) all[node] = taints;
  else delete all[node];
  state.set(NODES_KEY, all);
}

export function evictions(state: ComponentState): Evictions {
  return state.peek<Record<string, ScheduledEviction>>(WORK_KEY) ?? {};
}

export function setEviction(state: ComponentState, podKey: string, e: ScheduledEviction | undefined): void {
  const all = { ...evictions(state) };
  if (e) all[podKey] = e;
  else delete all[podKey];
  state.set(WORK_KEY, all);
}

/** Whether the pod was last seen with this fingerprint (its node name and tolerations). */
export function seenAs(state: ComponentState, podKey: string, fingerprint: string): boolean {
  return state.text(seenKey(podKey)) === JSON.stringify(fingerprint);
}

export function setSeenPod(state: ComponentState, podKey: string, fingerprint: string | undefined): void {
  if (fingerprint === undefined) {
    if (state.text(seenKey(podKey)) !== undefined) state.delete(seenKey(podKey));
  } else if (state.text(seenKey(podKey)) !== JSON.stringify(fingerprint)) {
    state.set(seenKey(podKey), fingerprint);
  }
}
