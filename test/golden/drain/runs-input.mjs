// The nodes and pods test/golden/drain/generate-runs.mjs serves to the real kubectl, and the cases
// it runs (test/unit/drain/runs-golden.test.ts feeds the same objects to kubemu's drain).
const node = (name, unschedulable) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, uid: `uid-${name}`, resourceVersion: '10', labels: { 'kubernetes.io/hostname': name } },
  spec: unschedulable ? { unschedulable: true } : {},
  status: { conditions: [{ type: 'Ready', status: 'True' }] },
});

export const NODES = [node('n1', false), node('n2', true)];

const RS_OWNER = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5d8f7c', uid: 'uid-rs', controller: true, blockOwnerDeletion: true }];

function pod(name, o = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: o.namespace ?? 'default',
      uid: `uid-${name}`,
      resourceVersion: '20',
      ...(o.bare ? {} : { ownerReferences: RS_OWNER }),
      ...(o.labels ? { labels: o.labels } : {}),
      ...(o.mirror ? { annotations: { 'kubernetes.io/config.mirror': 'hash' } } : {}),
    },
    spec: {
      nodeName: o.node ?? 'n1',
      containers: [{ name: 'app', image: 'nginx' }],
      ...(o.emptyDir ? { volumes: [{ name: 'scratch', emptyDir: {} }] } : {}),
    },
    status: { phase: o.phase ?? 'Running' },
  };
}

const two = [pod('web-5d8f7c-a'), pod('web-5d8f7c-b'), pod('other-node', { node: 'n2' })];

export const CASES = [
  { name: 'two pods evicted, gone at once', args: ['n1'], pods: two },
  { name: 'evicted pods that take a few polls to go', args: ['n1'], pods: two, script: { 'web-5d8f7c-a': { stays: 2 }, 'web-5d8f7c-b': { stays: 1 } } },
  { name: 'a node already cordoned, no pods', args: ['n2', '--pod-selector=app=none'], pods: two },
  { name: 'three pods: the last one started first, as Go schedules goroutines', args: ['n1'], pods: [pod('p-a'), pod('p-b'), pod('p-c')], script: { 'p-a': { stays: 1 } } },
  { name: '--pod-selector', args: ['n1', '--pod-selector=tier=web'], pods: [pod('p-a', { labels: { tier: 'web' } }), pod('p-b', { labels: { tier: 'db' } })] },
  { name: 'a refused eviction retried after 5 s', args: ['n1'], pods: two, script: { 'web-5d8f7c-b': { refuse: 1 } } },
  { name: 'refused until --timeout', args: ['n1', '--timeout=3s'], pods: two, script: { 'web-5d8f7c-b': { refuse: 10 } } },
  { name: 'evicted but not gone by --timeout', args: ['n1', '--timeout=2s'], pods: [pod('web-5d8f7c-a')], script: { 'web-5d8f7c-a': { stays: 99 } } },
  { name: 'pods without a controller', args: ['n1'], pods: [pod('bare-1', { bare: true }), pod('bare-2', { bare: true }), pod('web-5d8f7c-a')] },
  { name: 'pods without a controller, --force', args: ['n1', '--force'], pods: [pod('bare-1', { bare: true }), pod('web-5d8f7c-a')] },
  { name: 'local storage', args: ['n1'], pods: [pod('cache-1', { emptyDir: true }), pod('web-5d8f7c-a')] },
  { name: 'local storage, --delete-emptydir-data', args: ['n1', '--delete-emptydir-data'], pods: [pod('cache-1', { emptyDir: true })] },
  { name: 'a finished pod without a controller', args: ['n1'], pods: [pod('job-done', { bare: true, phase: 'Succeeded' })] },
  { name: 'mirror pods are skipped', args: ['n1'], pods: [pod('etcd-n1', { bare: true, mirror: true, namespace: 'kube-system' }), pod('web-5d8f7c-a')] },
  { name: 'client dry run', args: ['n1', '--dry-run=client'], pods: two },
  { name: 'server dry run', args: ['n1', '--dry-run=server'], pods: two },
  { name: '--disable-eviction', args: ['n1', '--disable-eviction', '--grace-period=5'], pods: two, script: { 'web-5d8f7c-a': { stays: 1 } } },
  { name: '--disable-eviction until --timeout', args: ['n1', '--disable-eviction', '--timeout=2s'], pods: two, script: { 'web-5d8f7c-a': { stays: 99 } } },
  { name: 'an unknown node', args: ['n1', 'nope'], pods: two },
  { name: 'two nodes, one refused', args: ['n2', 'n1'], pods: [pod('bare-1', { bare: true })] },
];
