/** core/v1 Node, as far as kubemu's nodes, scheduler, kubelet and kubectl read and write it. */
import type { KubeObject } from '../../meta/v1.js';
import type { ResourceList } from './container.js';
import type { Taint } from './taint.js';

/** v1.NodeSpec. */
export interface NodeSpec {
  podCIDR?: string;
  podCIDRs?: string[];
  providerID?: string;
  unschedulable?: boolean;
  taints?: Taint[];
}

/** v1.NodeCondition. */
export interface NodeCondition {
  type: string;
  status: string;
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** v1.NodeAddress. */
export interface NodeAddress {
  type: string;
  address: string;
}

/** v1.NodeSystemInfo. */
export interface NodeSystemInfo {
  machineID?: string;
  systemUUID?: string;
  bootID?: string;
  kernelVersion?: string;
  osImage?: string;
  containerRuntimeVersion?: string;
  kubeletVersion?: string;
  kubeProxyVersion?: string;
  operatingSystem?: string;
  architecture?: string;
}

/** v1.NodeStatus. */
export interface NodeStatus {
  capacity?: ResourceList;
  allocatable?: ResourceList;
  conditions?: NodeCondition[];
  addresses?: NodeAddress[];
  nodeInfo?: NodeSystemInfo;
}

/** v1.Node. */
export interface Node extends KubeObject {
  spec?: NodeSpec;
  status?: NodeStatus;
}

/** NodeConditionType values kubemu writes and reads. */
export const NODE_CONDITION = {
  /** the kubelet is healthy and ready to accept pods */
  Ready: 'Ready',
  /** the node is short of memory */
  MemoryPressure: 'MemoryPressure',
  /** the node is short of disk */
  DiskPressure: 'DiskPressure',
  /** the node is short of process IDs */
  PIDPressure: 'PIDPressure',
} as const;

/** The node's condition of a type, if it has one (GetNodeCondition). */
export function nodeCondition(node: Node, type: string): NodeCondition | undefined {
  return (node.status?.conditions ?? []).find((c) => c.type === type);
}

/** NodeAddressType values. */
export const NODE_ADDRESS = {
  InternalIP: 'InternalIP',
  ExternalIP: 'ExternalIP',
  Hostname: 'Hostname',
} as const;

/** The node's first address of a type, if any. */
export function nodeAddress(node: Node, type: string): string | undefined {
  const addresses: unknown = node.status?.addresses;
  if (!Array.isArray(addresses)) return undefined;
  // An entry that is no object (a Node written past the API server's decoding) has no address.
  const found = (addresses as unknown[]).find((a): a is NodeAddress => typeof a === 'object' && a !== null && (a as NodeAddress).type === type);
  return typeof found?.address === 'string' ? found.address : undefined;
}

/** Whether an object is a Node. */
export function isNode(o: KubeObject): o is Node {
  return o.kind === 'Node';
}

/** A KubeObject read as a Node (the one place); a different kind is a programming error. */
export function asNode(o: KubeObject): Node {
  if (!isNode(o)) throw new TypeError(`expected a Node, got ${o.kind || 'an object without kind'}`);
  return o;
}
