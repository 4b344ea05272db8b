import type { Node, NodeCondition } from '../../api/core/v1/node.js';
import { NODE_CONDITION, nodeCondition } from '../../api/core/v1/node.js';
import { asLease, type Lease } from '../../api/coordination/v1/lease.js';
import { NODE_MONITOR_GRACE_MS, NODE_MONITOR_PERIOD_MS, NODE_STARTUP_GRACE_MS } from './config.js';

/**
 * tryUpdateNodeHealth, as instants. Upstream looks at every node every 5 s (monitorNodeHealth)
 * and keeps, per node, the probe timestamp: when it last saw the lease's renewTime or the Ready
 * condition's lastHeartbeatTime change. A node whose probe is more than the grace period old at
 * a look gets its conditions set to Unknown. Here the looks that cannot change anything are
 * skipped: for a node whose kubelet stopped, the one look that does is computed and woken for.
 *
 * The looks are on the cluster clock's 5 s grid from the cluster's start (the controller-manager
 * starts with it). A change at t is seen at the first look after t (the informer delivers it a
 * moment later); the conditions go Unknown at the first look strictly after probe + grace.
 *
 * Worked numbers (grace 50 s): a kubelet started at 19:00:00 renews at 19:00:10, 19:00:20, ...;
 * stopped at 19:01:03 its last renewal is 19:01:00, seen at the look of 19:01:05; 19:01:55 is
 * the first look more than 50 s after it: NotReady 52 s after the stop. A Node applied at
 * 19:00:02.5 that never posts status is Unknown at the first look after 19:01:02.5, 19:01:05.
 */

/** The first look strictly after t, on the 5 s grid from epochMs. */
export function lookAfter(epochMs: number, t: number): number {
  return epochMs + (Math.floor((t - epochMs) / NODE_MONITOR_PERIOD_MS) + 1) * NODE_MONITOR_PERIOD_MS;
}

/** What the health check reads of a node whose kubelet is not renewing. */
export interface HealthInput {
  node: Node;
  lease: Lease | undefined;
  /** when the controller first saw the node */
  firstSeenMs: number;
  epochMs: number;
}

const ms = (t: string | undefined): number => (t === undefined ? -Infinity : Date.parse(t));

/**
 * The instant the node's conditions go Unknown: probe + grace, at the look after. A node that
 * never posted status (no Ready condition) is counted from its creation with the startup grace
 * (upstream's fake Ready condition, timestamped node.CreationTimestamp).
 */
export function unknownAtMs(h: HealthInput): number {
  const ready = nodeCondition(h.node, NODE_CONDITION.Ready);
  const renewed = ms(h.lease ? asLease(h.lease).spec?.renewTime : undefined);
  if (!ready && !Number.isFinite(renewed)) {
    const created = ms(h.node.metadata.creationTimestamp);
    return lookAfter(h.epochMs, (Number.isFinite(created) ? created : h.firstSeenMs) + NODE_STARTUP_GRACE_MS);
  }
  const changed = Math.max(renewed, ms(ready?.lastHeartbeatTime), h.firstSeenMs);
  const probe = lookAfter(h.epochMs, changed);
  const grace = ready ? NODE_MONITOR_GRACE_MS : NODE_STARTUP_GRACE_MS;
  return lookAfter(h.epochMs, probe + grace);
}

/** The condition types the controller sets to Unknown (NetworkUnavailable is left to the network). */
const MONITORED = [NODE_CONDITION.Ready, NODE_CONDITION.MemoryPressure, NODE_CONDITION.DiskPressure, NODE_CONDITION.PIDPressure] as const;

/** Upstream's reasons and messages for a condition set to Unknown. */
export const NODE_STATUS_UNKNOWN = { reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' } as const;
export const NODE_STATUS_NEVER_UPDATED = { reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.' } as const;

/**
 * The node's conditions once its grace period is over: each monitored condition Unknown
 * (transitioned now, heartbeat kept), a missing one added as never updated (heartbeat at the
 * node's creation); undefined when they read so already.
 */
export function unknownConditions(node: Node, now: string): NodeCondition[] | undefined {
  const conditions = (node.status?.conditions ?? []).map((c) => ({ ...c }));
  let changed = false;
  for (const type of MONITORED) {
    const c = conditions.find((x) => x.type === type);
    if (!c) {
      conditions.push({
        lastHeartbeatTime: node.metadata.creationTimestamp ?? now,
        lastTransitionTime: now,
        message: NODE_STATUS_NEVER_UPDATED.message,
        reason: NODE_STATUS_NEVER_UPDATED.reason,
        status: 'Unknown',
        type,
      });
      changed = true;
    } else if (c.status !== 'Unknown') {
      c.status = 'Unknown';
      c.reason = NODE_STATUS_UNKNOWN.reason;
      c.message = NODE_STATUS_UNKNOWN.message;
      c.lastTransitionTime = now;
      changed = true;
    }
  }
  return changed ? conditions : undefined;
}
