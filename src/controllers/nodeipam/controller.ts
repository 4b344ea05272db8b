import type { KubeObject } from '../../api/meta/v1.js';
import type { WatchEvent } from '../../apiserver/server.js';
import { findByKind } from '../../apiserver/resources.js';
import { asNode } from '../../api/core/v1/node.js';
import { klogFor, structuredText } from '../../logs/klog.js';
import type { Controller, ControllerContext, SyncFailure } from '../framework/controller.js';
import { logUnhandledError } from '../framework/sync-errors.js';
import { nextFreeNodeCidr } from './cidr-set.js';

const NODES = findByKind('v1', 'Node')!;

/** The controller's name in the control plane (its cursor, its state). */
export const NODE_IPAM_CONTROLLER = 'node-ipam-controller';
/** The event source upstream's range allocator records with. */
const EVENT_COMPONENT = 'cidrAllocator';

const podCidrOf = (node: KubeObject): string => asNode(node).spec?.podCIDR ?? '';

/**
 * The node IPAM controller (kube-controller-manager's `node-ipam-controller` with
 * --allocate-node-cidrs, as kubeadm runs it for flannel): a Node that comes without
 * spec.podCIDR — one a kubelet registered, or a user created with `kubectl create -f` — gets
 * the next free block of the cluster CIDR in spec.podCIDR and spec.podCIDRs, from which the
 * kubelet hands out pod IPs. When none is left the Node gets a CIDRNotAvailable event and
 * keeps none (its pods then stay ContainerCreating, see the kubelet's sandbox step).
 * Key: the node name.
 */
export function nodeIpamController(): Controller {
  return {
    name: NODE_IPAM_CONTROLLER,
    watches: [NODES],
    keysFor(ev: WatchEvent): string[] {
      return ev.type !== 'DELETED' && !podCidrOf(ev.object) ? [ev.object.metadata.name ?? ''] : [];
    },
    sync(name: string, ctx: ControllerContext): void {
      const node = ctx.api.tryGet(NODES, undefined, name);
      if (!node || node.metadata.deletionTimestamp || podCidrOf(node)) return;
      const used = ctx.api.list(NODES, undefined).map(podCidrOf).filter((c) => c !== '');
      const cidr = nextFreeNodeCidr(used);
      if (!cidr) {
        ctx.events.record({
          involved: node,
          type: 'Normal',
          reason: 'CIDRNotAvailable',
          message: `Node ${name} status is now: CIDRNotAvailable`,
          component: EVENT_COMPONENT,
        });
        return;
      }
      ctx.api.modify(NODES, undefined, name, (o) => {
        if (podCidrOf(o)) return o;
        return { ...o, spec: { ...asNode(o).spec, podCIDR: cidr, podCIDRs: [cidr] } };
      });
      // klog prints a []string bare: podCIDRs=[10.244.3.0/24].
      klogFor(ctx).write('I', 'range_allocator.go:422', `${structuredText('Set node PodCIDR', [['node', name]])} podCIDRs=[${cidr}]`);
    },
    // Upstream retries a failed update a few times, then logs and releases the block; here the
    // node is retried with the work queue's back-off (the source line is a stand-in).
    syncFailed(f: SyncFailure, ctx: ControllerContext): 'retry' {
      logUnhandledError(klogFor(ctx), 'range_allocator.go:415', `failed to allocate cidr for node ${f.key}: ${f.message}`);
      return 'retry';
    },
  };
}
