import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timelineRows, type TimelineChange } from '../../../src/tools/rollout-timeline/timeline-rows.js';
import { renderTimeline, timeCell } from '../../../src/tools/rollout-timeline/render.js';
import type { DeploymentSummary, ReplicaSetSummary } from '../../../src/apiserver/rollout-history.js';

/** A hand-made history: the Deployment d (uid D), ReplicaSets a (rev 1) and b (rev 2). */
let rev = 0;
function dep(generation: number, replicas: number, template: string, revision?: string, available = 0): DeploymentSummary {
  return {
    generation,
    ...(revision ? { revision } : {}),
    replicas,
    paused: false,
    template,
    status: { observedGeneration: generation, replicas: 0, updatedReplicas: 0, readyReplicas: 0, availableReplicas: available },
  };
}
function rs(revision: string, replicas: number, st: { active?: number; ready?: number; terminating?: number } = {}): ReplicaSetSummary {
  return {
    owner: 'd',
    ownerUid: 'D',
    revision,
    replicas,
    status: { replicas: st.active ?? 0, readyReplicas: st.ready ?? 0, availableReplicas: st.ready ?? 0, terminatingReplicas: st.terminating ?? 0 },
  };
}
function chD(timeS: number, type: TimelineChange['type'], summary: DeploymentSummary): TimelineChange {
  return { revision: ++rev, timeMs: timeS * 1000, type, name: 'd', uid: 'D', resource: 'deployments', summary };
}
function chR(timeS: number, type: TimelineChange['type'], name: string, summary: ReplicaSetSummary): TimelineChange {
  return { revision: ++rev, timeMs: timeS * 1000, type, name, uid: name, resource: 'replicasets', summary };
}

test('a rolling update of 2 replicas (maxSurge 1, maxUnavailable 0): the step table, pod counts from the ReplicaSets’ status', () => {
  rev = 0;
  const changes = [
    chD(0, 'ADDED', dep(1, 2, 'v1')),
    chR(0, 'ADDED', 'a', rs('1', 2)),
    chD(0, 'MODIFIED', dep(1, 2, 'v1', '1')),
    // the ReplicaSet's next sync counts the pods it created
    chR(0, 'MODIFIED', 'a', rs('1', 2, { active: 2 })),
    chR(2, 'MODIFIED', 'a', rs('1', 2, { active: 2, ready: 2 })),
    chD(2, 'MODIFIED', dep(1, 2, 'v1', '1', 2)),
    chD(10, 'MODIFIED', dep(2, 2, 'v2', '1', 2)),
    chR(10, 'ADDED', 'b', rs('2', 1)),
    chD(10, 'MODIFIED', dep(2, 2, 'v2', '2', 2)),
    chR(10, 'MODIFIED', 'b', rs('2', 1, { active: 1 })),
    chR(12, 'MODIFIED', 'b', rs('2', 1, { active: 1, ready: 1 })),
    chR(12, 'MODIFIED', 'a', rs('1', 1, { active: 2, ready: 2 })),
    // a Ready pod marked for deletion by the scale-down: no failure
    chR(12, 'MODIFIED', 'a', rs('1', 1, { active: 1, ready: 1, terminating: 1 })),
    chR(12, 'MODIFIED', 'b', rs('2', 2, { active: 1, ready: 1 })),
    chR(12, 'MODIFIED', 'b', rs('2', 2, { active: 2, ready: 1 })),
    chR(13, 'MODIFIED', 'a', rs('1', 1, { active: 1, ready: 1 })),
    // a pod that crashes after being Ready (it stays), then the scaler doubles the Deployment
    chR(20, 'MODIFIED', 'b', rs('2', 2, { active: 2, ready: 0 })),
    chD(30, 'MODIFIED', dep(3, 4, 'v2', '2', 2)),
    chR(31, 'DELETED', 'a', rs('1', 0)),
  ];
  const rows = timelineRows(changes);
  assert.equal(
    renderTimeline(rows),
    [
      'TIME   GEN   REV   OLD   NEW   READY   AVAILABLE   PODS   EVENT',
      '+0s    1     -     0     0     0       0           0      deployment created, replicas 2',
      '+0s    1     -     0     2     0       0           0      a (rev 1) created, replicas 2',
      '+0s    1     1     0     2     0       0           2      revision 1',
      '+2s    1     1     0     2     2       2           2      2 pods Ready',
      '+10s   2     1     0     2     2       2           2      template changed (generation 2)',
      '+10s   2     1     2     1     2       2           2      b (rev 2) created, replicas 1',
      '+10s   2     2     2     1     2       2           3      revision 2',
      '+12s   2     2     2     1     3       2           3      1 pod Ready',
      '+12s   2     2     1     1     2       2           3      a (rev 1) scaled 2 → 1',
      '+12s   2     2     1     2     2       2           4      b (rev 2) scaled 1 → 2',
      '+13s   2     2     1     2     2       2           3      pods 4 → 3',
      '+20s   2     2     1     2     1       2           3      1 pod not Ready',
      '+30s   3     2     1     2     1       2           3      rescaled 2 → 4 (generation 3)',
      '+31s   3     2     0     2     0       2           2      a deleted',
      '',
    ].join('\n'),
  );
  assert.deepEqual(rows.map((r) => r.logRevision).slice(-3), [17, 18, 19]);
});

test('readiness: pods that leave are no failure, pods that stay and lose Ready are; one instant is one row', () => {
  rev = 0;
  const changes = [
    chD(0, 'ADDED', dep(1, 3, 'v1', '1')),
    chR(0, 'ADDED', 'a', rs('1', 3, { active: 3, ready: 3 })),
    // deleted at once (an unscheduled pod, a force delete): active and ready both down
    chR(5, 'MODIFIED', 'a', rs('1', 3, { active: 2, ready: 2 })),
    // one left, two more lost Ready: 2 not Ready
    chR(6, 'MODIFIED', 'a', rs('1', 3, { active: 3, ready: 2 })),
    chR(7, 'MODIFIED', 'a', rs('1', 3, { active: 2, ready: 0 })),
  ];
  assert.deepEqual(
    timelineRows(changes).map((r) => [r.event, r.ready, r.pods]),
    [
      ['deployment created, replicas 3', 0, 0],
      ['a (rev 1) created, replicas 3; 3 pods Ready', 3, 3],
      ['ready 3 → 2, pods 3 → 2', 2, 2],
      ['pods 2 → 3', 2, 3],
      ['1 pod not Ready', 0, 2],
    ],
  );
});

test('time cells: since the first row in Go duration text, or RFC 3339', () => {
  assert.equal(timeCell(125_000, 0, false), '+2m5s');
  assert.equal(timeCell(1_500, 0, false), '+1.5s');
  assert.equal(timeCell(90_000_000, 0, false), '+25h0m0s');
  assert.equal(timeCell(Date.UTC(2026, 9, 26, 19, 0, 5), 0, true), '2026-10-26T19:00:05Z');
});

test('a history that starts later: the seed stands for what it lacks, the first row says so, and no row repeats it', () => {
  rev = 100;
  const seed = [chD(600, 'MODIFIED', dep(5, 3, 'v1', '2', 3)), chR(600, 'MODIFIED', 'a', rs('1', 0)), chR(600, 'MODIFIED', 'b', rs('2', 3, { active: 3, ready: 3 }))];
  const changes = [seed[0]!, chD(600, 'MODIFIED', dep(6, 5, 'v1', '2', 3)), chR(600, 'MODIFIED', 'b', rs('2', 5, { active: 3, ready: 3 }))];
  const rows = timelineRows(changes, seed, { revision: 101, timeMs: 600_000, text: 'history starts at revision 101' });
  assert.deepEqual(
    rows.map((r) => [r.event, r.generation, r.oldDesired, r.newDesired, r.ready, r.pods]),
    [
      ['history starts at revision 101', 5, 0, 3, 3, 3],
      ['rescaled 3 → 5 (generation 6)', 6, 0, 3, 3, 3],
      ['b (rev 2) scaled 3 → 5', 6, 0, 5, 3, 3],
    ],
  );
});
