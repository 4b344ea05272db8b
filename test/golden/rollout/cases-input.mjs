// Objects and commands for generate.mjs: a Deployment `hello` at revision 3 (template hello:1.0,
// applied with kubectl apply), its ReplicaSets of revisions 2 (hello:1.1) and 3, a paused
// Deployment `frozen` and a Deployment `lonely` without ReplicaSets. Times do not matter here.

const template = (image, hash, extra = {}) => ({
  metadata: { labels: { 'app.kubernetes.io/name': 'hello', ...(hash ? { 'pod-template-hash': hash } : {}) }, ...extra },
  spec: {
    containers: [
      {
        name: 'hello',
        image,
        imagePullPolicy: 'IfNotPresent',
        ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
        readinessProbe: { httpGet: { path: '/readyz', port: 'http', scheme: 'HTTP' }, periodSeconds: 5, timeoutSeconds: 2, failureThreshold: 2, successThreshold: 1 },
        resources: {},
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
      },
    ],
    dnsPolicy: 'ClusterFirst',
    restartPolicy: 'Always',
    schedulerName: 'default-scheduler',
    securityContext: {},
    terminationGracePeriodSeconds: 30,
  },
});

const deployment = (name, uid, annotations, tmpl, extraSpec = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: 'default', uid, generation: 5, resourceVersion: '50', creationTimestamp: '2026-10-26T19:00:00Z', labels: { 'app.kubernetes.io/name': 'hello' }, annotations },
  spec: { replicas: 4, selector: { matchLabels: { 'app.kubernetes.io/name': name === 'hello' ? 'hello' : name } }, template: tmpl, ...extraSpec },
  status: { observedGeneration: 5, replicas: 4, updatedReplicas: 4, availableReplicas: 4, readyReplicas: 4 },
});

const replicaSet = (name, owner, ownerUid, revision, cause, tmpl, created) => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: {
    name,
    namespace: 'default',
    uid: `uid-${name}`,
    resourceVersion: '40',
    creationTimestamp: created,
    labels: tmpl.metadata.labels,
    annotations: {
      'deployment.kubernetes.io/desired-replicas': '4',
      'deployment.kubernetes.io/max-replicas': '5',
      'deployment.kubernetes.io/revision': String(revision),
      ...(cause ? { 'kubernetes.io/change-cause': cause } : {}),
    },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: owner, uid: ownerUid, controller: true, blockOwnerDeletion: true }],
  },
  spec: { replicas: 4, selector: { matchLabels: tmpl.metadata.labels }, template: tmpl },
  status: { replicas: 4 },
});

const lastApplied = '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{"kubernetes.io/change-cause":"hello 1.1"},"name":"hello","namespace":"default"}}\n';

export const OBJECTS = {
  deployments: [
    deployment(
      'hello',
      'uid-hello',
      { 'deployment.kubernetes.io/revision': '3', 'kubectl.kubernetes.io/last-applied-configuration': lastApplied, 'kubernetes.io/change-cause': 'hello 1.0', 'team': 'web' },
      template('ghcr.io/example/hello:1.0'),
    ),
    deployment('frozen', 'uid-frozen', { 'deployment.kubernetes.io/revision': '1' }, template('ghcr.io/example/hello:1.0'), { paused: true }),
    deployment('lonely', 'uid-lonely', { 'deployment.kubernetes.io/revision': '1' }, template('ghcr.io/example/hello:1.0')),
  ],
  replicasets: [
    replicaSet('hello-6474c95c86', 'hello', 'uid-hello', 3, 'hello 1.0', template('ghcr.io/example/hello:1.0', '6474c95c86'), '2026-10-26T19:00:00Z'),
    replicaSet('hello-b5cb4bcc7', 'hello', 'uid-hello', 2, 'hello 1.1', template('ghcr.io/example/hello:1.1', 'b5cb4bcc7', { annotations: { 'kubectl.kubernetes.io/restartedAt': '2026-10-26T19:01:00Z' } }), '2026-10-26T19:01:00Z'),
    // matches the selector but another Deployment controls it: never part of hello's history
    replicaSet('hello-foreign', 'other', 'uid-other', 7, 'foreign', template('ghcr.io/example/hello:0.9', 'foreign'), '2026-10-26T18:00:00Z'),
    replicaSet('frozen-1', 'frozen', 'uid-frozen', 1, undefined, { ...template('ghcr.io/example/hello:1.0', 'f1'), metadata: { labels: { 'app.kubernetes.io/name': 'frozen', 'pod-template-hash': 'f1' } } }, '2026-10-26T19:00:00Z'),
  ],
};
// frozen's template labels must match its selector
OBJECTS.deployments[1].spec.template.metadata.labels = { 'app.kubernetes.io/name': 'frozen' };
OBJECTS.deployments[2].spec.template.metadata.labels = { 'app.kubernetes.io/name': 'lonely' };

export const CASES = [
  { name: 'history', args: ['rollout', 'history', 'deployment/hello'] },
  { name: 'history-revision-2', args: ['rollout', 'history', 'deployment/hello', '--revision=2'] },
  { name: 'history-revision-9', args: ['rollout', 'history', 'deployment', 'hello', '--revision=9'] },
  { name: 'history-none', args: ['rollout', 'history', 'deployment/lonely'] },
  { name: 'history-not-found', args: ['rollout', 'history', 'deployment/nope'] },
  { name: 'undo', args: ['rollout', 'undo', 'deployment/hello'] },
  { name: 'undo-to-3-skipped', args: ['rollout', 'undo', 'deployment/hello', '--to-revision=3'] },
  { name: 'undo-to-9', args: ['rollout', 'undo', 'deployment/hello', '--to-revision=9'] },
  { name: 'undo-dry-run', args: ['rollout', 'undo', 'deployment/hello', '--dry-run=client'] },
  { name: 'undo-paused', args: ['rollout', 'undo', 'deployment/frozen', '--to-revision=1'] },
  { name: 'undo-no-previous', args: ['rollout', 'undo', 'deployment/frozen'] },
  { name: 'pause', args: ['rollout', 'pause', 'deployment/hello'] },
  { name: 'pause-paused', args: ['rollout', 'pause', 'deployment/frozen'] },
  { name: 'resume', args: ['rollout', 'resume', 'deployment/frozen'] },
  { name: 'resume-not-paused', args: ['rollout', 'resume', 'deployment/hello'] },
  { name: 'restart-paused', args: ['rollout', 'restart', 'deployment/frozen'] },
  { name: 'undo-two', args: ['rollout', 'undo', 'deployment/frozen', 'deployment/nope', 'deployment/hello', '--to-revision=2'] },
  { name: 'history-two', args: ['rollout', 'history', 'deployment/lonely', 'deployment/hello'] },
  { name: 'history-errors', args: ['rollout', 'history', 'deployment/nope', 'deployment/hello', 'deployment/lonely', '--revision=3'] },
  { name: 'pause-two', args: ['rollout', 'pause', 'deployment/frozen', 'deployment/nope'] },
];
