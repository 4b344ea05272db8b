import { test } from 'node:test';
import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import { defaultObject } from '../../../src/apiserver/defaults/index.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

// The article's hello-deploy.yaml, verbatim.
const HELLO_DEPLOY = `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: hello
  labels:
    app.kubernetes.io/name: hello
  annotations:
    kubernetes.io/change-cause: "hello 1.0"
spec:
  replicas: 4
  revisionHistoryLimit: 5
  minReadySeconds: 5
  progressDeadlineSeconds: 120
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  selector:
    matchLabels:
      app.kubernetes.io/name: hello
  template:
    metadata:
      labels:
        app.kubernetes.io/name: hello
    spec:
      terminationGracePeriodSeconds: 30
      containers:
      - name: hello
        image: ghcr.io/example/hello:1.0
        ports:
        - name: http
          containerPort: 8080
        startupProbe:
          httpGet: {path: /healthz, port: http}
          periodSeconds: 2
          failureThreshold: 15
        livenessProbe:
          httpGet: {path: /healthz, port: http}
          periodSeconds: 10
          timeoutSeconds: 2
        readinessProbe:
          httpGet: {path: /readyz, port: http}
          periodSeconds: 5
          timeoutSeconds: 2
          failureThreshold: 2
        lifecycle:
          preStop:
            sleep:
              seconds: 5
`;

// The spec as a real cluster returns it (kubectl get deploy hello -o yaml): the user's values
// kept, every unset field defaulted. Probe paths stay as written; scheme HTTP is added.
const EXPECTED_SPEC = {
  replicas: 4,
  revisionHistoryLimit: 5,
  minReadySeconds: 5,
  progressDeadlineSeconds: 120,
  strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
  selector: { matchLabels: { 'app.kubernetes.io/name': 'hello' } },
  template: {
    metadata: { labels: { 'app.kubernetes.io/name': 'hello' } },
    spec: {
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: {},
      containers: [
        {
          name: 'hello',
          image: 'ghcr.io/example/hello:1.0',
          imagePullPolicy: 'IfNotPresent',
          ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
          resources: {},
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          startupProbe: {
            httpGet: { path: '/healthz', port: 'http', scheme: 'HTTP' },
            periodSeconds: 2,
            failureThreshold: 15,
            successThreshold: 1,
            timeoutSeconds: 1,
          },
          livenessProbe: {
            httpGet: { path: '/healthz', port: 'http', scheme: 'HTTP' },
            periodSeconds: 10,
            timeoutSeconds: 2,
            successThreshold: 1,
            failureThreshold: 3,
          },
          readinessProbe: {
            httpGet: { path: '/readyz', port: 'http', scheme: 'HTTP' },
            periodSeconds: 5,
            timeoutSeconds: 2,
            failureThreshold: 2,
            successThreshold: 1,
          },
          lifecycle: { preStop: { sleep: { seconds: 5 } } },
        },
      ],
    },
  },
};

function load(): KubeObject {
  return yaml.load(HELLO_DEPLOY) as KubeObject;
}

test('hello-deploy.yaml after defaulting has the spec a real cluster shows', () => {
  const obj = load();
  defaultObject(obj);
  assert.deepEqual(obj['spec'], EXPECTED_SPEC);
  // Metadata is not defaulted (uid, timestamps, generation are the server's business).
  assert.deepEqual(obj.metadata, {
    name: 'hello',
    labels: { 'app.kubernetes.io/name': 'hello' },
    annotations: { 'kubernetes.io/change-cause': 'hello 1.0' },
  });
});

test('a template is not given Pod-only defaults or admission fields', () => {
  const obj = load();
  defaultObject(obj);
  const spec = (obj['spec'] as { template: { spec: Record<string, unknown> } }).template.spec;
  for (const f of ['enableServiceLinks', 'serviceAccountName', 'serviceAccount', 'priority', 'preemptionPolicy', 'tolerations']) {
    assert.equal(spec[f], undefined, f);
  }
});

test('the same manifest without strategy and limits gets the apps/v1 defaults', () => {
  const obj = load();
  const spec = obj['spec'] as Record<string, unknown>;
  delete spec['strategy'];
  delete spec['revisionHistoryLimit'];
  delete spec['progressDeadlineSeconds'];
  delete spec['replicas'];
  defaultObject(obj);
  assert.deepEqual(spec['strategy'], { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } });
  assert.equal(spec['revisionHistoryLimit'], 10);
  assert.equal(spec['progressDeadlineSeconds'], 600);
  assert.equal(spec['replicas'], 1);
});

test('defaulting is idempotent', () => {
  const once = load();
  defaultObject(once);
  const twice = structuredClone(once);
  defaultObject(twice);
  assert.deepEqual(twice, once);
});
