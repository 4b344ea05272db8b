import type { KubeObject } from '../../api/meta/v1.js';
import type { NodeCondition } from '../../api/core/v1/node.js';
import { NODE_ROLE_CONTROL_PLANE_LABEL } from '../../api/core/v1/label-keys.js';
import type { Taint } from '../../api/core/v1/taint.js';

/**
 * The Node a kubelet registers (and kubeadm labels): a kubeadm node's labels, annotations,
 * capacity, addresses and node info, with the conditions a kubelet posts once it is ready.
 * The default cluster's three nodes are these (cluster/bootstrap.ts), byte for byte as before.
 */

/** The kubelet version every node reports. */
export const KUBERNETES_VERSION = 'v1.35.0';

/** kubelet reserves nothing by default but eviction-hard memory.available<100Mi. */
export const EVICTION_RESERVED_KI = 102400;

/** What a node is made of. */
export interface NodeShape {
  name: string;
  ip: string;
  controlPlane: boolean;
  cpu: string;
  memoryKi: number;
  pods: number;
  /** set by the layout (the default nodes hold 10.244.0-2.0/24); absent: node IPAM gives one */
  podCidr?: string;
  /** labels beyond the kubelet's and kubeadm's own (a zone, the user's) */
  labels?: Record<string, string>;
  /** absent: a control-plane node's kubeadm NoSchedule taint, none on a worker */
  taints?: Taint[];
  kubeletVersion?: string;
}

/** The four conditions of a ready kubelet, heartbeated at `now`; `was` keeps transition times that did not change. */
export function readyConditions(now: string, was: readonly NodeCondition[] = []): NodeCondition[] {
  const cond = (type: string, status: string, reason: string, message: string): NodeCondition => {
    const before = was.find((c) => c.type === type);
    return {
      lastHeartbeatTime: now,
      lastTransitionTime: before && before.status === status && before.lastTransitionTime ? before.lastTransitionTime : now,
      message,
      reason,
      status,
      type,
    };
  };
  return [
    cond('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
    cond('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
    cond('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
    cond('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
  ];
}

/** The Node object, with the status its kubelet posts at `now`. */
export function nodeObject(n: NodeShape, now: string): KubeObject {
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': n.name,
    'kubernetes.io/os': 'linux',
  };
  if (n.controlPlane) {
    labels[NODE_ROLE_CONTROL_PLANE_LABEL] = '';
    labels['node.kubernetes.io/exclude-from-external-load-balancers'] = '';
  }
  Object.assign(labels, n.labels ?? {});
  const pods = String(n.pods);
  const capacity = {
    cpu: n.cpu,
    'ephemeral-storage': '40970464Ki',
    'hugepages-2Mi': '0',
    memory: `${n.memoryKi}Ki`,
    pods,
  };
  const allocatable = {
    cpu: n.cpu,
    'ephemeral-storage': '37758237247',
    'hugepages-2Mi': '0',
    memory: `${Math.max(0, n.memoryKi - EVICTION_RESERVED_KI)}Ki`,
    pods,
  };
  const spec: Record<string, unknown> = n.podCidr ? { podCIDR: n.podCidr, podCIDRs: [n.podCidr] } : {};
  const taints = n.taints ?? (n.controlPlane ? [{ effect: 'NoSchedule', key: NODE_ROLE_CONTROL_PLANE_LABEL }] : []);
  if (taints.length) spec['taints'] = taints;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: n.name,
      labels,
      annotations: {
        'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///var/run/containerd/containerd.sock',
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec,
    status: {
      addresses: [
        { address: n.ip, type: 'InternalIP' },
        { address: n.name, type: 'Hostname' },
      ],
      allocatable,
      capacity,
      conditions: readyConditions(now),
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        architecture: 'amd64',
        bootID: '',
        containerRuntimeVersion: 'containerd://2.1.4',
        kernelVersion: '6.8.0-84-generic',
        kubeProxyVersion: '',
        kubeletVersion: n.kubeletVersion ?? KUBERNETES_VERSION,
        machineID: '',
        operatingSystem: 'linux',
        osImage: 'Ubuntu 24.04.3 LTS',
        systemUUID: '',
      },
    },
  };
}
