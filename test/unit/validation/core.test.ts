import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { createErrors, pod, updateErrors } from './helpers.js';

const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

test('a defaulted pod is valid', () => {
  assert.deepEqual(createErrors(pod()), []);
});

test('pod: containers required', () => {
  assert.deepEqual(createErrors(pod((o) => (o.spec.containers = []))), ['spec.containers: Required value']);
});

test('pod: container names, image, ports, env, restartPolicy — in upstream order', () => {
  const p = pod((o) => {
    o.spec.containers = [
      { name: 'Web', image: '' },
      { name: 'Web', image: 'x', ports: [{ containerPort: 70000, name: 'http' }, { containerPort: 80, name: 'http' }], env: [{ name: 'A=B' }] },
    ];
    o.spec.restartPolicy = 'Sometimes';
  });
  assert.deepEqual(createErrors(p), [
    `spec.containers[0].name: Invalid value: "Web": ${LABEL_MSG}`,
    'spec.containers[0].image: Required value',
    `spec.containers[1].name: Invalid value: "Web": ${LABEL_MSG}`,
    'spec.containers[1].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
    'spec.containers[1].ports[1].name: Duplicate value: "http"',
    "spec.containers[1].env[0].name: Invalid value: \"A=B\": a valid environment variable name must consist only of printable ASCII characters other than '='",
    'spec.containers[1].name: Duplicate value: "Web"',
    'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
  ]);
});

test('pod: probe fields', () => {
  const p = pod((o) => {
    o.spec.containers[0].livenessProbe = { successThreshold: 2, periodSeconds: -1, httpGet: { port: 'http_x' } };
    o.spec.containers[0].readinessProbe = {};
  });
  assert.deepEqual(createErrors(p), [
    'spec.containers[0].livenessProbe.httpGet.port: Invalid value: "http_x": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
    'spec.containers[0].livenessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0',
    'spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1',
    'spec.containers[0].readinessProbe: Required value: must specify a handler type',
  ]);
});

test('pod: requests may not exceed limits (canonical quantities)', () => {
  const p = pod((o) => {
    o.spec.containers[0].resources = { requests: { cpu: '2', memory: '1536Mi' }, limits: { cpu: '1000m', memory: '1Gi' } };
  });
  assert.deepEqual(createErrors(p), [
    'spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
    'spec.containers[0].resources.requests: Invalid value: "1536Mi": must be less than or equal to memory limit of 1Gi',
  ]);
});

test('pod: preStop sleep longer than the grace period', () => {
  const p = pod((o) => {
    o.spec.terminationGracePeriodSeconds = 5;
    o.spec.containers[0].lifecycle = { preStop: { sleep: { seconds: 10 } } };
  });
  assert.deepEqual(createErrors(p), [
    'spec.containers[0].lifecycle.preStop.sleep: Invalid value: 10: must be greater than 0 and less than terminationGracePeriodSeconds (5)',
  ]);
});

test('pod update: changing the image is allowed, other spec changes are forbidden', () => {
  assert.deepEqual(updateErrors(pod((o) => (o.spec.containers[0].image = 'nginx:1.28')), pod()), []);
  const errs = updateErrors(pod((o) => (o.spec.containers[0].ports = [{ containerPort: 80 }])), pod());
  assert.equal(errs.length, 1);
  assert.ok(
    errs[0]?.startsWith(
      'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n  core.PodSpec{\n',
    ),
    errs[0],
  );
  assert.deepEqual(updateErrors(pod((o) => o.spec.containers.push({ name: 'b', image: 'b' })), pod()), [
    'spec.containers: Forbidden: pod updates may not add or remove containers',
  ]);
});

test('pod update: activeDeadlineSeconds may only go down', () => {
  assert.deepEqual(
    updateErrors(pod((o) => (o.spec.activeDeadlineSeconds = 60)), pod((o) => (o.spec.activeDeadlineSeconds = 30))),
    ['spec.activeDeadlineSeconds: Invalid value: 60: must be less than or equal to previous value'],
  );
  assert.deepEqual(updateErrors(pod((o) => (o.spec.activeDeadlineSeconds = 10)), pod((o) => (o.spec.activeDeadlineSeconds = 30))), []);
});

test('namespace names are DNS-1123 labels', () => {
  const ns: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'Team.A' } };
  assert.deepEqual(createErrors(ns), [`metadata.name: Invalid value: "Team.A": ${LABEL_MSG}`]);
  const dotted: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team.a' } };
  assert.deepEqual(createErrors(dotted), ['metadata.name: Invalid value: "team.a": must not contain dots']);
});

test('service: DNS-1035 name, port names required with several ports, duplicate ports', () => {
  const svc: KubeObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: '1web', namespace: 'default' },
    spec: { ports: [{ port: 80 }, { port: 80, name: 'x' }] },
  };
  assert.deepEqual(createErrors(svc), [
    "metadata.name: Invalid value: \"1web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
    'spec.ports[0].name: Required value',
    'spec.ports[1]: Duplicate value: {"Name":"","Protocol":"TCP","AppProtocol":null,"Port":80,"TargetPort":0,"NodePort":0}',
  ]);
  const noPorts: KubeObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: {} };
  assert.deepEqual(createErrors(noPorts), ['spec.ports: Required value']);
});

test('configmap keys and secret type rules', () => {
  const cm: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' }, data: { 'bad key': 'v', '..x': 'y' } };
  assert.deepEqual(createErrors(cm), [
    "data[..x]: Invalid value: \"..x\": must not start with '..'",
    "data[bad key]: Invalid value: \"bad key\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
  ]);
  const tls: KubeObject = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' }, type: 'kubernetes.io/tls', data: {} };
  assert.deepEqual(createErrors(tls), ['data[tls.crt]: Required value', 'data[tls.key]: Required value']);
  const base: KubeObject = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' } };
  assert.deepEqual(updateErrors({ ...base, type: 'Foo' }, base), ['type: Invalid value: "Foo": field is immutable']);
});

test('immutable configmaps cannot change their data', () => {
  const old: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' }, data: { a: '1' }, immutable: true };
  const next: KubeObject = { ...old, data: { a: '2' } };
  assert.deepEqual(updateErrors(next, old), ['data: Forbidden: field is immutable when `immutable` is set']);
});
