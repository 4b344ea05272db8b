import type { ApiServer } from '../apiserver/server.js';
import type { KubeObject } from '../api/meta/v1.js';
import { findByKind } from '../apiserver/resources.js';
import { bootstrapStaticPods } from './static-pods.js';
import { LABEL_METADATA_NAME, NODE_ROLE_CONTROL_PLANE_LABEL } from '../api/core/v1/label-keys.js';

/**
 * The objects of a new default cluster, as a kubeadm cluster has them right after `kubeadm init`
 * and two joins: the four system namespaces, a control-plane node with its NoSchedule taint and
 * two workers, a default ServiceAccount and the kube-root-ca.crt ConfigMap in each namespace, and
 * the `kubernetes` Service.
 */

export const KUBERNETES_VERSION = 'v1.35.0';

const NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system'];

interface NodeSpec {
  name: string;
  ip: string;
  controlPlane: boolean;
  cpu: string;
  memoryKi: number;
  podCidr: string;
}

const NODES: NodeSpec[] = [
  { name: 'k8s-master-1', ip: '10.0.0.10', controlPlane: true, cpu: '2', memoryKi: 4015484, podCidr: '10.244.0.0/24' },
  { name: 'k8s-node-1', ip: '10.0.0.11', controlPlane: false, cpu: '2', memoryKi: 4015484, podCidr: '10.244.1.0/24' },
  { name: 'k8s-node-2', ip: '10.0.0.12', controlPlane: false, cpu: '2', memoryKi: 4015484, podCidr: '10.244.2.0/24' },
];

/** kubelet reserves nothing by default but eviction-hard memory.available<100Mi. */
const EVICTION_RESERVED_KI = 102400;

function nodeObject(n: NodeSpec, now: string): KubeObject {
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
  const capacity = {
    cpu: n.cpu,
    'ephemeral-storage': '40970464Ki',
    'hugepages-2Mi': '0',
    memory: `${n.memoryKi}Ki`,
    pods: '110',
  };
  const allocatable = {
    cpu: n.cpu,
    'ephemeral-storage': '37758237247',
    'hugepages-2Mi': '0',
    memory: `${n.memoryKi - EVICTION_RESERVED_KI}Ki`,
    pods: '110',
  };
  const cond = (type: string, status: string, reason: string, message: string) => ({
    lastHeartbeatTime: now,
    lastTransitionTime: now,
    message,
    reason,
    status,
    type,
  });
  const spec: Record<string, unknown> = { podCIDR: n.podCidr, podCIDRs: [n.podCidr] };
  if (n.controlPlane) spec['taints'] = [{ effect: 'NoSchedule', key: NODE_ROLE_CONTROL_PLANE_LABEL }];
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
      conditions: [
        cond('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
        cond('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
        cond('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
        cond('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        architecture: 'amd64',
        bootID: '',
        containerRuntimeVersion: 'containerd://2.1.4',
        kernelVersion: '6.8.0-84-generic',
        kubeProxyVersion: '',
        kubeletVersion: KUBERNETES_VERSION,
        machineID: '',
        operatingSystem: 'linux',
        osImage: 'Ubuntu 24.04.3 LTS',
        systemUUID: '',
      },
    },
  };
}

function must<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new Error(`bootstrap: unknown resource ${what}`);
  return v;
}

export function bootstrapCluster(api: ApiServer): void {
  const nsInfo = must(findByKind('v1', 'Namespace'), 'namespaces');
  const nodeInfo = must(findByKind('v1', 'Node'), 'nodes');
  const saInfo = must(findByKind('v1', 'ServiceAccount'), 'serviceaccounts');
  const cmInfo = must(findByKind('v1', 'ConfigMap'), 'configmaps');
  const svcInfo = must(findByKind('v1', 'Service'), 'services');
  for (const name of NAMESPACES) {
    const labels = { [LABEL_METADATA_NAME]: name };
    api.create(nsInfo, undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });
  }
  const now = api.now();
  for (const n of NODES) {
    const created = api.create(nodeInfo, undefined, nodeObject(n, now));
    api.updateStatus(nodeInfo, { ...created, status: nodeObject(n, now)['status'] });
  }
  for (const ns of NAMESPACES) {
    api.create(saInfo, ns, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: ns } });
    api.create(cmInfo, ns, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'kube-root-ca.crt', namespace: ns },
      data: { 'ca.crt': '-----BEGIN CERTIFICATE-----\n(emulated by kubemu)\n-----END CERTIFICATE-----\n' },
    });
  }
  api.create(svcInfo, 'default', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: {
      clusterIP: '10.96.0.1',
      clusterIPs: ['10.96.0.1'],
      ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }],
      type: 'ClusterIP',
    },
  });
  // The control plane's static pods, as kubeadm runs them (static-pods.ts).
  bootstrapStaticPods(api);
}
