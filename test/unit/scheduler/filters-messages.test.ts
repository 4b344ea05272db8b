import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { filterNode, tolerates, untoleratedTaint } from '../../../src/controllers/scheduler/filters.js';
import { fitErrorMessage, reasonsHistogram, unschedulableMessage } from '../../../src/controllers/scheduler/message.js';
import { backoffMs } from '../../../src/controllers/scheduler/backoff.js';
import { podRequests } from '../../../src/controllers/scheduler/requests.js';
import { preemptionVerdict } from '../../../src/controllers/scheduler/preemption.js';
import { nodePodsOf } from '../../../src/controllers/scheduler/node-pods.js';

function node(name: string, o: { taints?: unknown[]; unschedulable?: boolean; labels?: Record<string, string>; cpu?: string; pods?: string } = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...(o.labels ?? {}) } },
    spec: { ...(o.taints ? { taints: o.taints } : {}), ...(o.unschedulable ? { unschedulable: true } : {}) },
    status: { allocatable: { cpu: o.cpu ?? '2', memory: '3913084Ki', pods: o.pods ?? '110', 'ephemeral-storage': '37758237247' } },
  };
}

function pod(name: string, spec: Record<string, unknown> = {}, cpu?: string, priority = 0): KubeObject {
  const resources = cpu ? { requests: { cpu } } : {};
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: name }, spec: { containers: [{ name: 'c', image: 'i', resources }], priority, ...spec } };
}

const CONTROL_PLANE_TAINT = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };

test('tolerations: key, value, effect, Exists', () => {
  const taint = { key: 'k', value: 'v', effect: 'NoSchedule' };
  const cases: [Record<string, string>, boolean][] = [
    [{ key: 'k', value: 'v', effect: 'NoSchedule' }, true],
    [{ key: 'k', value: 'v' }, true],
    [{ key: 'k', value: 'w' }, false],
    [{ key: 'k', operator: 'Exists' }, true],
    [{ operator: 'Exists' }, true],
    [{ key: 'k', operator: 'Exists', effect: 'NoExecute' }, false],
    [{ key: 'other', operator: 'Exists' }, false],
  ];
  for (const [t, want] of cases) assert.equal(tolerates(t, taint), want, JSON.stringify(t));
  // PreferNoSchedule never blocks; the default NoExecute tolerations do not cover NoSchedule
  assert.equal(untoleratedTaint([{ key: 'a', effect: 'PreferNoSchedule' }], []), undefined);
  assert.deepEqual(untoleratedTaint([CONTROL_PLANE_TAINT], [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' }]), CONTROL_PLANE_TAINT);
});

test('filters in profile order, first failure wins', () => {
  const table: { why: string; pod: KubeObject; node: KubeObject; on?: KubeObject[]; want: unknown }[] = [
    { why: 'fits', pod: pod('p'), node: node('n'), want: undefined },
    { why: 'cordoned', pod: pod('p'), node: node('n', { unschedulable: true, taints: [CONTROL_PLANE_TAINT] }), want: { code: 'UnschedulableAndUnresolvable', reasons: ['node(s) were unschedulable'] } },
    {
      why: 'cordon tolerated',
      pod: pod('p', { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] }),
      node: node('n', { unschedulable: true }),
      want: undefined,
    },
    { why: 'control-plane taint', pod: pod('p', {}, '3'), node: node('n', { taints: [CONTROL_PLANE_TAINT] }), want: { code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint(s)'] } },
    { why: 'nodeSelector', pod: pod('p', { nodeSelector: { disk: 'ssd' } }), node: node('n'), want: { code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't match Pod's node affinity/selector"] } },
    { why: 'nodeSelector matches', pod: pod('p', { nodeSelector: { disk: 'ssd' } }), node: node('n', { labels: { disk: 'ssd' } }), want: undefined },
    {
      why: 'required affinity, second term matches',
      pod: pod('p', {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [
                { matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] },
                { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n'] }] },
              ],
            },
          },
        },
      }),
      node: node('n'),
      want: undefined,
    },
    {
      why: 'required affinity Gt',
      pod: pod('p', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'gen', operator: 'Gt', values: ['3'] }] }] } } } }),
      node: node('n', { labels: { gen: '2' } }),
      want: { code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't match Pod's node affinity/selector"] },
    },
    { why: 'cpu, resolvable', pod: pod('p', {}, '600m'), node: node('n'), on: [pod('a', { nodeName: 'n' }, '1500m')], want: { code: 'Unschedulable', reasons: ['Insufficient cpu'] } },
    { why: 'cpu, exactly full fits', pod: pod('p', {}, '500m'), node: node('n'), on: [pod('a', { nodeName: 'n' }, '1500m')], want: undefined },
    { why: 'cpu beyond the node', pod: pod('p', {}, '3'), node: node('n'), want: { code: 'UnschedulableAndUnresolvable', reasons: ['Insufficient cpu'] } },
    { why: 'pod count', pod: pod('p'), node: node('n', { pods: '1' }), on: [pod('a', { nodeName: 'n' })], want: { code: 'Unschedulable', reasons: ['Too many pods'] } },
    {
      why: 'host port taken',
      pod: pod('p', { containers: [{ name: 'c', ports: [{ containerPort: 80, hostPort: 8080 }] }] }),
      node: node('n'),
      on: [pod('a', { nodeName: 'n', containers: [{ name: 'c', ports: [{ containerPort: 80, hostPort: 8080, protocol: 'TCP' }] }] })],
      want: { code: 'Unschedulable', reasons: ["node(s) didn't have free ports for the requested pod ports"] },
    },
  ];
  for (const c of table) assert.deepEqual(filterNode(c.pod, c.node, nodePodsOf(c.on ?? [])), c.want, c.why);
});

test('pod requests: containers add up, init containers take the max, sidecars add', () => {
  const p = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', metadata: {}, spec }) as KubeObject;
  const c = (cpu: string, restartPolicy?: string) => ({ name: 'x', ...(restartPolicy ? { restartPolicy } : {}), resources: { requests: { cpu } } });
  assert.equal(podRequests(p({ containers: [c('100m'), c('200m')] })).get('cpu'), 300);
  assert.equal(podRequests(p({ containers: [c('100m'), c('200m')], initContainers: [c('500m')] })).get('cpu'), 500);
  assert.equal(podRequests(p({ containers: [c('100m')], initContainers: [c('50m', 'Always'), c('500m')] })).get('cpu'), 550);
  assert.equal(podRequests(p({ containers: [c('1.5')] })).get('cpu'), 1500);
  // request-less containers count 100m / 200Mi for scoring only
  assert.equal(podRequests(p({ containers: [{ name: 'x' }] })).get('cpu'), undefined);
  assert.equal(podRequests(p({ containers: [{ name: 'x' }] }), true).get('memory'), 200 * 1024 * 1024);
});

test('histogram: counts, Go string order', () => {
  assert.equal(reasonsHistogram([['Insufficient cpu'], ['node(s) had untolerated taint(s)'], ['Insufficient cpu']]), '1 node(s) had untolerated taint(s), 2 Insufficient cpu');
  // lexicographic, like sort.Strings: "10 ..." sorts before "2 ..."
  const many = [...Array.from({ length: 10 }, () => ['b']), ['a'], ['a']];
  assert.equal(reasonsHistogram(many), '10 b, 2 a');
  assert.equal(fitErrorMessage(3, [['x'], ['x'], ['y']], ''), '0/3 nodes are available: 1 y, 2 x.');
  assert.equal(reasonsHistogram([['Insufficient cpu', 'Insufficient memory'], ['Insufficient cpu']]), '1 Insufficient memory, 2 Insufficient cpu');
});

test('the whole v1.35 FailedScheduling message for a pod that fits nowhere', () => {
  const master = node('k8s-master-1', { taints: [CONTROL_PLANE_TAINT] });
  const w1 = node('k8s-node-1');
  const w2 = node('k8s-node-2');
  const busy = (n: string) => [pod(`${n}-a`, { nodeName: n }, '1500m')];
  const p = pod('big', {}, '1');
  const failures = [filterNode(p, master, nodePodsOf([]))!, filterNode(p, w1, nodePodsOf(busy('k8s-node-1')))!, filterNode(p, w2, nodePodsOf(busy('k8s-node-2')))!];
  const verdicts = [
    preemptionVerdict(p, master, failures[0]!, nodePodsOf([])),
    preemptionVerdict(p, w1, failures[1]!, nodePodsOf(busy('k8s-node-1'))),
    preemptionVerdict(p, w2, failures[2]!, nodePodsOf(busy('k8s-node-2'))),
  ];
  assert.equal(
    unschedulableMessage(failures, verdicts, true),
    '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod..',
  );
  assert.equal(
    unschedulableMessage(failures, verdicts, false),
    '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never..',
  );
  // a higher-priority pod that would still not fit without the lower-priority ones
  const vip = pod('vip', {}, '3', 1000);
  assert.deepEqual(preemptionVerdict(vip, w1, { code: 'Unschedulable', reasons: ['Insufficient cpu'] }, nodePodsOf(busy('k8s-node-1'))), {
    kind: 'still-unfit',
    reasons: ['Insufficient cpu'],
  });
});

test('backoff doubles from 1 s to at most 10 s', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 9].map(backoffMs), [1000, 2000, 4000, 8000, 10000, 10000]);
});
