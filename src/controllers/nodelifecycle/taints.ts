import type { Node } from '../../api/core/v1/node.js';
import { NODE_CONDITION, nodeCondition } from '../../api/core/v1/node.js';
import { TAINT_EFFECT, TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE, TAINT_NODE_UNSCHEDULABLE, type Taint } from '../../api/core/v1/taint.js';

/**
 * The taints the node lifecycle controller keeps on a node, from its conditions:
 * - doNoScheduleTaintingPass: a NoSchedule taint per condition (Ready False → not-ready,
 *   Unknown → unreachable; MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable True
 *   → memory-pressure, disk-pressure, pid-pressure, network-unavailable) and unschedulable for
 *   a cordoned node; any other NoSchedule taint of those keys is removed;
 * - doNoExecuteTaintingPass / markNodeAsReachable: Ready False → not-ready:NoExecute, Unknown →
 *   unreachable:NoExecute (the two exclusive), True → neither; no Ready condition leaves them.
 * Added taints carry timeAdded (SwapNodeControllerTaint); the rest of spec.taints is kept in order.
 * Upstream's eviction rate limiter (--node-eviction-rate 0.1/s per zone) and zone disruption
 * modes are not emulated: the NoExecute taint is added at once.
 */

const CONDITION_TAINTS: Record<string, Record<string, string>> = {
  [NODE_CONDITION.Ready]: { False: TAINT_NODE_NOT_READY, Unknown: TAINT_NODE_UNREACHABLE },
  [NODE_CONDITION.MemoryPressure]: { True: 'node.kubernetes.io/memory-pressure' },
  [NODE_CONDITION.DiskPressure]: { True: 'node.kubernetes.io/disk-pressure' },
  NetworkUnavailable: { True: 'node.kubernetes.io/network-unavailable' },
  [NODE_CONDITION.PIDPressure]: { True: 'node.kubernetes.io/pid-pressure' },
};

/** The NoSchedule keys the controller owns (taintKeyToNodeConditionMap, and unschedulable). */
const OWNED_NO_SCHEDULE = new Set([...Object.values(CONDITION_TAINTS).flatMap((m) => Object.values(m)), TAINT_NODE_UNSCHEDULABLE]);
const OWNED_NO_EXECUTE = new Set([TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE]);

/** spec.taints as the controller wants them, or undefined when they are right already. */
export function controllerTaints(node: Node, now: string): Taint[] | undefined {
  const wantNoSchedule: string[] = [];
  for (const c of node.status?.conditions ?? []) {
    const key = CONDITION_TAINTS[c.type]?.[c.status];
    if (key) wantNoSchedule.push(key);
  }
  if (node.spec?.unschedulable) wantNoSchedule.push(TAINT_NODE_UNSCHEDULABLE);
  const ready = nodeCondition(node, NODE_CONDITION.Ready);
  const current = node.spec?.taints ?? [];
  let wantNoExecute: string[] | undefined; // undefined: leave the NoExecute taints as they are
  if (ready?.status === 'False') wantNoExecute = [TAINT_NODE_NOT_READY];
  else if (ready?.status === 'Unknown') wantNoExecute = [TAINT_NODE_UNREACHABLE];
  else if (ready?.status === 'True') wantNoExecute = [];

  const kept = current.filter((t) => {
    if (t.effect === TAINT_EFFECT.NoSchedule && OWNED_NO_SCHEDULE.has(t.key)) return wantNoSchedule.includes(t.key);
    if (t.effect === TAINT_EFFECT.NoExecute && OWNED_NO_EXECUTE.has(t.key) && wantNoExecute) return wantNoExecute.includes(t.key);
    return true;
  });
  const has = (key: string, effect: string) => kept.some((t) => t.key === key && t.effect === effect);
  const added: Taint[] = [];
  for (const key of wantNoSchedule) if (!has(key, TAINT_EFFECT.NoSchedule)) added.push({ effect: TAINT_EFFECT.NoSchedule, key, timeAdded: now });
  for (const key of wantNoExecute ?? []) if (!has(key, TAINT_EFFECT.NoExecute)) added.push({ effect: TAINT_EFFECT.NoExecute, key, timeAdded: now });
  if (!added.length && kept.length === current.length) return undefined;
  return [...kept, ...added];
}
