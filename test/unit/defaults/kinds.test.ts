import { REPO_ROOT } from '../../repo-root.js';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { defaultImagePullPolicy, defaultObject, podQOSClass } from '../../../src/apiserver/defaults/index.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

const golden = (name: string): KubeObject =>
  JSON.parse(readFileSync(join(REPO_ROOT, `test/golden/defaults/${name}`), 'utf8')) as KubeObject;

test('imagePullPolicy: Always for latest or no tag, IfNotPresent otherwise', () => {
  const cases: [string, string][] = [
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['nginx:1.27', 'IfNotPresent'],
    ['ghcr.io/example/hello:1.0', 'IfNotPresent'],
    ['localhost:5000/app', 'Always'],
    ['localhost:5000/app:v2', 'IfNotPresent'],
    ['nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', 'IfNotPresent'],
    ['nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', 'Always'],
  ];
  for (const [image, want] of cases) assert.equal(defaultImagePullPolicy(image), want, image);
});

test('kubectl create deployment output (golden input) gets strategy and template defaults', () => {
  const d = golden('create-deployment.json');
  defaultObject(d);
  const spec = d['spec'] as Record<string, any>;
  assert.deepEqual(spec['strategy'], { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } });
  assert.equal(spec['replicas'], 4);
  assert.deepEqual(spec['template'].spec.containers[0], {
    name: 'hello',
    image: 'ghcr.io/example/hello:1.0',
    ports: [{ containerPort: 8080, protocol: 'TCP' }],
    resources: {},
    imagePullPolicy: 'IfNotPresent',
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
  });
});

test('kubectl create service output (golden input) gets the Service defaults', () => {
  const s = golden('create-service.json');
  defaultObject(s);
  assert.deepEqual(s['spec'], {
    ports: [{ name: '80-8080', protocol: 'TCP', port: 80, targetPort: 8080 }],
    selector: { app: 'web' },
    type: 'ClusterIP',
    sessionAffinity: 'None',
    internalTrafficPolicy: 'Cluster',
    ipFamilyPolicy: 'SingleStack',
    ipFamilies: ['IPv4'],
  });
});

test('Service: targetPort defaults to port, NodePort gets externalTrafficPolicy, ExternalName no IP families', () => {
  const np: KubeObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'np' }, spec: { type: 'NodePort', ports: [{ port: 80 }] } };
  defaultObject(np);
  const spec = np['spec'] as Record<string, any>;
  assert.deepEqual(spec['ports'], [{ port: 80, protocol: 'TCP', targetPort: 80 }]);
  assert.equal(spec['externalTrafficPolicy'], 'Cluster');
  const ext: KubeObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'e' }, spec: { type: 'ExternalName', externalName: 'example.com' } };
  defaultObject(ext);
  assert.deepEqual(ext['spec'], { type: 'ExternalName', externalName: 'example.com', sessionAffinity: 'None' });
  const headless: KubeObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'h' }, spec: { clusterIP: 'None' } };
  defaultObject(headless);
  assert.equal((headless['spec'] as Record<string, unknown>)['ipFamilyPolicy'], 'RequireDualStack');
});

test('Pod: PodSpec defaults, Pod-only defaults and the default admission plugins', () => {
  const pod: KubeObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      containers: [{ name: 'web', image: 'nginx', resources: { limits: { cpu: '500m', memory: '128Mi' } } }],
      volumes: [{ name: 'scratch' }, { name: 'cfg', configMap: { name: 'cfg' } }],
    },
    status: { phase: 'Pending' },
  };
  defaultObject(pod);
  assert.deepEqual(pod['spec'], {
    containers: [
      {
        name: 'web',
        image: 'nginx',
        imagePullPolicy: 'Always',
        resources: { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '500m', memory: '128Mi' } },
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
      },
    ],
    volumes: [
      { name: 'scratch', emptyDir: {} },
      { name: 'cfg', configMap: { name: 'cfg', defaultMode: 420 } },
    ],
    enableServiceLinks: true,
    dnsPolicy: 'ClusterFirst',
    restartPolicy: 'Always',
    securityContext: {},
    terminationGracePeriodSeconds: 30,
    schedulerName: 'default-scheduler',
    serviceAccountName: 'default',
    serviceAccount: 'default',
    priority: 0,
    preemptionPolicy: 'PreemptLowerPriority',
    tolerations: [
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ],
  });
  assert.deepEqual(pod['status'], { phase: 'Pending', qosClass: 'Guaranteed' });
});

test('Pod: an existing NoExecute toleration for not-ready is kept and not duplicated', () => {
  const pod: KubeObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p' },
    spec: {
      containers: [{ name: 'c', image: 'busybox:1.36' }],
      tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 }],
    },
  };
  defaultObject(pod);
  const tol = (pod['spec'] as Record<string, any>)['tolerations'];
  assert.deepEqual(tol.map((t: { key: string; tolerationSeconds: number }) => [t.key, t.tolerationSeconds]), [
    ['node.kubernetes.io/not-ready', 10],
    ['node.kubernetes.io/unreachable', 300],
  ]);
});

test('QoS class: BestEffort, Burstable, Guaranteed', () => {
  assert.equal(podQOSClass({ containers: [{ name: 'a' }] }), 'BestEffort');
  assert.equal(podQOSClass({ containers: [{ name: 'a', resources: { requests: { cpu: '100m' } } }] }), 'Burstable');
  assert.equal(
    podQOSClass({ containers: [{ name: 'a', resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1000m', memory: '1024Mi' } } }] }),
    'Guaranteed',
  );
});

test('Namespace: name label and phase Active (the finalizer is the registry\'s, not a default); Secret: type Opaque', () => {
  const ns: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } };
  defaultObject(ns);
  assert.deepEqual(ns, {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: 'team-a', labels: { 'kubernetes.io/metadata.name': 'team-a' } },
    status: { phase: 'Active' },
  });
  const secret: KubeObject = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: {} };
  defaultObject(secret);
  assert.equal(secret['type'], 'Opaque');
});

test('ReplicaSet replicas 1; StatefulSet and DaemonSet strategies', () => {
  const rs: KubeObject = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'r' }, spec: { template: { spec: { containers: [] } } } };
  defaultObject(rs);
  assert.equal((rs['spec'] as Record<string, unknown>)['replicas'], 1);
  const sts: KubeObject = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 's' }, spec: {} };
  defaultObject(sts);
  const s = sts['spec'] as Record<string, unknown>;
  assert.deepEqual(s['updateStrategy'], { type: 'RollingUpdate', rollingUpdate: { partition: 0 } });
  assert.equal(s['podManagementPolicy'], 'OrderedReady');
  const ds: KubeObject = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'd' }, spec: {} };
  defaultObject(ds);
  assert.deepEqual((ds['spec'] as Record<string, unknown>)['updateStrategy'], {
    type: 'RollingUpdate',
    rollingUpdate: { maxUnavailable: 1, maxSurge: 0 },
  });
});
