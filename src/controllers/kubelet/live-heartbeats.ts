import type { KubeObject } from '../../api/meta/v1.js';
import { asLease, microTime, NODE_LEASE_NAMESPACE } from '../../api/coordination/v1/lease.js';
import { asNode } from '../../api/core/v1/node.js';
import type { LiveStatus } from '../../apiserver/live-status.js';
import type { Keyspace } from '../../storage/keyspace.js';
import { rfc3339 } from '../../sim/clock.js';
import { lastRenewalMs, lastStatusReportMs } from './heartbeats.js';
import { currentMachines, isRunning, machineOf, type Machines } from './machines.js';

/**
 * The heartbeats of running kubelets, filled in where Leases and Nodes are read (see
 * heartbeats.ts for the instants, apiserver/live-status.ts for where): a running kubelet's lease
 * in kube-node-lease reads with renewTime at its last renewal, its node's conditions with
 * lastHeartbeatTime at its last status report; the stored value is kept when it is later (the
 * kubelet wrote at its boot or a status change since). A stopped kubelet's values are as it
 * last wrote them (written when it stopped).
 */
export function liveHeartbeats(store: Pick<Keyspace, 'getMeta' | 'setMeta' | 'getMetaEntry' | 'deleteMeta'>): LiveStatus {
  const machinesNow = (): Machines | undefined => currentMachines(store);
  // The same object for the same stored object and instant (ApiServer.listShared's identity).
  let made = new WeakMap<KubeObject, { atMs: number; out: KubeObject }>();
  let madeCount = 0;
  const remember = (obj: KubeObject, atMs: number, out: KubeObject): KubeObject => {
    if (++madeCount > 50_000) {
      made = new WeakMap();
      madeCount = 0;
    }
    made.set(obj, { atMs, out });
    return out;
  };
  return {
    resources: new Set(['leases', 'nodes']),
    project(resource: string, obj: KubeObject, nowMs: number): KubeObject {
      const name = obj.metadata.name ?? '';
      const isLease = resource === 'leases';
      if (isLease && obj.metadata.namespace !== NODE_LEASE_NAMESPACE) return obj;
      const m = machineOf(machinesNow(), name);
      if (!m || !isRunning(m)) return obj;
      const atMs = isLease ? lastRenewalMs(m.bootMs, nowMs) : lastStatusReportMs(m.bootMs, nowMs);
      const known = made.get(obj);
      if (known && known.atMs === atMs) return known.out;
      const out = isLease ? leaseAt(obj, atMs) : nodeAt(obj, atMs);
      // remembered also when it is the stored object itself: the scheduler asks for every node at every pod
      return remember(obj, atMs, out);
    },
  };
}

/** The lease renewed at atMs, unless it reads later already. */
function leaseAt(obj: KubeObject, atMs: number): KubeObject {
  const lease = asLease(obj);
  const stored = lease.spec?.renewTime;
  if (stored !== undefined && Date.parse(stored) >= atMs) return obj;
  return Object.freeze({ ...lease, spec: Object.freeze({ ...lease.spec, renewTime: microTime(atMs) }) });
}

/** The node's conditions heartbeated at atMs, unless they read later already. */
function nodeAt(obj: KubeObject, atMs: number): KubeObject {
  const node = asNode(obj);
  const conditions = node.status?.conditions;
  if (!conditions?.length) return obj;
  const text = rfc3339(atMs);
  let changed = false;
  const next = conditions.map((c) => {
    if (c.lastHeartbeatTime !== undefined && Date.parse(c.lastHeartbeatTime) >= atMs) return c;
    changed = true;
    return Object.freeze({ ...c, lastHeartbeatTime: text });
  });
  if (!changed) return obj;
  return Object.freeze({ ...node, status: Object.freeze({ ...node.status, conditions: Object.freeze(next) }) });
}
