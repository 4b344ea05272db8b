import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { asPod, isPod } from '../../../src/api/core/v1/pod.js';
import { asNode } from '../../../src/api/core/v1/node.js';
import {
  getPodReadyCondition,
  isPodActive,
  isPodAvailable,
  isPodReady,
  isPodTerminal,
  isPodTerminating,
  maxRestarts,
  podReadySinceMs,
  podReadyTransitionMs,
} from '../../../src/api/core/v1/pod-util.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');

function pod(status: Record<string, unknown>, extra: Partial<KubeObject> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }] }, status, ...extra };
}

const ready = (status: string, at: string | null) => ({ conditions: [{ type: 'Ready', status, lastTransitionTime: at }] });

test('narrowing: a Pod is one, anything else is a programming error', () => {
  const p = pod({});
  assert.equal(isPod(p), true);
  assert.equal(asPod(p), p);
  const node: KubeObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' } };
  assert.equal(isPod(node), false);
  assert.throws(() => asPod(node), /expected a Pod, got Node/);
  assert.throws(() => asNode(p), /expected a Node, got Pod/);
});

test('podutil: Ready is the first Ready condition; ready-since needs True and a time', () => {
  assert.equal(isPodReady(pod(ready('True', '2026-01-01T00:00:00Z'))), true);
  assert.equal(isPodReady(pod(ready('False', '2026-01-01T00:00:00Z'))), false);
  assert.equal(isPodReady(pod({})), false);
  const twice = pod({ conditions: [{ type: 'Ready', status: 'False' }, { type: 'Ready', status: 'True' }] });
  assert.equal(getPodReadyCondition(twice)?.status, 'False');
  assert.equal(isPodReady(twice), false);
  assert.equal(podReadySinceMs(pod(ready('True', '2026-01-01T00:00:00Z'))), T0);
  assert.equal(podReadySinceMs(pod(ready('False', '2026-01-01T00:00:00Z'))), undefined);
  assert.equal(podReadySinceMs(pod(ready('True', null))), undefined);
  assert.equal(podReadyTransitionMs(pod(ready('False', '2026-01-01T00:00:00Z'))), T0);
});

test('podutil: available strictly after minReadySeconds', () => {
  const p = pod(ready('True', '2026-01-01T00:00:00Z'));
  assert.equal(isPodAvailable(p, 5, T0 + 5000), false);
  assert.equal(isPodAvailable(p, 5, T0 + 5001), true);
  assert.equal(isPodAvailable(p, 0, T0), true);
  assert.equal(isPodAvailable(pod(ready('True', null)), 5, T0 + 60_000), false);
});

test('podutil: terminal, active and terminating phases', () => {
  const deleting = { metadata: { name: 'p', deletionTimestamp: '2026-01-01T00:00:00Z' } };
  assert.equal(isPodTerminal(pod({ phase: 'Succeeded' })), true);
  assert.equal(isPodTerminal(pod({ phase: 'Failed' })), true);
  assert.equal(isPodTerminal(pod({ phase: 'Running' })), false);
  assert.equal(isPodActive(pod({ phase: 'Running' })), true);
  assert.equal(isPodActive(pod({ phase: 'Running' }, deleting)), false);
  assert.equal(isPodTerminating(pod({ phase: 'Running' }, deleting)), true);
  assert.equal(isPodTerminating(pod({ phase: 'Failed' }, deleting)), false);
});

test('podutil: restarts of containers and of sidecars apart', () => {
  const p = pod(
    {
      containerStatuses: [{ name: 'a', restartCount: 2 }, { name: 'b', restartCount: 5 }],
      initContainerStatuses: [{ name: 'init', restartCount: 9 }, { name: 'side', restartCount: 3 }],
    },
    { spec: { containers: [], initContainers: [{ name: 'init', image: 'i' }, { name: 'side', image: 'i', restartPolicy: 'Always' }] } },
  );
  assert.deepEqual(maxRestarts(p), { containers: 5, sidecars: 3 });
  assert.deepEqual(maxRestarts(pod({})), { containers: 0, sidecars: 0 });
});
