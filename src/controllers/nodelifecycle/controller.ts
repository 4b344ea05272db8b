import type { WatchEvent } from '../../apiserver/server.js';
import { findByKind } from '../../apiserver/resources.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { asNode, NODE_CONDITION, nodeCondition, type Node } from '../../api/core/v1/node.js';
import { asLease, NODE_LEASE_NAMESPACE } from '../../api/coordination/v1/lease.js';
import type { Controller, ControllerContext } from '../framework/controller.js';
import { NODE_CONTROLLER_COMPONENT, NODE_LIFECYCLE_CONTROLLER } from './config.js';
import { healthKey, type NodeHealthMemory } from './health-state.js';
import { unknownAtMs, unknownConditions } from './health.js';
import { controllerTaints } from './taints.js';
import { markPodsNotReady } from './pods-not-ready.js';

const NODES = findByKind('v1', 'Node')!;
const LEASES = findByKind('coordination.k8s.io/v1', 'Lease')!;

/**
 * Whether a node's kubelet is renewing its lease: the one thing the controller asks of the
 * machines (controllers/kubelet/machines.ts). While it is, every 5 s look would find the lease
 * fresh and change nothing, so none is taken; when it is not, the look that changes something
 * is computed from what the lease and the node say (health.ts) and woken for.
 */
export type RenewingFn = (node: string, ctx: ControllerContext) => boolean;

/**
 * The node lifecycle controller (pkg/controller/nodelifecycle): watches Nodes and the leases
 * of kube-node-lease; key: the node name. A sync registers a new node (RegisteredNode), sets
 * the conditions of a node whose kubelet stopped posting to Unknown after the grace period
 * (NodeNotReady, its pods' Ready False), and keeps the condition taints (taints.ts).
 * Taint-based eviction of the pods (NoExecute) is the taint eviction controller's.
 */
export function nodeLifecycleController(renewing: RenewingFn): Controller {
  return {
    name: NODE_LIFECYCLE_CONTROLLER,
    watches: [NODES, LEASES],
    keysFor(ev: WatchEvent): string[] {
      const o = ev.object;
      if (o.kind === 'Lease') return o.metadata.namespace === NODE_LEASE_NAMESPACE ? [o.metadata.name ?? ''] : [];
      return [o.metadata.name ?? ''];
    },
    sync(name: string, ctx: ControllerContext): void {
      syncNode(name, ctx, renewing);
    },
  };
}

function nodeEvent(ctx: ControllerContext, node: KubeObject, reason: string, message: string): void {
  // RecordNodeEvent / RecordNodeStatusChange: a reference to the Node (cluster-scoped).
  ctx.events.record({ involved: node, type: 'Normal', reason, message, component: NODE_CONTROLLER_COMPONENT });
}

function syncNode(name: string, ctx: ControllerContext, renewing: RenewingFn): void {
  const key = healthKey(name);
  const seen = ctx.state.get<NodeHealthMemory>(key);
  const found = ctx.api.tryGet(NODES, undefined, name);
  if (!found) {
    if (seen) {
      ctx.events.record({
        involved: { apiVersion: 'v1', kind: 'Node', metadata: { name, uid: seen.uid ?? '' } },
        type: 'Normal',
        reason: 'RemovingNode',
        message: `Node ${name} event: Removing Node ${name} from Controller`,
        component: NODE_CONTROLLER_COMPONENT,
      });
      ctx.state.delete(key);
    }
    return;
  }
  let node: Node = asNode(found);
  const nowMs = ctx.clock.now();
  const now = ctx.api.now();
  let memory: NodeHealthMemory = seen ?? { firstSeenMs: nowMs };
  if (!seen) {
    nodeEvent(ctx, node, 'RegisteredNode', `Node ${name} event: Registered Node ${name} in Controller`);
  }
  if (memory.uid !== node.metadata.uid) {
    memory = { ...memory, uid: node.metadata.uid ?? '' };
    ctx.state.set(key, memory);
  }

  if (!renewing(name, ctx)) {
    const lease = ctx.api.tryGet(LEASES, NODE_LEASE_NAMESPACE, name);
    const dueMs = unknownAtMs({ node, lease: lease && asLease(lease), firstSeenMs: memory.firstSeenMs, epochMs: ctx.clock.settings.epochMs });
    if (nowMs < dueMs) {
      ctx.requeueAfter(name, dueMs - nowMs);
    } else {
      const wasReady = nodeCondition(node, NODE_CONDITION.Ready)?.status === 'True';
      const conditions = unknownConditions(node, now);
      if (conditions) {
        node = asNode(ctx.api.updateStatus(NODES, { ...node, status: { ...node.status, conditions } }));
        if (wasReady) {
          nodeEvent(ctx, node, 'NodeNotReady', `Node ${name} status is now: NodeNotReady`);
          markPodsNotReady(ctx, name, now);
        }
      }
    }
  }

  const taints = controllerTaints(node, now);
  if (taints) {
    ctx.api.modify(NODES, undefined, name, (o) => {
      const n = asNode(o);
      // spec.taints is omitempty: no taints left, no field
      const { taints: _old, ...spec } = n.spec ?? {};
      return { ...n, spec: taints.length ? { ...spec, taints } : spec };
    });
  }
}
