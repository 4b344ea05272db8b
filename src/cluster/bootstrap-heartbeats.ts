import { ApiServer } from '../apiserver/server.js';
import { findByKind } from '../apiserver/resources.js';
import { hashRandom } from '../sim/random.js';
import { nodeLeaseObject } from '../controllers/kubelet/node-lease.js';
import { writeMachines, type Machine } from '../controllers/kubelet/machines.js';
import { seedKnownNodes } from '../controllers/nodelifecycle/health-state.js';

/**
 * The heartbeats of a new cluster's nodes: each node's Lease in kube-node-lease (renewed at the
 * cluster's first instant), a running kubelet on each (controllers/kubelet/machines.ts), and the
 * node lifecycle controller's memory of having seen them (so a new cluster has no
 * RegisteredNode events, as before leases). Written last and with UIDs from hashes of the
 * names, as the static pods are: every object, name and UID made before and after is the one it
 * was without them.
 */
export function bootstrapHeartbeats(api: ApiServer, nodes: readonly string[]): void {
  const leases = findByKind('coordination.k8s.io/v1', 'Lease');
  const nodeInfo = findByKind('v1', 'Node');
  if (!leases || !nodeInfo) throw new Error('bootstrap: leases or nodes are not served');
  const now = api.clock.now();
  const machines: Record<string, Machine> = {};
  for (const name of nodes) {
    const node = api.tryGet(nodeInfo, undefined, name);
    if (!node) continue;
    const side = new ApiServer(api.store, api.clock, hashRandom(`node-lease:${name}`));
    side.create(leases, 'kube-node-lease', nodeLeaseObject(name, node.metadata.uid ?? '', now));
    machines[name] = { bootMs: now };
  }
  writeMachines(api.store, machines);
  seedKnownNodes(api.store, Object.keys(machines), now);
}
