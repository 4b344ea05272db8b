// Inputs of the describe golden cases: the objects a stand-in API server holds and the
// kubectl command run against it. Times are written relative to NOW (the instant kubectl is
// treated as running at); generate.mjs shifts them to the real clock and back.

export const NOW = Date.parse('2026-10-26T19:30:00Z');
const ago = (s) => new Date(NOW - s * 1000).toISOString().replace('.000Z', 'Z');
const ahead = (s) => new Date(NOW + s * 1000).toISOString().replace('.000Z', 'Z');

const lastApplied =
  '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{"kubernetes.io/change-cause":"hello 1.1"},"name":"hello","namespace":"default"}}\n';

const template = (hash, image) => ({
  metadata: { labels: { 'app.kubernetes.io/name': 'hello', ...(hash ? { 'pod-template-hash': hash } : {}) } },
  spec: {
    containers: [
      {
        name: 'hello',
        image,
        imagePullPolicy: 'IfNotPresent',
        ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }],
        env: [
          { name: 'GREETING', value: 'hello\nworld' },
          { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
          { name: 'CPU_LIMIT', valueFrom: { resourceFieldRef: { containerName: 'hello', resource: 'limits.cpu', divisor: '1' } } },
          { name: 'TOKEN', valueFrom: { secretKeyRef: { name: 'hello-secret', key: 'token' } } },
        ],
        resources: { limits: { memory: '128Mi' }, requests: { cpu: '100m', memory: '64Mi' } },
        readinessProbe: {
          httpGet: { path: '/readyz', port: 'http', scheme: 'HTTP' },
          periodSeconds: 5,
          timeoutSeconds: 2,
          successThreshold: 1,
          failureThreshold: 2,
        },
        livenessProbe: { tcpSocket: { port: 8080 }, initialDelaySeconds: 3, periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
        startupProbe: { exec: { command: ['cat', '/tmp/ready'] }, periodSeconds: 1, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 30 },
        volumeMounts: [
          { name: 'config', mountPath: '/etc/hello', readOnly: true },
          { name: 'scratch', mountPath: '/tmp', subPath: 'tmp' },
        ],
      },
    ],
    volumes: [
      { name: 'config', configMap: { name: 'hello-config', defaultMode: 420 } },
      { name: 'scratch', emptyDir: {} },
    ],
    nodeSelector: { 'kubernetes.io/os': 'linux' },
    restartPolicy: 'Always',
    terminationGracePeriodSeconds: 30,
  },
});

const deploymentUid = 'd0000000-0000-4000-8000-000000000001';
const newRsUid = 'd0000000-0000-4000-8000-000000000002';
const oldRsUid = 'd0000000-0000-4000-8000-000000000003';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'hello',
    namespace: 'default',
    uid: deploymentUid,
    creationTimestamp: ago(600),
    generation: 2,
    labels: { 'app.kubernetes.io/name': 'hello', tier: 'web' },
    annotations: {
      'deployment.kubernetes.io/revision': '2',
      'kubectl.kubernetes.io/last-applied-configuration': lastApplied,
      'kubernetes.io/change-cause': 'hello 1.1',
      'example.com/long-note': 'x'.repeat(150),
    },
  },
  spec: {
    replicas: 4,
    selector: { matchLabels: { 'app.kubernetes.io/name': 'hello' } },
    minReadySeconds: 5,
    revisionHistoryLimit: 5,
    progressDeadlineSeconds: 600,
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
    template: template(undefined, 'ghcr.io/example/hello:1.1'),
  },
  status: {
    observedGeneration: 2,
    replicas: 5,
    updatedReplicas: 2,
    readyReplicas: 5,
    availableReplicas: 4,
    unavailableReplicas: 1,
    conditions: [
      { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.', lastTransitionTime: ago(590), lastUpdateTime: ago(590) },
      { type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated', message: 'ReplicaSet "hello-85854d9fd8" is progressing.', lastTransitionTime: ago(600), lastUpdateTime: ago(20) },
    ],
  },
};

const owner = (kind, name, uid) => [{ apiVersion: 'apps/v1', kind, name, uid, controller: true, blockOwnerDeletion: true }];

const rs = (name, uid, hash, image, replicas, statusReplicas, created, revision) => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: {
    name,
    namespace: 'default',
    uid,
    creationTimestamp: ago(created),
    labels: { 'app.kubernetes.io/name': 'hello', 'pod-template-hash': hash },
    annotations: { 'deployment.kubernetes.io/desired-replicas': '4', 'deployment.kubernetes.io/max-replicas': '5', 'deployment.kubernetes.io/revision': revision },
    ownerReferences: owner('Deployment', 'hello', deploymentUid),
  },
  spec: {
    replicas,
    selector: { matchLabels: { 'app.kubernetes.io/name': 'hello', 'pod-template-hash': hash } },
    template: template(hash, image),
  },
  status: { replicas: statusReplicas, readyReplicas: statusReplicas, availableReplicas: statusReplicas, fullyLabeledReplicas: statusReplicas, observedGeneration: 1 },
});

const newRs = rs('hello-85854d9fd8', newRsUid, '85854d9fd8', 'ghcr.io/example/hello:1.1', 2, 2, 20, '2');
const oldRs = rs('hello-8c9694f75', oldRsUid, '8c9694f75', 'ghcr.io/example/hello:1.0', 3, 3, 600, '1');
const strayRs = { ...rs('hello-other', 'd0000000-0000-4000-8000-000000000009', 'other', 'nginx', 1, 1, 300, '1'), metadata: { ...rs('hello-other', 'd0000000-0000-4000-8000-000000000009', 'other', 'nginx', 1, 1, 300, '1').metadata, ownerReferences: undefined } };

const event = (name, involved, reason, message, first, last, count, extra = {}) => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name, namespace: involved.namespace ?? 'default', creationTimestamp: ago(first) },
  involvedObject: involved,
  reason,
  message,
  type: extra.type ?? 'Normal',
  source: { component: extra.component ?? 'deployment-controller', ...(extra.host ? { host: extra.host } : {}) },
  firstTimestamp: ago(first),
  lastTimestamp: ago(last),
  count,
  eventTime: null,
  reportingComponent: extra.component ?? 'deployment-controller',
  reportingInstance: '',
});

const deployRef = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'hello', namespace: 'default', uid: deploymentUid, resourceVersion: '100' };
const deployEvents = [
  event('hello.1', deployRef, 'ScalingReplicaSet', 'Scaled up replica set hello-8c9694f75 from 0 to 4', 600, 600, 1),
  event('hello.2', deployRef, 'ScalingReplicaSet', 'Scaled up replica set hello-85854d9fd8 from 0 to 1', 20, 20, 1),
  event('hello.3', deployRef, 'ScalingReplicaSet', '  Scaled down replica set hello-8c9694f75 from 4 to 3  ', 10, 10, 1),
  event('hello.4', deployRef, 'DeploymentRollback', 'Rolled back deployment "hello" to revision 1', 2400, 2160, 3, { type: 'Warning' }),
  // same name, other uid: an earlier Deployment called hello — not shown
  event('hello.5', { ...deployRef, uid: 'old-uid' }, 'ScalingReplicaSet', 'Scaled up replica set hello-old from 0 to 1', 3000, 3000, 1),
];

const podUid = 'p0000000-0000-4000-8000-000000000001';
const runningPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'hello-85854d9fd8-lnnbv',
    namespace: 'default',
    uid: podUid,
    creationTimestamp: ago(20),
    labels: { 'app.kubernetes.io/name': 'hello', 'pod-template-hash': '85854d9fd8' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'hello-85854d9fd8', uid: newRsUid, controller: true, blockOwnerDeletion: true }],
  },
  spec: {
    ...template('85854d9fd8', 'ghcr.io/example/hello:1.1').spec,
    nodeName: 'k8s-node-1',
    serviceAccountName: 'default',
    priority: 0,
    enableServiceLinks: true,
    volumes: [
      ...template('85854d9fd8', 'x').spec.volumes,
      {
        name: 'kube-api-access-x7k2p',
        projected: {
          defaultMode: 420,
          sources: [
            { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
            { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
            { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } },
          ],
        },
      },
    ],
    tolerations: [
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' },
    ],
  },
  status: {
    phase: 'Running',
    hostIP: '10.0.0.11',
    hostIPs: [{ ip: '10.0.0.11' }],
    podIP: '10.244.1.7',
    podIPs: [{ ip: '10.244.1.7' }],
    startTime: ago(20),
    qosClass: 'Burstable',
    conditions: [
      { type: 'PodReadyToStartContainers', status: 'True', lastTransitionTime: ago(18) },
      { type: 'Initialized', status: 'True', lastTransitionTime: ago(20) },
      { type: 'Ready', status: 'True', lastTransitionTime: ago(14) },
      { type: 'ContainersReady', status: 'True', lastTransitionTime: ago(14) },
      { type: 'PodScheduled', status: 'True', lastTransitionTime: ago(20) },
    ],
    containerStatuses: [
      {
        name: 'hello',
        image: 'ghcr.io/example/hello:1.1',
        imageID: 'ghcr.io/example/hello@sha256:1111111111111111111111111111111111111111111111111111111111111111',
        containerID: 'containerd://abcdef0123456789',
        ready: true,
        started: true,
        restartCount: 1,
        state: { running: { startedAt: ago(16) } },
        lastState: { terminated: { exitCode: 137, reason: 'OOMKilled', startedAt: ago(19), finishedAt: ago(17) } },
      },
    ],
  },
};

const podRef = { apiVersion: 'v1', kind: 'Pod', name: 'hello-85854d9fd8-lnnbv', namespace: 'default', uid: podUid, resourceVersion: '5' };
const podEvents = [
  event('hello-85854d9fd8-lnnbv.1', podRef, 'Scheduled', 'Successfully assigned default/hello-85854d9fd8-lnnbv to k8s-node-1', 20, 20, 1, { component: 'default-scheduler' }),
  event('hello-85854d9fd8-lnnbv.2', { ...podRef, fieldPath: 'spec.containers{hello}' }, 'Pulled', 'Container image "ghcr.io/example/hello:1.1" already present on machine', 19, 17, 2, { component: 'kubelet', host: 'k8s-node-1' }),
];

const pendingPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'hello-85854d9fd8-zzzzz',
    namespace: 'default',
    uid: 'p0000000-0000-4000-8000-000000000002',
    creationTimestamp: ago(1),
    labels: { 'app.kubernetes.io/name': 'hello', 'pod-template-hash': '85854d9fd8' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'hello-85854d9fd8', uid: newRsUid, controller: true, blockOwnerDeletion: true }],
  },
  spec: { containers: [{ name: 'hello', image: 'ghcr.io/example/hello:1.1' }], restartPolicy: 'Always' },
  status: { phase: 'Pending', qosClass: 'BestEffort' },
};

const terminatingPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'hello-8c9694f75-abcde',
    namespace: 'default',
    uid: 'p0000000-0000-4000-8000-000000000003',
    creationTimestamp: ago(600),
    deletionTimestamp: ahead(25),
    deletionGracePeriodSeconds: 30,
    labels: { 'app.kubernetes.io/name': 'hello', 'pod-template-hash': '8c9694f75' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'hello-8c9694f75', uid: oldRsUid, controller: true, blockOwnerDeletion: true }],
  },
  spec: {
    nodeName: 'k8s-node-2',
    containers: [
      { name: 'hello', image: 'ghcr.io/example/hello:1.0', ports: [{ containerPort: 8080, protocol: 'TCP' }, { containerPort: 9090, hostPort: 9090, protocol: 'UDP' }], resources: { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '500m', memory: '128Mi' } } },
      { name: 'sidecar', image: 'busybox', command: ['sh', '-c'], args: ['echo one\necho two'] },
    ],
  },
  status: {
    phase: 'Running',
    hostIP: '10.0.0.12',
    podIP: '10.244.2.3',
    podIPs: [{ ip: '10.244.2.3' }],
    startTime: ago(600),
    conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: ago(5) }],
    containerStatuses: [
      { name: 'hello', ready: false, restartCount: 0, image: 'ghcr.io/example/hello:1.0', imageID: '', containerID: 'containerd://1', state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: ago(600), finishedAt: ago(5) } } },
      { name: 'sidecar', ready: false, restartCount: 3, image: 'busybox', imageID: '', state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off' } }, lastState: { terminated: { exitCode: 1, signal: 9, reason: 'Error', message: 'boom', startedAt: ago(60), finishedAt: ago(59) } } },
    ],
  },
};

const nodeUid = 'n0000000-0000-4000-8000-000000000001';
const node = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    name: 'k8s-node-1',
    uid: nodeUid,
    creationTimestamp: ago(1800),
    labels: { 'kubernetes.io/hostname': 'k8s-node-1', 'kubernetes.io/os': 'linux', 'node-role.kubernetes.io/worker': '', 'kubernetes.io/role': 'edge' },
    annotations: { 'node.alpha.kubernetes.io/ttl': '0' },
  },
  spec: {
    podCIDR: '10.244.1.0/24',
    podCIDRs: ['10.244.1.0/24'],
    taints: [
      { key: 'dedicated', value: 'web', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: ago(100) },
    ],
    unschedulable: true,
  },
  status: {
    addresses: [
      { type: 'InternalIP', address: '10.0.0.11' },
      { type: 'Hostname', address: 'k8s-node-1' },
    ],
    capacity: { cpu: '2', 'ephemeral-storage': '40970464Ki', 'hugepages-2Mi': '0', memory: '4015484Ki', pods: '110', 'example.com/gpu': '2' },
    allocatable: { cpu: '1500m', 'ephemeral-storage': '37758237247', 'hugepages-2Mi': '0', memory: '3913084Ki', pods: '110', 'example.com/gpu': '2' },
    conditions: [
      { type: 'MemoryPressure', status: 'False', lastHeartbeatTime: ago(30), lastTransitionTime: ago(1800), reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
      { type: 'Ready', status: 'True', lastHeartbeatTime: ago(30), lastTransitionTime: ago(1790), reason: 'KubeletReady', message: 'kubelet is posting ready status' },
    ],
    nodeInfo: {
      machineID: 'm1',
      systemUUID: 's1',
      bootID: 'b1',
      kernelVersion: '6.8.0-84-generic',
      osImage: 'Ubuntu 24.04.3 LTS',
      containerRuntimeVersion: 'containerd://2.1.4',
      kubeletVersion: 'v1.33.1',
      kubeProxyVersion: '',
      operatingSystem: 'linux',
      architecture: 'amd64',
    },
  },
};

const nodeLease = {
  apiVersion: 'coordination.k8s.io/v1',
  kind: 'Lease',
  metadata: { name: 'k8s-node-1', namespace: 'kube-node-lease', uid: 'l1', creationTimestamp: ago(1800) },
  spec: { holderIdentity: 'k8s-node-1', leaseDurationSeconds: 40, renewTime: '2026-10-26T19:29:50.123456Z' },
};

const nodePods = [
  { ...runningPod, metadata: { ...runningPod.metadata, namespace: 'default' } },
  {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'big', namespace: 'kube-system', uid: 'p9', creationTimestamp: ago(1700) },
    spec: {
      nodeName: 'k8s-node-1',
      initContainers: [{ name: 'init', image: 'busybox', resources: { requests: { cpu: '1', memory: '1Gi' } } }],
      containers: [
        { name: 'a', image: 'a', resources: { requests: { cpu: '250m', memory: '100Mi', 'example.com/gpu': '1' }, limits: { cpu: '500m', memory: '200Mi', 'example.com/gpu': '1' } } },
        { name: 'b', image: 'b', resources: { requests: { cpu: '250m' } } },
      ],
    },
    status: { phase: 'Running' },
  },
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'done', namespace: 'default', uid: 'p10', creationTimestamp: ago(1000) }, spec: { nodeName: 'k8s-node-1', containers: [{ name: 'x', image: 'x' }] }, status: { phase: 'Succeeded' } },
];

const nodeRef = { kind: 'Node', name: 'k8s-node-1', uid: nodeUid, apiVersion: 'v1' };
const nodeEvents = [
  event('k8s-node-1.1', { ...nodeRef, namespace: undefined }, 'RegisteredNode', 'Node k8s-node-1 event: Registered Node k8s-node-1 in Controller', 1790, 1790, 1, { component: 'node-controller' }),
  event('k8s-node-1.2', { ...nodeRef, uid: 'k8s-node-1', namespace: undefined }, 'NodeReady', 'Node k8s-node-1 status is now: NodeReady', 1795, 1795, 1, { component: 'kubelet', host: 'k8s-node-1' }),
].map((e) => ({ ...e, involvedObject: Object.fromEntries(Object.entries(e.involvedObject).filter(([, v]) => v !== undefined)) }));

const namespaces = [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', uid: 'ns1', creationTimestamp: ago(1800), labels: { 'kubernetes.io/metadata.name': 'default' } }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } },
  {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: 'team-a', uid: 'ns2', creationTimestamp: ago(100), deletionTimestamp: ago(5), labels: { 'kubernetes.io/metadata.name': 'team-a', team: 'a' }, annotations: { owner: 'alice' } },
    spec: { finalizers: ['kubernetes'] },
    status: {
      phase: 'Terminating',
      conditions: [
        { type: 'NamespaceDeletionDiscoveryFailure', status: 'False', lastTransitionTime: ago(5), reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
        { type: 'NamespaceContentRemaining', status: 'True', lastTransitionTime: ago(4), reason: 'SomeResourcesRemain', message: 'Some resources are remaining: pods. has 1 resource instances' },
      ],
    },
  },
];

const service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'hello', namespace: 'default', uid: 's1', creationTimestamp: ago(600), labels: { 'app.kubernetes.io/name': 'hello' } },
  spec: {
    selector: { 'app.kubernetes.io/name': 'hello' },
    type: 'NodePort',
    clusterIP: '10.96.12.34',
    clusterIPs: ['10.96.12.34'],
    ipFamilies: ['IPv4'],
    ipFamilyPolicy: 'SingleStack',
    ports: [
      { name: 'http', port: 80, targetPort: 'http', protocol: 'TCP', nodePort: 30080 },
      { name: 'metrics', port: 9100, targetPort: 9100, protocol: 'TCP', nodePort: 30091 },
    ],
    sessionAffinity: 'None',
    externalTrafficPolicy: 'Cluster',
    internalTrafficPolicy: 'Cluster',
  },
  status: { loadBalancer: {} },
};

// The EndpointSlice the endpoint-slice controller would keep for `hello`: the running pod and
// readyPods below (the not-ready one is listed as not ready, the pending one not at all);
// kubemu derives the same addresses from the pods (describe/service-endpoints.ts).
const readyPods = ['10.244.1.8', '10.244.2.4', '10.244.2.5'].map((ip, i) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: `hello-ready-${i}`, namespace: 'default', uid: `pr${i}`, creationTimestamp: ago(100), labels: { 'app.kubernetes.io/name': 'hello' } },
  spec: { containers: [{ name: 'hello', image: 'x', ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }] }] },
  status: { phase: 'Running', podIP: ip, conditions: [{ type: 'Ready', status: 'True' }] },
}));
const notReadyPod = { ...readyPods[0], metadata: { ...readyPods[0].metadata, name: 'hello-not-ready', uid: 'pnr' }, status: { phase: 'Running', podIP: '10.244.3.9', conditions: [{ type: 'Ready', status: 'False' }] } };
const endpointSlice = {
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  metadata: { name: 'hello-abcde', namespace: 'default', labels: { 'kubernetes.io/service-name': 'hello' } },
  addressType: 'IPv4',
  ports: [
    { name: 'http', port: 8080, protocol: 'TCP' },
    { name: 'metrics', port: 9100, protocol: 'TCP' },
  ],
  endpoints: [
    ...[runningPod, ...readyPods].map((p) => ({ addresses: [p.status.podIP], conditions: { ready: true } })),
    { addresses: ['10.244.3.9'], conditions: { ready: false } },
  ],
};

const configMap = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'hello-config', namespace: 'default', uid: 'c1', creationTimestamp: ago(600), labels: { 'app.kubernetes.io/name': 'hello' } },
  data: { 'greeting.txt': 'hello from kubemu\nsecond line' },
  binaryData: { 'logo.png': Buffer.from('PNGDATA!').toString('base64') },
};

const lease = {
  apiVersion: 'coordination.k8s.io/v1',
  kind: 'Lease',
  metadata: { name: 'hello-leader', namespace: 'default', uid: 'le1', resourceVersion: '42', creationTimestamp: ago(100), labels: { app: 'hello' } },
  spec: { holderIdentity: 'hello-85854d9fd8-lnnbv', leaseDurationSeconds: 15, leaseTransitions: 2, renewTime: '2026-10-26T19:29:58.500000Z' },
};

const secret = {
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 'hello-secret', namespace: 'default', uid: 'sec1', creationTimestamp: ago(100) },
  type: 'Opaque',
  data: { token: Buffer.from('s3cr3t').toString('base64') },
};

/** The stand-in server's contents: resource plural → objects. */
const helloPdb = {
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name: 'hello', namespace: 'default', uid: 'pdb1', generation: 1, creationTimestamp: ago(600), labels: { app: 'hello' } },
  spec: { minAvailable: 2, selector: { matchLabels: { 'app.kubernetes.io/name': 'hello' } } },
  status: {
    observedGeneration: 1,
    disruptionsAllowed: 1,
    currentHealthy: 3,
    desiredHealthy: 2,
    expectedPods: 3,
    conditions: [{ type: 'DisruptionAllowed', status: 'True', observedGeneration: 1, lastTransitionTime: ago(590), reason: 'SufficientPods', message: '' }],
  },
};
const pdbRef = (name, uid) => ({ kind: 'PodDisruptionBudget', namespace: 'default', name, uid, apiVersion: 'policy/v1', resourceVersion: '7' });
const openPdb = {
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name: 'open', namespace: 'default', uid: 'pdb2', generation: 1, creationTimestamp: ago(60) },
  spec: { maxUnavailable: '25%' },
  status: { observedGeneration: 1, disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 },
};
const pdbEvents = [
  event('open.1', pdbRef('open', 'pdb2'), 'NoPods', 'No matching pods found', 60, 30, 4, { component: 'controllermanager' }),
];

// HorizontalPodAutoscalers with the status a controller would write: each current metric at
// the index of its spec metric, conditions, and a rescale event.
const hpaRef = (name, uid) => ({ kind: 'HorizontalPodAutoscaler', namespace: 'default', name, uid, apiVersion: 'autoscaling/v2', resourceVersion: '9' });
const workerHpa = {
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'worker', namespace: 'default', uid: 'hpa1', creationTimestamp: ago(86400), labels: { app: 'worker' }, annotations: { team: 'queue' } },
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'worker' },
    minReplicas: 3,
    maxReplicas: 32,
    metrics: [
      { type: 'External', external: { metric: { name: 'queue_lag', selector: { matchLabels: { queue: 'orders' } } }, target: { type: 'AverageValue', averageValue: '30' } } },
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 75 } } },
      { type: 'Pods', pods: { metric: { name: 'requests_per_second' }, target: { type: 'AverageValue', averageValue: '10' } } },
      { type: 'Object', object: { describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' }, metric: { name: 'hits' }, target: { type: 'Value', value: '2k' } } },
    ],
    behavior: {
      scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] },
      scaleDown: { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
    },
  },
  status: {
    lastScaleTime: ago(120),
    currentReplicas: 24,
    desiredReplicas: 32,
    currentMetrics: [
      { type: 'External', external: { metric: { name: 'queue_lag', selector: { matchLabels: { queue: 'orders' } } }, current: { value: '0', averageValue: '1250' } } },
      { type: 'Resource', resource: { name: 'cpu', current: { averageValue: '12m', averageUtilization: 12 } } },
      { type: 'Pods', pods: { metric: { name: 'requests_per_second' }, current: { averageValue: '8500m' } } },
      { type: 'Object', object: { metric: { name: 'hits' }, current: { value: '1500' }, describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' } } },
    ],
    conditions: [
      { type: 'AbleToScale', status: 'True', lastTransitionTime: ago(86000), reason: 'ReadyForNewScale', message: 'recommended size matches current size' },
      { type: 'ScalingActive', status: 'True', lastTransitionTime: ago(86000), reason: 'ValidMetricFound', message: 'the HPA was able to successfully calculate a replica count from external metric queue_lag(&LabelSelector{MatchLabels:map[string]string{queue: orders,},MatchExpressions:[]LabelSelectorRequirement{},})' },
      { type: 'ScalingLimited', status: 'True', lastTransitionTime: ago(120), reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' },
    ],
  },
};
const freshHpa = {
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'fresh', namespace: 'default', uid: 'hpa2', creationTimestamp: ago(30) },
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'fresh' },
    minReplicas: 1,
    maxReplicas: 5,
    metrics: [
      { type: 'External', external: { metric: { name: 'backlog' }, target: { type: 'Value', value: '100' } } },
      { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '256Mi' } } },
      { type: 'ContainerResource', containerResource: { name: 'cpu', container: 'app', target: { type: 'Utilization', averageUtilization: 60 } } },
      { type: 'Object', object: { describedObject: { apiVersion: 'v1', kind: 'Service', name: 'front' }, metric: { name: 'latency' }, target: { type: 'AverageValue', averageValue: '500m' } } },
    ],
  },
  status: { desiredReplicas: 0, currentMetrics: null },
};
const hpaEvents = [
  event('worker.1', hpaRef('worker', 'hpa1'), 'SuccessfulRescale', 'New size: 32; reason: external metric queue_lag(&LabelSelector{MatchLabels:map[string]string{queue: orders,},MatchExpressions:[]LabelSelectorRequirement{},}) above target', 120, 120, 1, { component: 'horizontal-pod-autoscaler' }),
  event('fresh.1', hpaRef('fresh', 'hpa2'), 'FailedGetExternalMetric', 'unable to get external metric default/backlog/nil: no metrics returned from external metrics API', 30, 15, 2, { component: 'horizontal-pod-autoscaler', type: 'Warning' }),
];

export const OBJECTS = {
  horizontalpodautoscalers: [workerHpa, freshHpa],
  poddisruptionbudgets: [helloPdb, openPdb],
  deployments: [deployment],
  replicasets: [newRs, oldRs, strayRs],
  pods: [runningPod, pendingPod, terminatingPod, ...nodePods.slice(1), ...readyPods, notReadyPod],
  events: [...deployEvents, ...podEvents, ...nodeEvents, ...pdbEvents, ...hpaEvents],
  nodes: [node],
  leases: [nodeLease, lease],
  namespaces,
  services: [service],
  endpointslices: [endpointSlice],
  configmaps: [configMap],
  secrets: [secret],
};

export const CASES = [
  { name: 'deployment', args: ['describe', 'deployment', 'hello'] },
  { name: 'deployment-no-events', args: ['describe', 'deploy/hello', '--show-events=false'] },
  { name: 'replicaset-new', args: ['describe', 'rs', 'hello-85854d9fd8'] },
  { name: 'replicaset-prefix', args: ['describe', 'rs', 'hello-8c'] },
  { name: 'pod-running', args: ['describe', 'pod', 'hello-85854d9fd8-lnnbv'] },
  { name: 'pod-pending', args: ['describe', 'pod', 'hello-85854d9fd8-zzzzz'] },
  { name: 'pod-terminating', args: ['describe', 'pod', 'hello-8c9694f75-abcde'] },
  { name: 'node', args: ['describe', 'node', 'k8s-node-1'] },
  { name: 'namespaces', args: ['describe', 'namespace'] },
  { name: 'service', args: ['describe', 'service', 'hello'] },
  { name: 'configmap', args: ['describe', 'configmap', 'hello-config'] },
  { name: 'secret', args: ['describe', 'secret', 'hello-secret'] },
  { name: 'pdb-min-available', args: ['describe', 'pdb', 'hello'] },
  { name: 'pdb-max-unavailable-events', args: ['describe', 'poddisruptionbudget', 'open'] },
  { name: 'hpa-worker-status', args: ['describe', 'hpa', 'worker'] },
  { name: 'hpa-fresh-no-status', args: ['describe', 'horizontalpodautoscaler.autoscaling', 'fresh'] },
  { name: 'lease-generic', args: ['describe', 'lease', 'hello-leader'] },
  { name: 'not-found', args: ['describe', 'deployment', 'nope'] },
  { name: 'two-names-one-missing', args: ['describe', 'configmap', 'hello-config', 'nope'] },
  { name: 'selector-no-match', args: ['describe', 'pods', '-l', 'app=none'] },
  { name: 'selector-match', args: ['describe', 'rs', '-l', 'pod-template-hash=85854d9fd8'] },
];
