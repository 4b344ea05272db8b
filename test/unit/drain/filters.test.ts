/** Which pods drain takes, keeps or refuses (kubectl/drain/filters.ts), as pkg/drain/filters.go. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { filterPods, type FilterOptions, podDeleteStatus } from '../../../src/kubectl/drain/filters.js';

const NOW = Date.parse('2026-12-01T10:00:00Z');

function pod(name: string, o: { owner?: string; phase?: string; emptyDir?: boolean; mirror?: boolean; deletedSecondsAgo?: number } = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      ...(o.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: o.owner, name: 'owner', uid: 'u', controller: true }] } : {}),
      ...(o.mirror ? { annotations: { 'kubernetes.io/config.mirror': 'abc' } } : {}),
      ...(o.deletedSecondsAgo !== undefined ? { deletionTimestamp: new Date(NOW - o.deletedSecondsAgo * 1000).toISOString() } : {}),
    },
    spec: { containers: [{ name: 'c', image: 'x' }], ...(o.emptyDir ? { volumes: [{ name: 'scratch', emptyDir: {} }] } : {}) },
    status: { phase: o.phase ?? 'Running' },
  } as KubeObject;
}

const opts = (o: Partial<FilterOptions> = {}): FilterOptions => ({
  force: false,
  ignoreAllDaemonSets: false,
  deleteEmptyDirData: false,
  skipWaitForDeleteTimeoutSeconds: 0,
  nowMs: NOW,
  daemonSetError: () => undefined,
  ...o,
});

test('each filter in upstream order, first one that keeps the pod wins', () => {
  const cases: [string, KubeObject, Partial<FilterOptions>, { delete: boolean; reason: string; message: string }][] = [
    ['a ReplicaSet pod', pod('a', { owner: 'ReplicaSet' }), {}, { delete: true, reason: 'Okay', message: '' }],
    ['no controller', pod('b'), {}, { delete: false, reason: 'Error', message: 'cannot delete Pods that declare no controller (use --force to override)' }],
    ['no controller, --force', pod('b'), { force: true }, { delete: true, reason: 'Warning', message: 'deleting Pods that declare no controller' }],
    ['emptyDir', pod('c', { owner: 'ReplicaSet', emptyDir: true }), {}, { delete: false, reason: 'Error', message: 'Pods with local storage (use --delete-emptydir-data to override)' }],
    // the local-storage warning is replaced by the next filter's Okay (upstream's TODO)
    ['emptyDir, --delete-emptydir-data', pod('c', { owner: 'ReplicaSet', emptyDir: true }), { deleteEmptyDirData: true }, { delete: true, reason: 'Okay', message: '' }],
    ['emptyDir, finished', pod('c', { emptyDir: true, phase: 'Succeeded' }), {}, { delete: true, reason: 'Okay', message: '' }],
    ['DaemonSet pod', pod('d', { owner: 'DaemonSet' }), {}, { delete: false, reason: 'Error', message: 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)' }],
    ['DaemonSet pod, --ignore-daemonsets', pod('d', { owner: 'DaemonSet' }), { ignoreAllDaemonSets: true }, { delete: false, reason: 'Warning', message: 'ignoring DaemonSet-managed Pods' }],
    ['mirror pod', pod('e', { mirror: true }), {}, { delete: false, reason: 'Skip', message: '' }],
    ['deleted 20 s ago, skip after 10', pod('f', { owner: 'ReplicaSet', deletedSecondsAgo: 20 }), { skipWaitForDeleteTimeoutSeconds: 10 }, { delete: false, reason: 'Skip', message: '' }],
    ['deleted 5 s ago, skip after 10', pod('f', { owner: 'ReplicaSet', deletedSecondsAgo: 5 }), { skipWaitForDeleteTimeoutSeconds: 10 }, { delete: true, reason: 'Okay', message: '' }],
  ];
  for (const [what, p, o, want] of cases) assert.deepEqual(podDeleteStatus(p, opts(o)), want, what);
});

test('an orphaned DaemonSet pod: the GET error, or deleted under --force (the warning lost to the later filters, as upstream)', () => {
  const orphan = opts({ daemonSetError: () => ({ message: 'daemonsets.apps "owner" not found', notFound: true }) });
  assert.deepEqual(podDeleteStatus(pod('d', { owner: 'DaemonSet' }), orphan), { delete: false, reason: 'Error', message: 'daemonsets.apps "owner" not found' });
  assert.deepEqual(podDeleteStatus(pod('d', { owner: 'DaemonSet' }), { ...orphan, force: true }), { delete: true, reason: 'Okay', message: '' });
});

test('errors and warnings grouped by message, `cannot delete` put in front of each (twice for the unmanaged pods, as kubectl says it)', () => {
  const list = filterPods([pod('a'), pod('b', { owner: 'DaemonSet' }), pod('c'), pod('d', { owner: 'ReplicaSet' }), pod('e', { mirror: true })], opts());
  assert.deepEqual(list.errors(), [
    'cannot delete cannot delete Pods that declare no controller (use --force to override): default/a, default/c',
    'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/b',
  ]);
  assert.deepEqual(list.pods().map((p) => p.metadata.name), ['d']);
  const forced = filterPods([pod('a'), pod('b', { owner: 'DaemonSet' }), pod('c')], opts({ force: true, ignoreAllDaemonSets: true }));
  assert.deepEqual(forced.errors(), []);
  assert.equal(forced.warnings(), 'deleting Pods that declare no controller: default/a, default/c; ignoring DaemonSet-managed Pods: default/b');
  assert.deepEqual(forced.pods().map((p) => p.metadata.name), ['a', 'c']);
});
