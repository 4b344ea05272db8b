import { nodeCrypto } from '../common/node-crypto.js';
import type { KubeObject } from '../api/meta/v1.js';
import { asPod, type Pod } from '../api/core/v1/pod.js';
import { MIRROR_POD_ANNOTATION } from '../api/core/v1/annotation-keys.js';
import { ApiServer } from '../apiserver/server.js';
import { findByKind } from '../apiserver/resources.js';
import type { JsonObject } from '../common/json.js';
import { hashRandom } from '../sim/random.js';
import { ComponentState } from '../controllers/framework/state.js';
import { resolveImage } from '../images/registry.js';
import type { PodMemory } from '../controllers/kubelet/memory.js';
import { buildPodStatus } from '../controllers/kubelet/pod-status.js';

/**
 * The control plane's static pods, as kubeadm leaves them on the control-plane node: the
 * kubelet runs /etc/kubernetes/manifests/*.yaml itself and publishes a mirror pod for each
 * (annotation kubernetes.io/config.mirror, owned by the Node, priority system-node-critical,
 * tolerating every NoExecute taint, on the host network). kubemu's control plane is the
 * process itself, so these pods only stand for it: they are Running 1/1 from the start.
 *
 * Two things keep them from disturbing the rest of the cluster:
 * - their UIDs and container IDs come from hashes of their names, not from the cluster's seeded
 *   random source, so every name and UID generated afterwards is the one it was without them;
 * - the simulated kubelet is handed its memory of them (containers running since the start,
 *   no probes), and their status is what the kubelet computes from that memory, so its first
 *   sync of them finds nothing to do and writes nothing.
 *
 * Added only when a cluster file is created: older files do not get them.
 */

/** The control-plane node the static pods run on in the default cluster (a layout's first control plane). */
export const CONTROL_PLANE_NODE = 'k8s-master-1';

interface StaticPodSpec {
  component: string;
  image: string;
  cpu: string;
  memory?: string;
  command: string[];
  extraAnnotations?: Record<string, string>;
}

/** kubeadm's manifests on the control-plane node `node` at `ip` (flags abbreviated to the ones that identify each component). */
function staticPods(node: string, ip: string): readonly StaticPodSpec[] {
  return [
  {
    component: 'etcd',
    image: 'registry.k8s.io/etcd:3.5.21-0',
    cpu: '100m',
    memory: '100Mi',
    extraAnnotations: { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': `https://${ip}:2379` },
    command: [
      'etcd',
      `--advertise-client-urls=https://${ip}:2379`,
      '--cert-file=/etc/kubernetes/pki/etcd/server.crt',
      '--client-cert-auth=true',
      '--data-dir=/var/lib/etcd',
      `--initial-advertise-peer-urls=https://${ip}:2380`,
      `--initial-cluster=${node}=https://${ip}:2380`,
      '--key-file=/etc/kubernetes/pki/etcd/server.key',
      `--listen-client-urls=https://127.0.0.1:2379,https://${ip}:2379`,
      '--listen-metrics-urls=http://127.0.0.1:2381',
      `--listen-peer-urls=https://${ip}:2380`,
      `--name=${node}`,
      '--peer-cert-file=/etc/kubernetes/pki/etcd/peer.crt',
      '--peer-client-cert-auth=true',
      '--peer-key-file=/etc/kubernetes/pki/etcd/peer.key',
      '--peer-trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
      '--snapshot-count=10000',
      '--trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
    ],
  },
  {
    component: 'kube-apiserver',
    image: 'registry.k8s.io/kube-apiserver:v1.35.0',
    cpu: '250m',
    extraAnnotations: { 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${ip}:6443` },
    command: [
      'kube-apiserver',
      `--advertise-address=${ip}`,
      '--allow-privileged=true',
      '--authorization-mode=Node,RBAC',
      '--client-ca-file=/etc/kubernetes/pki/ca.crt',
      '--enable-admission-plugins=NodeRestriction',
      '--etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt',
      '--etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt',
      '--etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key',
      '--etcd-servers=https://127.0.0.1:2379',
      '--secure-port=6443',
      '--service-cluster-ip-range=10.96.0.0/12',
      '--tls-cert-file=/etc/kubernetes/pki/apiserver.crt',
      '--tls-private-key-file=/etc/kubernetes/pki/apiserver.key',
    ],
  },
  {
    component: 'kube-controller-manager',
    image: 'registry.k8s.io/kube-controller-manager:v1.35.0',
    cpu: '200m',
    command: [
      'kube-controller-manager',
      '--allocate-node-cidrs=true',
      '--authentication-kubeconfig=/etc/kubernetes/controller-manager.conf',
      '--authorization-kubeconfig=/etc/kubernetes/controller-manager.conf',
      '--bind-address=127.0.0.1',
      '--client-ca-file=/etc/kubernetes/pki/ca.crt',
      '--cluster-cidr=10.244.0.0/16',
      '--cluster-name=kubernetes',
      '--cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt',
      '--cluster-signing-key-file=/etc/kubernetes/pki/ca.key',
      '--controllers=*,bootstrapsigner,tokencleaner',
      '--kubeconfig=/etc/kubernetes/controller-manager.conf',
      '--leader-elect=true',
      '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
      '--root-ca-file=/etc/kubernetes/pki/ca.crt',
      '--service-account-private-key-file=/etc/kubernetes/pki/sa.key',
      '--service-cluster-ip-range=10.96.0.0/12',
      '--use-service-account-credentials=true',
    ],
  },
  {
    component: 'kube-scheduler',
    image: 'registry.k8s.io/kube-scheduler:v1.35.0',
    cpu: '100m',
    command: [
      'kube-scheduler',
      '--authentication-kubeconfig=/etc/kubernetes/scheduler.conf',
      '--authorization-kubeconfig=/etc/kubernetes/scheduler.conf',
      '--bind-address=127.0.0.1',
      '--kubeconfig=/etc/kubernetes/scheduler.conf',
      '--leader-elect=true',
    ],
  },
];
}

/** The default cluster's mirror pod names: `<component>-<node>`. */
export const STATIC_POD_NAMES: readonly string[] = staticPods(CONTROL_PLANE_NODE, '10.0.0.10').map((p) => `${p.component}-${CONTROL_PLANE_NODE}`);

const hex = (text: string, bytes: number) => nodeCrypto().createHash('sha256').update(text).digest('hex').slice(0, bytes * 2);

/** kubelet's config.seen: Go's time.Time in RFC 3339 with nanoseconds. */
function seenTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');
}

function mirrorPod(p: StaticPodSpec, nodeName: string, nodeUid: string, seenMs: number): KubeObject {
  // The kubelet's config hash is an md5 of the manifest; a hash of the name stands for it.
  const configHash = hex(`manifest:${p.component}`, 16);
  const requests: JsonObject = { cpu: p.cpu };
  if (p.memory) requests['memory'] = p.memory;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${p.component}-${nodeName}`,
      namespace: 'kube-system',
      labels: { component: p.component, tier: 'control-plane' },
      annotations: {
        ...(p.extraAnnotations ?? {}),
        'kubernetes.io/config.hash': configHash,
        [MIRROR_POD_ANNOTATION]: configHash,
        'kubernetes.io/config.seen': seenTime(seenMs),
        'kubernetes.io/config.source': 'file',
      },
      ownerReferences: [{ apiVersion: 'v1', controller: true, kind: 'Node', name: nodeName, uid: nodeUid }],
    },
    spec: {
      containers: [
        {
          command: p.command,
          image: p.image,
          imagePullPolicy: 'IfNotPresent',
          name: p.component,
          resources: { requests },
        },
      ],
      hostNetwork: true,
      nodeName,
      priority: 2000001000,
      priorityClassName: 'system-node-critical',
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
      tolerations: [{ effect: 'NoExecute', operator: 'Exists' }],
    },
  };
}

/** What the kubelet remembers of a static pod whose one container has run since startedMs. */
function runningMemory(pod: Pod, image: string, startedMs: number, nodeName: string, nodeIp: string): PodMemory {
  const resolved = resolveImage(image, []);
  const name = pod.metadata.name ?? '';
  return {
    uid: pod.metadata.uid ?? '',
    node: nodeName,
    firstSeenMs: startedMs,
    sandboxReady: true,
    podIP: nodeIp,
    deleting: false,
    containers: [
      {
        name: pod.spec?.containers?.[0]?.name ?? '',
        phase: 'Running',
        restartCount: 0,
        started: true,
        ready: true,
        probes: {},
        pullFailures: 0,
        instance: {
          containerId: `containerd://${hex(`container:${name}`, 32)}`,
          image: resolved.name,
          imageId: resolved.imageId,
          startedMs,
          behavior: { ...resolved.behavior },
          exitCode: 0,
        },
      },
    ],
  };
}

/**
 * Creates the four mirror pods on a new cluster (called at the end of bootstrapCluster, after
 * the nodes exist) and gives the kubelet its memory of them.
 */
export function bootstrapStaticPods(api: ApiServer, on: { name: string; ip: string } | undefined): void {
  const pods = findByKind('v1', 'Pod');
  const nodes = findByKind('v1', 'Node');
  if (!pods || !nodes) throw new Error('bootstrap: pods or nodes are not served');
  if (!on) return;
  const node = api.tryGet(nodes, undefined, on.name);
  if (!node) return;
  const kubelet = new ComponentState(api.store, 'kubelet');
  const now = api.clock.now();
  for (const p of staticPods(on.name, on.ip)) {
    // A second API server over the same keyspace, drawing UIDs from a hash of the name.
    const side = new ApiServer(api.store, api.clock, hashRandom(`static-pod:${p.component}`));
    const created = asPod(side.create(pods, 'kube-system', mirrorPod(p, on.name, node.metadata.uid ?? '', now)));
    const mem = runningMemory(created, p.image, now, on.name, on.ip);
    const specs = created.spec?.containers ?? [];
    const status = buildPodStatus(created, mem, specs, on.ip, 'Always', now);
    side.updateStatus(pods, { ...created, status });
    kubelet.set(`pod:kube-system/${created.metadata.name ?? ''}`, mem);
  }
}
