import type { Keyspace } from '../../storage/keyspace.js';
import { ComponentState } from '../framework/state.js';
import { NODE_LIFECYCLE_CONTROLLER } from './config.js';

/**
 * What the controller remembers of a node (its knownNodeSet and nodeHealthMap): that it has
 * registered it (the RegisteredNode event is said once), and when it first saw it.
 */
export interface NodeHealthMemory {
  /** the instant the controller first observed the node */
  firstSeenMs: number;
  /** the node's uid, for the RemovingNode event once it is gone */
  uid?: string;
}

export const healthKey = (node: string): string => `node:${node}`;

/**
 * The nodes of a new cluster, seen at its first instant (cluster/bootstrap-heartbeats.ts): the
 * controller-manager came up with them, and a new cluster keeps no RegisteredNode events for them.
 */
export function seedKnownNodes(store: Pick<Keyspace, 'getMeta' | 'setMeta' | 'getMetaEntry' | 'deleteMeta'>, nodes: readonly string[], nowMs: number): void {
  const state = new ComponentState(store, NODE_LIFECYCLE_CONTROLLER);
  for (const n of nodes) state.set(healthKey(n), { firstSeenMs: nowMs } satisfies NodeHealthMemory);
}
