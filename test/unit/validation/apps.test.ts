import { test } from 'node:test';
import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import { invalid } from '../../../src/apiserver/errors.js';
import { defaultObject } from '../../../src/apiserver/defaults/index.js';
import { validateCreate } from '../../../src/apiserver/validation/index.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { createErrors, updateErrors, workload } from './helpers.js';

// The article's hello-rs.yaml with the template label changed to "other".
const MISMATCHED_RS = `
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: hello-rs
  namespace: default
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: hello-rs
  template:
    metadata:
      labels:
        app.kubernetes.io/name: other
    spec:
      containers:
      - name: hello
        image: ghcr.io/example/hello:1.0
`;

test("the article's mismatched ReplicaSet is rejected with kube-apiserver's message", () => {
  const rs = yaml.load(MISMATCHED_RS) as KubeObject;
  defaultObject(rs);
  const causes = validateCreate(rs);
  assert.deepEqual(causes, [
    {
      reason: 'FieldValueInvalid',
      field: 'spec.template.metadata.labels',
      message: 'Invalid value: {"app.kubernetes.io/name":"other"}: `selector` does not match template `labels`',
    },
  ]);
  assert.equal(
    invalid('ReplicaSet', 'apps', 'hello-rs', causes).message,
    'ReplicaSet.apps "hello-rs" is invalid: spec.template.metadata.labels: Invalid value: {"app.kubernetes.io/name":"other"}: `selector` does not match template `labels`',
  );
});

test('a valid Deployment and ReplicaSet pass', () => {
  assert.deepEqual(createErrors(workload('Deployment')), []);
  assert.deepEqual(createErrors(workload('ReplicaSet')), []);
});

test('object name must be a DNS-1123 subdomain; name or generateName required', () => {
  assert.deepEqual(createErrors(workload('Deployment', (o) => (o.metadata.name = 'Hello_World'))), [
    "metadata.name: Invalid value: \"Hello_World\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
  ]);
  assert.deepEqual(createErrors(workload('Deployment', (o) => delete o.metadata.name)), [
    'metadata.name: Required value: name or generateName is required',
  ]);
});

test('selector: empty, missing', () => {
  assert.deepEqual(createErrors(workload('Deployment', (o) => (o.spec.selector = {}))), [
    'spec.selector: Invalid value: {}: empty selector is invalid for deployment',
  ]);
  // A nil selector matches nothing, so the template check fails as well (as upstream).
  assert.deepEqual(createErrors(workload('Deployment', (o) => delete o.spec.selector)), [
    'spec.selector: Required value',
    'spec.template.metadata.labels: Invalid value: {"app":"hello"}: `selector` does not match template `labels`',
  ]);
});

test('matchExpressions select template labels', () => {
  const ok = workload('Deployment', (o) => {
    o.spec.selector = { matchExpressions: [{ key: 'app', operator: 'In', values: ['hello', 'web'] }] };
  });
  assert.deepEqual(createErrors(ok), []);
  const bad = workload('Deployment', (o) => {
    o.spec.selector = { matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['hello'] }] };
  });
  assert.deepEqual(createErrors(bad), [
    'spec.template.metadata.labels: Invalid value: {"app":"hello"}: `selector` does not match template `labels`',
  ]);
});

test('strategy: unsupported type prints the internal struct as JSON', () => {
  assert.deepEqual(createErrors(workload('Deployment', (o) => (o.spec.strategy = { type: 'Foo' }))), [
    'spec.strategy: Unsupported value: {"Type":"Foo","RollingUpdate":null}: supported values: "Recreate", "RollingUpdate"',
  ]);
});

test('strategy: Recreate with rollingUpdate is forbidden', () => {
  assert.deepEqual(
    createErrors(workload('Deployment', (o) => (o.spec.strategy = { type: 'Recreate', rollingUpdate: { maxSurge: 1 } }))),
    ["spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"],
  );
});

test('strategy: maxSurge and maxUnavailable both 0', () => {
  assert.deepEqual(
    createErrors(workload('Deployment', (o) => (o.spec.strategy = { rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } }))),
    ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0'],
  );
  // "0%" and 0 are both zero.
  assert.deepEqual(
    createErrors(workload('Deployment', (o) => (o.spec.strategy = { rollingUpdate: { maxSurge: '0%', maxUnavailable: 0 } }))),
    ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0'],
  );
});

test('negative counts, bad percent, more than 100%, in upstream order', () => {
  const d = workload('Deployment', (o) => {
    o.spec.strategy = { rollingUpdate: { maxSurge: 'abc', maxUnavailable: '200%' } };
    o.spec.replicas = -1;
    o.spec.minReadySeconds = -2;
    o.spec.revisionHistoryLimit = -3;
  });
  assert.deepEqual(createErrors(d), [
    'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    "spec.strategy.rollingUpdate.maxSurge: Invalid value: \"abc\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
    'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "200%": must not be greater than 100%',
    'spec.minReadySeconds: Invalid value: -2: must be greater than or equal to 0',
    'spec.revisionHistoryLimit: Invalid value: -3: must be greater than or equal to 0',
  ]);
  assert.deepEqual(
    createErrors(workload('Deployment', (o) => (o.spec.strategy = { rollingUpdate: { maxSurge: -1 } }))),
    ['spec.strategy.rollingUpdate.maxSurge: Invalid value: -1: must be greater than or equal to 0'],
  );
});

test('progressDeadlineSeconds must exceed minReadySeconds', () => {
  assert.deepEqual(
    createErrors(workload('Deployment', (o) => Object.assign(o.spec, { minReadySeconds: 10, progressDeadlineSeconds: 10 }))),
    ['spec.progressDeadlineSeconds: Invalid value: 10: must be greater than minReadySeconds'],
  );
});

test('template restartPolicy must be Always', () => {
  assert.deepEqual(createErrors(workload('ReplicaSet', (o) => (o.spec.template.spec.restartPolicy = 'Never'))), [
    'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
  ]);
});

test('apps/v1 selectors are immutable on update', () => {
  const changed = (o: any): void => {
    o.spec.selector.matchLabels.tier = 'web';
    o.spec.template.metadata.labels.tier = 'web';
  };
  assert.deepEqual(updateErrors(workload('Deployment', changed), workload('Deployment')), [
    'spec.selector: Invalid value: {"matchLabels":{"app":"hello","tier":"web"}}: field is immutable',
  ]);
  assert.deepEqual(updateErrors(workload('ReplicaSet', changed), workload('ReplicaSet')), [
    'spec.selector: Invalid value: {"matchLabels":{"app":"hello","tier":"web"}}: field is immutable',
  ]);
  // Changing only the image is fine.
  assert.deepEqual(
    updateErrors(workload('Deployment', (o) => (o.spec.template.spec.containers[0].image = 'nginx:1.28')), workload('Deployment')),
    [],
  );
});

test('metadata: label keys and values, annotation keys', () => {
  const d = workload('Deployment', (o) => {
    o.metadata.labels = { 'bad key!': 'v', ok: 'bad value!' };
    o.metadata.annotations = { 'a/b/c': 'x' };
  });
  assert.deepEqual(createErrors(d), [
    "metadata.labels: Invalid value: \"bad key!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    "metadata.labels: Invalid value: \"bad value!\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    "metadata.annotations: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
  ]);
});

test('metadata: total annotation size is limited to 256 KiB', () => {
  const d = workload('Deployment', (o) => (o.metadata.annotations = { big: 'x'.repeat(256 * 1024) }));
  assert.deepEqual(createErrors(d), ['metadata.annotations: Too long: may not be more than 262144 bytes']);
});
