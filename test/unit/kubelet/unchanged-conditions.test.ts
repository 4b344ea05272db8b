import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject } from '../../../src/common/json.js';
import { conditionSpecs, podConditions } from '../../../src/controllers/kubelet/conditions.js';
import { buildPodStatus } from '../../../src/controllers/kubelet/pod-status.js';
import { newContainerMemory, type PodMemory } from '../../../src/controllers/kubelet/memory.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

// The conditions of a sync that changes none of them are the stored pod's own (frozen) nodes, and
// only where they are what the kubelet would write to the letter: the text stored is the same.

const NOW = Date.parse('2026-01-01T00:01:00Z');
const running = [{ name: 'app', ready: true, state: 'running' as const, hasRun: false }];
const specs = conditionSpecs(running, 'Running', true);

function written(): JsonObject[] {
  return podConditions(specs, [], Date.parse('2026-01-01T00:00:00Z'), 1).map((c) => Object.freeze(JSON.parse(JSON.stringify(c)) as JsonObject));
}

test('a condition the sync does not change is the old one itself', () => {
  const old = written();
  const next = podConditions(specs, old, NOW, 1);
  assert.equal(next.length, old.length);
  next.forEach((c, i) => assert.equal(c, old[i]));
});

test('a changed condition is built anew, the others are kept', () => {
  const old = written();
  const notReady = conditionSpecs([{ ...running[0]!, ready: false }], 'Running', true);
  const next = podConditions(notReady, old, NOW, 1);
  const changed = next.filter((c, i) => c !== old[i]).map((c) => c['type']);
  assert.deepEqual(changed, ['Ready', 'ContainersReady']);
  assert.equal(next[2]!['lastTransitionTime'], '2026-01-01T00:01:00Z');
  assert.equal(next[2]!['message'], 'containers with unready status: [app]');
});

test('an old condition in another order, or with a member more, is written in the kubelet own order', () => {
  // The binding writes PodScheduled as type, observedGeneration, status, lastProbeTime, lastTransitionTime.
  const bound: JsonObject = { type: 'PodScheduled', observedGeneration: 1, status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:00Z' };
  const extra: JsonObject = { ...written()[1]!, message: 'x' };
  const next = podConditions(specs, [written()[0]!, extra, bound], NOW, 1);
  const scheduled = next.find((c) => c['type'] === 'PodScheduled')!;
  assert.notEqual(scheduled, bound);
  assert.deepEqual(Object.keys(scheduled), ['lastProbeTime', 'lastTransitionTime', 'observedGeneration', 'status', 'type']);
  assert.equal(scheduled['lastTransitionTime'], '2026-01-01T00:00:00Z');
  const initialized = next.find((c) => c['type'] === 'Initialized')!;
  assert.notEqual(initialized, extra);
  assert.equal(initialized['message'], undefined);
  // A new generation is a change.
  const old = written();
  assert.ok(podConditions(specs, old, NOW, 2).every((c, i) => c !== old[i] && c['observedGeneration'] === 2));
});

test("the pod's hostIPs and podIPs are the old lists while the addresses stay", () => {
  const mem: PodMemory = {
    uid: 'u',
    node: 'n',
    firstSeenMs: NOW,
    sandboxReady: true,
    podIP: '10.244.0.2',
    deleting: false,
    containers: [newContainerMemory('app', NOW)],
  };
  const specs = [{ name: 'app', image: 'nginx' }];
  const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', generation: 1 } };
  const first = Object.freeze(JSON.parse(JSON.stringify(buildPodStatus(pod, mem, specs, '10.0.0.1', 'Always', NOW))) as JsonObject);
  const stored: KubeObject = { ...pod, status: first };
  const next = buildPodStatus(stored, mem, specs, '10.0.0.1', 'Always', NOW + 1000);
  assert.equal(next['hostIPs'], first['hostIPs']);
  assert.equal(next['podIPs'], first['podIPs']);
  assert.deepEqual(next, first);
  const moved = buildPodStatus(stored, { ...mem, podIP: '10.244.0.3' }, specs, '10.0.0.9', 'Always', NOW + 1000);
  assert.deepEqual([moved['hostIPs'], moved['podIPs']], [[{ ip: '10.0.0.9' }], [{ ip: '10.244.0.3' }]]);
});

test('a condition the kubelet does not own (DisruptionTarget) is kept, before its own (mergePodStatus)', () => {
  const mem: PodMemory = { uid: 'u', node: 'n', firstSeenMs: NOW, sandboxReady: true, podIP: '10.244.0.2', deleting: false, containers: [newContainerMemory('app', NOW)] };
  const specs = [{ name: 'app', image: 'nginx' }];
  const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', generation: 1 } };
  const first = buildPodStatus(pod, mem, specs, '10.0.0.1', 'Always', NOW);
  const disruption: JsonObject = {
    type: 'DisruptionTarget',
    status: 'True',
    lastProbeTime: null,
    lastTransitionTime: '2026-01-01T00:01:00Z',
    reason: 'DeletionByTaintManager',
    message: 'Taint manager: deleting due to NoExecute taint',
  };
  const stored: KubeObject = { ...pod, status: { ...first, conditions: [...(first['conditions'] as JsonObject[]), disruption] } };
  const next = buildPodStatus(stored, mem, specs, '10.0.0.1', 'Always', NOW + 1000);
  assert.deepEqual(
    (next['conditions'] as JsonObject[]).map((c) => c['type']),
    ['DisruptionTarget', 'PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'],
  );
  assert.deepEqual((next['conditions'] as JsonObject[])[0], disruption);
});
