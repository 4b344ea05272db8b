import type { Cluster } from '../cluster/cluster.js';
import { garbageCollect } from './garbagecollector/collect.js';
import { finalizeNamespaces } from './namespace/finalize.js';

/**
 * The embedded control plane. Each pass gives every controller a chance to react to the
 * cluster's state; passes repeat until nothing changes, so a command's effects (a cascade of
 * deletions, say) are complete when it exits. All in one write transaction.
 */
const MAX_PASSES = 1000;

export function settle(cluster: Cluster): void {
  cluster.store.transaction(() => {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const before = cluster.store.revision();
      garbageCollect(cluster.api);
      finalizeNamespaces(cluster.api);
      if (cluster.store.revision() === before) return;
    }
  });
}
