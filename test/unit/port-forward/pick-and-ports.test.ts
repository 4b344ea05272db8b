import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { lessActive, mostActivePod, podSelectorOf, podsMatching } from '../../../src/kubectl/cmd/port-forward/pick-pod.js';
import { convertPodNamedPortToNumber, translateServicePortToTargetPort } from '../../../src/kubectl/cmd/port-forward/target-ports.js';
import { pod } from './fixtures.js';

const names = (p: KubeObject | undefined) => p?.metadata.name;

test('the most active pod wins: assigned, Running, ready, ready longest, fewest restarts, oldest', () => {
  assert.equal(names(mostActivePod([pod('a', { node: '' }), pod('b')])), 'b');
  assert.equal(names(mostActivePod([pod('a', { phase: 'Pending' }), pod('b', { phase: 'Running' })])), 'b');
  assert.equal(names(mostActivePod([pod('a', { ready: false }), pod('b')])), 'b');
  assert.equal(names(mostActivePod([pod('a', { readySince: '2026-10-26T19:00:30Z' }), pod('b', { readySince: '2026-10-26T19:00:10Z' })])), 'b');
  assert.equal(names(mostActivePod([pod('a', { restarts: 2 }), pod('b', { restarts: 0 })])), 'b');
  assert.equal(names(mostActivePod([pod('a', { created: '2026-10-26T19:05:00Z' }), pod('b', { created: '2026-10-26T19:01:00Z' })])), 'b');
  // A tie keeps list (name) order.
  assert.equal(names(mostActivePod([pod('a'), pod('b')])), 'a');
  assert.equal(mostActivePod([]), undefined);
  assert.equal(lessActive(pod('x'), pod('x')), false);
});

test('selectors: a Deployment its spec.selector, a Service its selector map, a selectorless Service is refused', () => {
  const deploy: KubeObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'hello' }, spec: { selector: { matchLabels: { app: 'hello' } } } };
  const other = pod('z');
  other.metadata.labels = { app: 'other' };
  assert.deepEqual(podsMatching(podSelectorOf(deploy), [pod('a'), other]).map(names), ['a']);
  const svc: KubeObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'hello' }, spec: { selector: { app: 'hello' } } };
  assert.deepEqual(podsMatching(podSelectorOf(svc), [other, pod('b')]).map(names), ['b']);
  const bare: KubeObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'kubernetes' }, spec: {} };
  assert.throws(() => podSelectorOf(bare), { message: "invalid service 'kubernetes': Service is defined without a selector" });
});

test('named container ports become numbers; a number stays as written', () => {
  const p = pod('hello-1');
  assert.deepEqual(convertPodNamedPortToNumber(['8080:http', 'http', '9090', ':http'], p), ['8080:8080', '8080', '9090', ':8080']);
  assert.throws(() => convertPodNamedPortToNumber(['8080:web'], p), { message: "Pod 'hello-1' does not have a named port 'web'" });
});

test('service ports become their target container ports', () => {
  const p = pod('hello-1');
  const svc: KubeObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'hello' },
    spec: { clusterIP: '10.96.0.10', ports: [{ name: 'web', port: 80, targetPort: 'http' }, { port: 81, targetPort: 9000 }, { port: 82 }] },
  };
  assert.deepEqual(translateServicePortToTargetPort(['80', '8080:80', 'web', '81', '82'], svc, p), ['80:8080', '8080', '80:8080', '81:9000', '82']);
  assert.throws(() => translateServicePortToTargetPort(['83'], svc, p), { message: 'Service hello does not have a service port 83' });
  assert.throws(() => translateServicePortToTargetPort(['metrics'], svc, p), { message: "Service 'hello' does not have a named port 'metrics'" });
  const headless: KubeObject = { ...svc, spec: { clusterIP: 'None', ports: [{ port: 80, targetPort: 'http' }] } };
  assert.deepEqual(translateServicePortToTargetPort(['80'], headless, p), ['80']);
});
