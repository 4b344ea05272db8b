import type { Taint } from '../api/core/v1/taint.js';
import { KUBERNETES_VERSION, type NodeShape } from '../controllers/kubelet/node-registration.js';

/**
 * The nodes a new cluster is made with. The default is the cluster kubemu always made
 * (k8s-master-1, k8s-node-1, k8s-node-2: 2 CPU, 4015484Ki, 110 pods each); `cluster create
 * --control-planes N --workers N --zones a,b --node-cpu --node-memory --node-pods` and `--config`
 * (layout-config.ts) describe others.
 *
 * Names keep kubemu's style, numbered from 1 in each role: control planes `k8s-master-N`, workers
 * `k8s-node-N` (`kind` would say `kind-control-plane2`, `kind-worker3`; a config may name nodes).
 * Addresses follow in layout order from 10.0.0.10 (control planes first), pod CIDRs from
 * 10.244.0.0/24 in the same order, as node IPAM would have handed them out at registration.
 * Zones (`topology.kubernetes.io/zone`) go round-robin, control planes and workers each from
 * the first zone: 3 workers over zones a,b are a, b, a. Control planes carry kubeadm's
 * NoSchedule taint, unless the layout has no worker (kind's rule: then they run the pods).
 */
export interface ClusterLayout {
  nodes: NodeShape[];
  /** the Kubernetes version the nodes and `kubectl version` report */
  version: string;
}

/** The well-known zone label (v1.LabelTopologyZone). */
export const ZONE_LABEL = 'topology.kubernetes.io/zone';

/** The default node size: a 2-CPU machine with ~3.8 GiB, as the default cluster's nodes. */
export const DEFAULT_NODE = { cpu: '2', memoryKi: 4015484, pods: 110 } as const;

/** One node of a layout before names and addresses are given. */
export interface LayoutNode {
  role: 'control-plane' | 'worker';
  name?: string;
  labels?: Record<string, string>;
  taints?: Taint[];
  cpu?: string;
  memoryKi?: number;
  pods?: number;
}

/** The nodes of `--control-planes N --workers N [--zones ...]`, all of one size. */
export function flagLayoutNodes(controlPlanes: number, workers: number, zones: readonly string[], size: { cpu?: string; memoryKi?: number; pods?: number }): LayoutNode[] {
  const zoneOf = (i: number): Record<string, string> => (zones.length ? { [ZONE_LABEL]: zones[i % zones.length]! } : {});
  const nodes: LayoutNode[] = [];
  for (let i = 0; i < controlPlanes; i++) nodes.push({ role: 'control-plane', labels: zoneOf(i), ...size });
  for (let i = 0; i < workers; i++) nodes.push({ role: 'worker', labels: zoneOf(i), ...size });
  return nodes;
}

/** The address of the i-th node of a layout: 10.0.0.10, 10.0.0.11, ... */
export function nodeIp(i: number): string {
  const n = 10 + i;
  return `10.0.${Math.floor(n / 256)}.${n % 256}`;
}

/** Names, addresses and pod CIDRs for a layout's nodes, in order. */
export function layoutOf(nodes: readonly LayoutNode[], version: string = KUBERNETES_VERSION): ClusterLayout {
  let cp = 0;
  let worker = 0;
  // As kind does: with no worker, the control planes take pods (no NoSchedule taint).
  const hasWorker = nodes.some((n) => n.role === 'worker');
  const shapes = nodes.map((n, i): NodeShape => {
    const controlPlane = n.role === 'control-plane';
    const name = n.name ?? (controlPlane ? `k8s-master-${++cp}` : `k8s-node-${++worker}`);
    if (n.name) controlPlane ? cp++ : worker++;
    const shape: NodeShape = {
      name,
      ip: nodeIp(i),
      controlPlane,
      cpu: n.cpu ?? DEFAULT_NODE.cpu,
      memoryKi: n.memoryKi ?? DEFAULT_NODE.memoryKi,
      pods: n.pods ?? DEFAULT_NODE.pods,
      kubeletVersion: version,
    };
    // 10.244.0.0/16 holds 256 of them; past that node IPAM says CIDRNotAvailable, as it would.
    if (i < 256) shape.podCidr = `10.244.${i}.0/24`;
    if (n.labels && Object.keys(n.labels).length) shape.labels = n.labels;
    if (n.taints) shape.taints = n.taints;
    else if (controlPlane && !hasWorker) shape.taints = [];
    return shape;
  });
  return { nodes: shapes, version };
}

/** The default cluster's layout: one control plane, two workers. */
export function defaultLayout(): ClusterLayout {
  return layoutOf(flagLayoutNodes(1, 2, [], {}));
}
