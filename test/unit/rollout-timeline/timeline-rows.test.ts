import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { timelineRows, type TimelineChange } from '../../../src/tools/rollout-timeline/timeline-rows.js';
import { renderTimeline, timeCell } from '../../../src/tools/rollout-timeline/render.js';
import { openCluster } from '../../../src/cluster/cluster.js';
import { advanceTo } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { readTimelineLog } from '../../../src/tools/rollout-timeline/read-log.js';

/** A hand-made log: the Deployment d (uid D), ReplicaSets a (rev 1) and b (rev 2), their pods. */
let rev = 0;
function dep(generation: number, replicas: number, image: string, revision?: string, available = 0): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', uid: 'D', generation, ...(revision ? { annotations: { 'deployment.kubernetes.io/revision': revision } } : {}) },
    spec: { replicas, template: { spec: { containers: [{ image }] } } },
    status: { availableReplicas: available },
  };
}
function rs(name: string, revision: string, replicas: number): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, uid: name, annotations: { 'deployment.kubernetes.io/revision': revision }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'd', uid: 'D', controller: true }] },
    spec: { replicas },
  };
}
function pod(name: string, owner: string, ready: boolean, terminating = false): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, uid: name, ...(terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}), ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: owner, uid: owner, controller: true }] },
    status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  };
}
function ch(timeS: number, type: TimelineChange['type'], object: KubeObject): TimelineChange {
  return { revision: ++rev, timeMs: timeS * 1000, type, kind: object.kind as TimelineChange['kind'], object };
}

test('a rolling update of 2 replicas (maxSurge 1, maxUnavailable 0): the step table', () => {
  rev = 0;
  const changes = [
    ch(0, 'ADDED', dep(1, 2, 'v1')),
    ch(0, 'ADDED', rs('a', '1', 2)),
    ch(0, 'ADDED', pod('a-1', 'a', false)),
    ch(0, 'ADDED', pod('a-2', 'a', false)),
    ch(0, 'MODIFIED', dep(1, 2, 'v1', '1')),
    ch(2, 'MODIFIED', pod('a-1', 'a', true)),
    ch(2, 'MODIFIED', pod('a-2', 'a', true)),
    ch(2, 'MODIFIED', dep(1, 2, 'v1', '1', 2)),
    // another Deployment's ReplicaSet and a pod nobody owns: not ours
    ch(3, 'ADDED', { ...rs('x', '1', 5), metadata: { ...rs('x', '1', 5).metadata, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'e', uid: 'E', controller: true }] } }),
    ch(10, 'MODIFIED', dep(2, 2, 'v2', '1', 2)),
    ch(10, 'ADDED', rs('b', '2', 1)),
    ch(10, 'ADDED', pod('b-1', 'b', false)),
    ch(10, 'MODIFIED', dep(2, 2, 'v2', '2', 2)),
    ch(12, 'MODIFIED', pod('b-1', 'b', true)),
    ch(12, 'MODIFIED', rs('a', '1', 1)),
    ch(12, 'MODIFIED', pod('a-2', 'a', true, true)),
    ch(12, 'MODIFIED', rs('b', '2', 2)),
    ch(12, 'ADDED', pod('b-2', 'b', false)),
    ch(13, 'DELETED', pod('a-2', 'a', true, true)),
    // a pod that crashes after being Ready, then the scaler doubles the Deployment
    ch(20, 'MODIFIED', pod('b-1', 'b', false)),
    ch(30, 'MODIFIED', dep(3, 4, 'v2', '2', 2)),
  ];
  const rows = timelineRows('D', changes);
  assert.equal(
    renderTimeline(rows),
    [
      'TIME   GEN   REV   OLD   NEW   READY   AVAILABLE   PODS   EVENT',
      '+0s    1     -     0     0     0       0           0      deployment created, replicas 2',
      '+0s    1     -     0     2     0       0           2      a (rev 1) created, replicas 2',
      '+0s    1     1     0     2     0       0           2      revision 1',
      '+2s    1     1     0     2     2       2           2      2 pods Ready',
      '+10s   2     1     0     2     2       2           2      template changed (generation 2)',
      '+10s   2     1     2     1     2       2           3      b (rev 2) created, replicas 1',
      '+10s   2     2     2     1     2       2           3      revision 2',
      '+12s   2     2     2     1     3       2           3      pod b-1 Ready',
      '+12s   2     2     1     1     2       2           3      a (rev 1) scaled 2 → 1',
      '+12s   2     2     1     2     2       2           4      b (rev 2) scaled 1 → 2',
      '+13s   2     2     1     2     2       2           3      pods 4 → 3',
      '+20s   2     2     1     2     1       2           3      pod b-1 not Ready',
      '+30s   3     2     1     2     1       2           3      rescaled 2 → 4 (generation 3)',
      '',
    ].join('\n'),
  );
  assert.deepEqual(rows.map((r) => r.logRevision).slice(-2), [20, 21]);
});

test('time cells: since the first row in Go duration text, or RFC 3339', () => {
  assert.equal(timeCell(125_000, 0, false), '+2m5s');
  assert.equal(timeCell(1_500, 0, false), '+1.5s');
  assert.equal(timeCell(90_000_000, 0, false), '+25h0m0s');
  assert.equal(timeCell(Date.UTC(2026, 9, 26, 19, 0, 5), 0, true), '2026-10-26T19:00:05Z');
});

test('after compaction: the seed stands for what the log lost, and no row repeats it', () => {
  rev = 100;
  const seed = [dep(5, 3, 'v1', '2', 3), rs('a', '1', 0), rs('b', '2', 3), pod('b-1', 'b', true), pod('b-2', 'b', true), pod('b-3', 'b', true)];
  const rows = timelineRows('D', [ch(600, 'MODIFIED', dep(6, 5, 'v1', '2', 3)), ch(600, 'MODIFIED', rs('b', '2', 5))], seed, { revision: 100, timeMs: 600_000 });
  assert.deepEqual(
    rows.map((r) => [r.event, r.generation, r.oldDesired, r.newDesired, r.ready]),
    [
      ['log compacted at revision 100: earlier changes are gone, objects as first written after it', 5, 0, 3, 3],
      ['rescaled 3 → 5 (generation 6)', 6, 0, 3, 3],
      ['b (rev 2) scaled 3 → 5', 6, 0, 5, 3],
    ],
  );
});

test('read from a cluster: a rolling update of 4 replicas shows every ReplicaSet step and ends at 0/4', () => {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const D = findByKind('apps/v1', 'Deployment')!;
  c.api.create(D, 'default', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas: 4, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1' }] } } },
  });
  advanceTo(c, c.clock.now() + 30_000);
  const d = structuredClone(c.api.get(D, 'default', 'web'));
  const spec = d['spec'] as { template: { spec: { containers: { image: string }[] } } };
  spec.template.spec.containers[0]!.image = 'nginx:2';
  c.api.update(D, d);
  advanceTo(c, c.clock.now() + 60_000);
  const log = readTimelineLog(c.api, 'default');
  assert.equal(log.compactedRevision, 0);
  const rows = timelineRows(d.metadata.uid ?? '', log.changes, log.seed);
  const scaled = rows.filter((r) => / scaled /.test(r.event)).map((r) => r.event.replace(/web-[a-z0-9]+ /, ''));
  // default strategy on 4: 25% surge (1) and 25% unavailable (1)
  assert.deepEqual(scaled, ['(rev 1) scaled 4 → 3', '(rev 2) scaled 1 → 2', '(rev 1) scaled 3 → 1', '(rev 2) scaled 2 → 4', '(rev 1) scaled 1 → 0']);
  const last = rows[rows.length - 1]!;
  assert.deepEqual([last.generation, last.revision, last.oldDesired, last.newDesired, last.ready, last.available, last.pods], [2, '2', 0, 4, 4, 4, 4]);
});
