import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setCondition } from '../../../src/controllers/deployment/conditions.js';
import { pausedConditionStatus } from '../../../src/controllers/deployment/paused.js';
import {
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  rolloutStatus,
  stuckRequeueDelayMs,
} from '../../../src/controllers/deployment/progress.js';
import type { DeploymentStatus } from '../../../src/api/apps/v1/deployment.js';
import { deployment, replicaSet } from './fixtures.js';

const T0 = Date.UTC(2026, 9, 26, 19, 0, 0);
const at = (sec: number): string => new Date(T0 + sec * 1000).toISOString().replace('.000Z', 'Z');

test('setCondition: same status and reason keeps everything; same status keeps lastTransitionTime; replaced goes last', () => {
  const s: DeploymentStatus = {
    conditions: [
      { type: 'Progressing', status: 'True', lastUpdateTime: at(0), lastTransitionTime: at(0), reason: 'NewReplicaSetCreated', message: 'a' },
      { type: 'Available', status: 'False', lastUpdateTime: at(0), lastTransitionTime: at(0), reason: 'MinimumReplicasUnavailable', message: 'b' },
    ],
  };
  setCondition(s, { type: 'Available', status: 'False', lastUpdateTime: at(5), lastTransitionTime: at(5), reason: 'MinimumReplicasUnavailable', message: 'other' });
  assert.equal(s.conditions?.[1]?.message, 'b');
  setCondition(s, { type: 'Progressing', status: 'True', lastUpdateTime: at(9), lastTransitionTime: at(9), reason: 'NewReplicaSetAvailable', message: 'c' });
  assert.deepEqual(s.conditions?.map((c) => c.type), ['Available', 'Progressing']);
  assert.deepEqual([s.conditions?.[1]?.lastUpdateTime, s.conditions?.[1]?.lastTransitionTime], [at(9), at(0)]);
});

test('rollout status: progressing refreshes lastUpdateTime, completion says the RS has successfully progressed', () => {
  const d = deployment(4, { maxSurge: 1, maxUnavailable: 0 });
  d.metadata.name = 'hello';
  d.status = {
    observedGeneration: 1,
    replicas: 4,
    availableReplicas: 4,
    readyReplicas: 4,
    conditions: [{ type: 'Progressing', status: 'True', lastUpdateTime: at(0), lastTransitionTime: at(0), reason: 'NewReplicaSetCreated', message: 'x' }],
  };
  const old = replicaSet('hello-8c9694f75', 4, 4);
  const next = replicaSet('hello-85854d9fd8', 1, 0, 60);
  const s = rolloutStatus([old, next], next, d, T0 + 10_000);
  assert.equal(s.updatedReplicas, 1);
  assert.equal(s.replicas, 5);
  assert.equal(s.unavailableReplicas, 1); // 5 spec − 4 available
  assert.equal(s.terminatingReplicas, undefined); // the RSes here report none although synced
  const progressing = s.conditions?.find((c) => c.type === 'Progressing');
  assert.deepEqual(progressing, {
    type: 'Progressing',
    status: 'True',
    lastUpdateTime: at(10),
    lastTransitionTime: at(0),
    reason: 'ReplicaSetUpdated',
    message: 'ReplicaSet "hello-85854d9fd8" is progressing.',
  });
  assert.deepEqual(s.conditions?.map((c) => `${c.type}=${c.status} ${c.reason}`), [
    'Available=True MinimumReplicasAvailable',
    'Progressing=True ReplicaSetUpdated',
  ]);

  const done = rolloutStatus([replicaSet('hello-8c9694f75', 0, 0), replicaSet('hello-85854d9fd8', 4, 4, 60)], replicaSet('hello-85854d9fd8', 4, 4, 60), d, T0 + 40_000);
  assert.ok(deploymentComplete(d, done));
  assert.equal(done.conditions?.find((c) => c.type === 'Progressing')?.message, 'ReplicaSet "hello-85854d9fd8" has successfully progressed.');
  assert.equal(done.unavailableReplicas, undefined); // zero counters are omitted like Go's omitempty
});

test('progress deadline: strictly after lastUpdateTime + progressDeadlineSeconds', () => {
  const d = deployment(4, { maxSurge: 1, maxUnavailable: 0 }, { progressDeadlineSeconds: 120 });
  const cond = { type: 'Progressing', status: 'True' as const, lastUpdateTime: at(0), lastTransitionTime: at(0), reason: 'ReplicaSetUpdated', message: 'x' };
  const s: DeploymentStatus = { conditions: [cond] };
  assert.equal(deploymentTimedOut(d, s, T0 + 120_000), false);
  assert.equal(deploymentTimedOut(d, s, T0 + 120_001), true);
  assert.equal(deploymentTimedOut(d, { conditions: [{ ...cond, reason: 'NewReplicaSetAvailable' }] }, T0 + 999_000), false);
  // requeue: 90 s left at t=30 → 91 s; less than a second left → just past the deadline
  d.status = { conditions: [cond] };
  assert.equal(stuckRequeueDelayMs(d, { conditions: [cond] }, T0 + 30_000), 91_000);
  assert.equal(stuckRequeueDelayMs(d, { conditions: [cond] }, T0 + 119_500), 501);
  // a finished rollout whose pods stopped being available (a crash loop): it can never time out,
  // so past the deadline nothing is requeued (it used to be every 1 ms, forever)
  const finished = { ...cond, reason: 'NewReplicaSetAvailable' };
  d.status = { conditions: [finished] };
  const crashing: DeploymentStatus = { replicas: 4, updatedReplicas: 4, availableReplicas: 2, conditions: [finished] };
  assert.equal(stuckRequeueDelayMs(d, crashing, T0 + 119_500), undefined);
  assert.equal(stuckRequeueDelayMs(d, crashing, T0 + 600_000), undefined);
  assert.equal(stuckRequeueDelayMs(d, crashing, T0 + 30_000), 91_000);
  // stuck rollout timed out: Progressing=False ProgressDeadlineExceeded
  d.metadata.name = 'hello';
  d.status = { observedGeneration: 1, replicas: 5, updatedReplicas: 1, readyReplicas: 4, availableReplicas: 4, conditions: [cond] };
  const old = replicaSet('hello-85854d9fd8', 4, 4);
  const next = replicaSet('hello-8d8f8775c', 1, 0, 60);
  next.status = { replicas: 1, observedGeneration: 1 };
  const s2 = rolloutStatus([old, next], next, d, T0 + 121_000);
  assert.deepEqual(s2.conditions?.find((c) => c.type === 'Progressing'), {
    type: 'Progressing',
    status: 'False',
    lastUpdateTime: at(121),
    lastTransitionTime: at(121),
    reason: 'ProgressDeadlineExceeded',
    message: 'ReplicaSet "hello-8d8f8775c" has timed out progressing.',
  });
});

test('DeploymentProgressing compares with the status before the sync', () => {
  const d = deployment(4);
  d.status = { replicas: 5, updatedReplicas: 1, readyReplicas: 4, availableReplicas: 4 };
  assert.ok(deploymentProgressing(d, { replicas: 5, updatedReplicas: 2, readyReplicas: 4, availableReplicas: 4 }));
  assert.ok(deploymentProgressing(d, { replicas: 4, updatedReplicas: 1, readyReplicas: 4, availableReplicas: 4 })); // fewer old
  assert.ok(!deploymentProgressing(d, { replicas: 5, updatedReplicas: 1, readyReplicas: 4, availableReplicas: 4 }));
});

test('paused and resumed conditions are Progressing=Unknown; a timed-out rollout keeps its condition', () => {
  const d = deployment(4, {}, { paused: true });
  d.status = { conditions: [{ type: 'Progressing', status: 'True', lastUpdateTime: at(0), lastTransitionTime: at(0), reason: 'NewReplicaSetAvailable', message: 'x' }] };
  const paused = pausedConditionStatus(d, at(50));
  assert.deepEqual(paused?.conditions?.[0], {
    type: 'Progressing',
    status: 'Unknown',
    lastUpdateTime: at(50),
    lastTransitionTime: at(50),
    reason: 'DeploymentPaused',
    message: 'Deployment is paused',
  });
  d.status = paused;
  assert.equal(pausedConditionStatus(d, at(60)), undefined); // already says paused
  d.spec.paused = false;
  assert.deepEqual(pausedConditionStatus(d, at(70))?.conditions?.[0]?.reason, 'DeploymentResumed');
  assert.equal(pausedConditionStatus(d, at(70))?.conditions?.[0]?.lastTransitionTime, at(50)); // still Unknown
  d.spec.paused = true;
  d.status = { conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: 'x' }] };
  assert.equal(pausedConditionStatus(d, at(80)), undefined);
});
