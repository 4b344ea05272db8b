// Inputs of the table golden cases: the objects the stand-in server serves, the kubectl command,
// and the equivalent renderTables / WatchTablePrinter options. generate.mjs runs real kubectl on
// each case and writes inputs and outputs together to cases.json, which the unit test replays.

export const NOW_MS = Date.parse('2025-01-15T10:00:00Z');

/** `seconds` before NOW_MS, as an RFC 3339 timestamp. */
const ago = (seconds) => new Date(NOW_MS - seconds * 1000).toISOString().replace('.000Z', 'Z');

/** The resources the stand-in server knows, by plural. */
export const RESOURCES = {
  pods: { kind: 'Pod', label: 'pod', version: 'v1', namespaced: true, shortNames: ['po'] },
  services: { kind: 'Service', label: 'service', version: 'v1', namespaced: true, shortNames: ['svc'] },
  configmaps: { kind: 'ConfigMap', label: 'configmap', version: 'v1', namespaced: true, shortNames: ['cm'] },
  secrets: { kind: 'Secret', label: 'secret', version: 'v1', namespaced: true },
  events: { kind: 'Event', label: 'event', version: 'v1', namespaced: true, shortNames: ['ev'] },
  nodes: { kind: 'Node', label: 'node', version: 'v1', namespaced: false, shortNames: ['no'] },
  namespaces: { kind: 'Namespace', label: 'namespace', version: 'v1', namespaced: false, shortNames: ['ns'] },
  deployments: { kind: 'Deployment', label: 'deployment.apps', group: 'apps', version: 'v1', namespaced: true, shortNames: ['deploy'] },
  replicasets: { kind: 'ReplicaSet', label: 'replicaset.apps', group: 'apps', version: 'v1', namespaced: true, shortNames: ['rs'] },
  leases: { kind: 'Lease', label: 'lease.coordination.k8s.io', group: 'coordination.k8s.io', version: 'v1', namespaced: true },
  imagerepositories: {
    kind: 'ImageRepository',
    label: 'imagerepository.kubemu.dev',
    group: 'kubemu.dev',
    version: 'v1alpha1',
    namespaced: true,
  },
};

const meta = (name, ageSeconds, extra = {}) => ({ name, namespace: 'default', creationTimestamp: ago(ageSeconds), ...extra });
const helloLabels = { 'app.kubernetes.io/name': 'hello' };

function deployment(name, ageSeconds, replicas, ready, extra = {}) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(name, ageSeconds, { labels: helloLabels }),
    spec: {
      replicas,
      selector: { matchLabels: helloLabels },
      template: {
        metadata: { labels: helloLabels },
        spec: { containers: [{ name: 'hello', image: 'ghcr.io/example/hello:1.0' }, ...(extra.sidecar ? [{ name: 'proxy', image: 'envoy:1.30' }] : [])] },
      },
    },
    status: { replicas, updatedReplicas: replicas, readyReplicas: ready, availableReplicas: ready },
  };
}

function replicaSet(name, ageSeconds, desired, current, ready) {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: meta(name, ageSeconds, { labels: { ...helloLabels, 'pod-template-hash': name.split('-').pop() } }),
    spec: {
      replicas: desired,
      selector: { matchLabels: { ...helloLabels, 'pod-template-hash': name.split('-').pop() } },
      template: { spec: { containers: [{ name: 'hello', image: 'ghcr.io/example/hello:1.0' }] } },
    },
    status: { replicas: current, readyReplicas: ready },
  };
}

function runningPod(name, ageSeconds, extra = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: meta(name, ageSeconds, { labels: extra.labels ?? helloLabels, ...(extra.namespace ? { namespace: extra.namespace } : {}) }),
    spec: { nodeName: 'node-1', containers: [{ name: 'hello', image: 'ghcr.io/example/hello:1.0' }] },
    status: {
      phase: 'Running',
      podIPs: [{ ip: extra.ip ?? '10.244.0.12' }],
      conditions: [{ type: 'Ready', status: 'True' }],
      containerStatuses: [{ name: 'hello', ready: true, restartCount: 0, state: { running: { startedAt: ago(ageSeconds) } } }],
    },
  };
}

const crashLoopPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: meta('crashy-6d4b8c7f9-x2x9q', 3 * 3600 + 5 * 60),
  spec: { nodeName: 'node-2', containers: [{ name: 'app', image: 'busybox' }] },
  status: {
    phase: 'Running',
    podIPs: [{ ip: '10.244.1.7' }],
    containerStatuses: [
      {
        name: 'app',
        ready: false,
        restartCount: 17,
        state: { waiting: { reason: 'CrashLoopBackOff' } },
        lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: ago(12 * 60) } },
      },
    ],
  },
};

const initPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: meta('migrate-0', 40),
  spec: {
    containers: [{ name: 'app', image: 'app' }],
    initContainers: [{ name: 'wait-db', image: 'busybox' }],
    readinessGates: [{ conditionType: 'example.com/lb-ready' }],
  },
  status: {
    phase: 'Pending',
    nominatedNodeName: 'node-3',
    initContainerStatuses: [{ name: 'wait-db', ready: false, restartCount: 0, state: { running: {} } }],
    containerStatuses: [{ name: 'app', ready: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } }],
  },
};

const terminatingPod = {
  ...runningPod('going-away', 25 * 60),
  metadata: { ...meta('going-away', 25 * 60), deletionTimestamp: ago(-30) },
};

const nodes = [
  {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'control-plane', creationTimestamp: ago(9 * 86400), labels: { 'node-role.kubernetes.io/control-plane': '' } },
    status: {
      conditions: [{ type: 'Ready', status: 'True' }],
      addresses: [{ type: 'InternalIP', address: '172.18.0.2' }],
      nodeInfo: { kubeletVersion: 'v1.32.5', osImage: 'Debian GNU/Linux 12 (bookworm)', kernelVersion: '6.8.0', containerRuntimeVersion: 'containerd://1.7.24' },
    },
  },
  {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-1', creationTimestamp: ago(9 * 86400 - 60) },
    spec: { unschedulable: true },
    status: { conditions: [{ type: 'Ready', status: 'False' }], nodeInfo: { kubeletVersion: 'v1.32.5' } },
  },
];

const events = [
  {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: meta('hello.181a2b3c4d5e6f70', 100),
    involvedObject: { kind: 'Deployment', name: 'hello', namespace: 'default' },
    type: 'Normal',
    reason: 'ScalingReplicaSet',
    message: 'Scaled up replica set hello-8c9694f75 from 0 to 4',
    source: { component: 'deployment-controller' },
    firstTimestamp: ago(100),
    lastTimestamp: ago(100),
    count: 1,
  },
  {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: meta('crashy-6d4b8c7f9-x2x9q.181a2b3c4d5e6f71', 3 * 3600),
    involvedObject: { kind: 'Pod', name: 'crashy-6d4b8c7f9-x2x9q', namespace: 'default', fieldPath: 'spec.containers{app}' },
    type: 'Warning',
    reason: 'BackOff',
    message: '  Back-off restarting failed container app in pod crashy (café ✓)\nsecond line',
    source: { component: 'kubelet', host: 'node-2' },
    firstTimestamp: ago(3 * 3600),
    lastTimestamp: ago(12 * 60),
    count: 61,
  },
];

const services = [
  {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta('hello', 3600),
    spec: { type: 'ClusterIP', clusterIPs: ['10.96.12.34'], selector: helloLabels, ports: [{ port: 80, protocol: 'TCP' }] },
  },
  {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta('public', 7200),
    spec: {
      type: 'LoadBalancer',
      clusterIPs: ['10.96.0.200'],
      ports: [
        { port: 80, nodePort: 30080, protocol: 'TCP' },
        { port: 443, nodePort: 30443, protocol: 'TCP' },
      ],
    },
    status: { loadBalancer: {} },
  },
];

const articlePods = ['4nf7n', '9ghql', 'g2rqk'].map((s) => runningPod(`hello-8c9694f75-${s}`, 18)).concat([runningPod('hello-8c9694f75-j87gg', 19)]);

const defaults = { wide: false, noHeaders: false, showLabels: false, labelColumns: [], allNamespaces: false, showKind: false };

export const CASES = [
  {
    name: 'article-deploy-rs-pods',
    args: ['get', 'deployment,replicaset,pods'],
    objects: { deployments: [deployment('hello', 19, 4, 4)], replicasets: [replicaSet('hello-8c9694f75', 19, 4, 4, 4)], pods: articlePods },
    render: { types: ['deployments', 'replicasets', 'pods'], options: defaults },
  },
  {
    name: 'deploy-no-headers',
    args: ['get', 'deploy', '--no-headers'],
    objects: { deployments: [deployment('hello', 25 * 60, 4, 4)] },
    render: { types: ['deployments'], options: { ...defaults, noHeaders: true } },
  },
  {
    name: 'deploy-wide',
    args: ['get', 'deploy', '-o', 'wide'],
    objects: { deployments: [deployment('hello', 25 * 60, 4, 4, { sidecar: true }), deployment('web', 3 * 86400 + 5 * 3600, 3, 0)] },
    render: { types: ['deployments'], options: { ...defaults, wide: true } },
  },
  {
    name: 'pods-statuses-wide',
    args: ['get', 'pods', '-o', 'wide'],
    objects: { pods: [runningPod('hello-8c9694f75-4nf7n', 18), crashLoopPod, initPod, terminatingPod] },
    render: { types: ['pods'], options: { ...defaults, wide: true } },
  },
  {
    name: 'pods-statuses',
    args: ['get', 'pods'],
    objects: { pods: [runningPod('hello-8c9694f75-4nf7n', 18), crashLoopPod, initPod, terminatingPod] },
    render: { types: ['pods'], options: defaults },
  },
  {
    name: 'all-namespaces-pods-nodes',
    args: ['get', 'pods,nodes', '-A'],
    objects: {
      pods: [runningPod('hello-8c9694f75-4nf7n', 18), runningPod('coredns-7db6d8ff4d-abcde', 9 * 86400, { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } })],
      nodes,
    },
    render: { types: ['pods', 'nodes'], options: { ...defaults, allNamespaces: true } },
  },
  {
    name: 'all-namespaces-nodes-first',
    args: ['get', 'nodes,pods', '-A'],
    objects: {
      pods: [runningPod('hello-8c9694f75-4nf7n', 18), runningPod('coredns-7db6d8ff4d-abcde', 9 * 86400, { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } })],
      nodes,
    },
    render: { types: ['nodes', 'pods'], options: { ...defaults, allNamespaces: true } },
  },
  {
    name: 'label-columns-trailing-space',
    args: ['get', 'pods', '-L', 'app.kubernetes.io/name,tier'],
    objects: { pods: [runningPod('hello-8c9694f75-4nf7n', 18), runningPod('web-0', 300, { labels: { 'app.kubernetes.io/name': 'web', tier: 'frontend' } })] },
    render: { types: ['pods'], options: { ...defaults, labelColumns: ['app.kubernetes.io/name', 'tier'] } },
  },
  {
    name: 'label-columns-all-empty',
    args: ['get', 'deploy', '-L', 'tier'],
    objects: { deployments: [deployment('hello', 19, 4, 4)] },
    render: { types: ['deployments'], options: { ...defaults, labelColumns: ['tier'] } },
  },
  {
    name: 'show-labels',
    args: ['get', 'pods,svc', '--show-labels'],
    objects: { pods: [runningPod('hello-8c9694f75-4nf7n', 18), runningPod('bare', 60, { labels: {} })], services },
    render: { types: ['pods', 'services'], options: { ...defaults, showLabels: true } },
  },
  {
    name: 'show-kind-single-type',
    args: ['get', 'rs', '--show-kind'],
    objects: { replicasets: [replicaSet('hello-8c9694f75', 95, 0, 0, 0), replicaSet('hello-85854d9fd8', 40, 4, 4, 4)] },
    render: { types: ['replicasets'], options: { ...defaults, showKind: true } },
  },
  {
    name: 'multi-type-empty-middle',
    args: ['get', 'deploy,rs,svc'],
    objects: { deployments: [deployment('hello', 19, 4, 4)], replicasets: [], services },
    render: { types: ['deployments', 'replicasets', 'services'], options: defaults },
  },
  {
    name: 'multi-type-empty-first',
    args: ['get', 'rs,deploy'],
    objects: { deployments: [deployment('hello', 19, 4, 4)], replicasets: [] },
    render: { types: ['replicasets', 'deployments'], options: defaults },
  },
  {
    name: 'multi-type-no-headers',
    args: ['get', 'deploy,rs', '--no-headers'],
    objects: { deployments: [deployment('hello', 19, 4, 4)], replicasets: [replicaSet('hello-8c9694f75', 19, 4, 4, 4)] },
    render: { types: ['deployments', 'replicasets'], options: { ...defaults, noHeaders: true } },
  },
  {
    name: 'events',
    args: ['get', 'events'],
    objects: { events },
    render: { types: ['events'], options: defaults },
  },
  {
    name: 'events-wide',
    args: ['get', 'events', '-o', 'wide'],
    objects: { events },
    render: { types: ['events'], options: { ...defaults, wide: true } },
  },
  {
    name: 'events-and-pods-wide',
    args: ['get', 'events,pods', '-o', 'wide'],
    objects: { events: events.slice(0, 1), pods: [runningPod('hello-8c9694f75-4nf7n', 18)] },
    render: { types: ['events', 'pods'], options: { ...defaults, wide: true } },
  },
  {
    name: 'nodes-wide',
    args: ['get', 'nodes', '-o', 'wide'],
    objects: { nodes },
    render: { types: ['nodes'], options: { ...defaults, wide: true } },
  },
  {
    name: 'misc-kinds',
    args: ['get', 'svc,cm,secrets,leases,imagerepositories'],
    objects: {
      services,
      configmaps: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('hello-config', 600), data: { a: '1', b: '2' }, binaryData: { c: 'AA==' } }],
      secrets: [{ apiVersion: 'v1', kind: 'Secret', metadata: meta('hello-tls', 86400), type: 'kubernetes.io/tls', data: { 'tls.crt': 'AA==', 'tls.key': 'AA==' } }],
      leases: [{ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: meta('kube-controller-manager', 9 * 86400), spec: { holderIdentity: 'control-plane_5f0e' } }],
      imagerepositories: [{ apiVersion: 'kubemu.dev/v1alpha1', kind: 'ImageRepository', metadata: meta('ghcr-example', 2 * 365 * 86400 + 10 * 86400) }],
    },
    render: { types: ['services', 'configmaps', 'secrets', 'leases', 'imagerepositories'], options: defaults },
  },
  {
    name: 'namespaces',
    args: ['get', 'namespaces'],
    objects: {
      namespaces: [
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', creationTimestamp: ago(9 * 86400) }, status: { phase: 'Active' } },
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'old', creationTimestamp: ago(2 * 86400 + 5 * 3600), deletionTimestamp: ago(5) }, status: { phase: 'Terminating' } },
      ],
    },
    render: { types: ['namespaces'], options: defaults },
  },
  {
    name: 'empty-result',
    args: ['get', 'pods'],
    objects: { pods: [] },
    render: { types: ['pods'], options: defaults },
  },
  {
    name: 'watch-replicasets',
    args: ['get', 'rs', '-w'],
    objects: { replicasets: [replicaSet('hello-8c9694f75', 47, 4, 4, 4)] },
    watch: {
      options: { ...defaults, outputWatchEvents: false },
      watchOnly: false,
      events: [
        { type: 'ADDED', object: replicaSet('hello-85854d9fd8', 0, 1, 0, 0), nowMs: NOW_MS },
        { type: 'MODIFIED', object: replicaSet('hello-85854d9fd8', 0, 1, 1, 0), nowMs: NOW_MS },
        { type: 'MODIFIED', object: replicaSet('hello-85854d9fd8', 5, 1, 1, 1), nowMs: NOW_MS + 5000 },
        { type: 'MODIFIED', object: replicaSet('hello-8c9694f75', 58, 3, 4, 4), nowMs: NOW_MS + 11000 },
        { type: 'DELETED', object: replicaSet('hello-8c9694f75', 95, 0, 0, 0), nowMs: NOW_MS + 48000 },
      ],
    },
  },
  {
    name: 'watch-output-watch-events',
    args: ['get', 'rs', '-w', '--output-watch-events'],
    objects: { replicasets: [replicaSet('hello-8c9694f75', 47, 4, 4, 4)] },
    watch: {
      options: { ...defaults, outputWatchEvents: true },
      watchOnly: false,
      events: [
        { type: 'ADDED', object: replicaSet('hello-85854d9fd8', 0, 1, 0, 0), nowMs: NOW_MS },
        { type: 'DELETED', object: replicaSet('hello-8c9694f75', 95, 0, 0, 0), nowMs: NOW_MS + 48000 },
      ],
    },
  },
  {
    name: 'watch-only',
    args: ['get', 'rs', '-w', '--watch-only'],
    objects: { replicasets: [replicaSet('hello-8c9694f75', 47, 4, 4, 4)] },
    watch: {
      options: defaults,
      watchOnly: true,
      events: [
        { type: 'MODIFIED', object: replicaSet('hello-85854d9fd8', 0, 1, 0, 0), nowMs: NOW_MS },
        { type: 'MODIFIED', object: replicaSet('hello-8c9694f75', 58, 3, 4, 4), nowMs: NOW_MS + 11000 },
      ],
    },
  },
  {
    name: 'watch-empty-initial',
    args: ['get', 'pods', '-w'],
    objects: { pods: [] },
    watch: {
      options: { ...defaults, outputWatchEvents: false },
      watchOnly: false,
      events: [{ type: 'ADDED', object: runningPod('hello-8c9694f75-4nf7n', 0), nowMs: NOW_MS }],
    },
  },
];
