import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cleanupUnhealthyReplicas,
  newRSNewReplicas,
  reconcileNewReplicaSet,
  reconcileOldReplicaSets,
  scaleDownOldReplicaSetsForRollingUpdate,
} from '../../../src/controllers/deployment/rolling.js';
import { activeReplicaSets } from '../../../src/controllers/deployment/replica-sets.js';
import type { Deployment } from '../../../src/api/apps/v1/deployment.js';
import { deployment, replicaSet } from './fixtures.js';

/**
 * A rolling update replayed with the pure planners: one old RS (all its pods available) and the
 * new RS; each `sync` is one rolloutRolling pass (create, then grow the new RS, or else shrink
 * the old one). Between syncs, `availability` says how many new pods are available.
 */
interface World {
  old: number;
  oldAvailable: number;
  next: number | undefined; // undefined: the new RS does not exist yet
  nextAvailable: number;
}

function sync(d: Deployment, w: World): string[] {
  const moves: string[] = [];
  const old = replicaSet('old', w.old, w.oldAvailable, 0);
  if (w.next === undefined) {
    const fresh = replicaSet('new', 0, 0, 60);
    w.next = newRSNewReplicas(d, [old, fresh], fresh);
    moves.push(`create new with ${w.next}`);
  }
  const next = replicaSet('new', w.next, w.nextAvailable, 60);
  const all = [old, next];
  const grow = reconcileNewReplicaSet(d, all, next);
  if (grow) {
    moves.push(`new ${w.next}→${grow.to}`);
    w.next = grow.to;
    return moves;
  }
  const plan = reconcileOldReplicaSets(d, all, activeReplicaSets([old]), next);
  for (const s of plan.steps) {
    moves.push(`old ${w.old}→${s.to}`);
    w.old = s.to;
    w.oldAvailable = Math.min(w.oldAvailable, s.to);
  }
  return moves;
}

/** Runs syncs until nothing moves; returns "(old,new)" after each sync that moved. */
function trace(d: Deployment, w: World, availability: (w: World) => void, maxSyncs = 50): string[] {
  const states: string[] = [];
  for (let i = 0; i < maxSyncs; i++) {
    const moves = sync(d, w);
    if (!moves.length) break;
    states.push(`(${w.old},${w.next ?? '-'})`);
    availability(w);
  }
  return states;
}

const readyAtOnce = (w: World): void => {
  w.nextAvailable = w.next ?? 0;
};

test('§14: 3 replicas, default strategy (surge 1, unavailable 0), new pods ready at once', () => {
  const d = deployment(3);
  const w: World = { old: 3, oldAvailable: 3, next: undefined, nextAvailable: 0 };
  assert.deepEqual(trace(d, w, readyAtOnce), ['(3,1)', '(2,1)', '(2,2)', '(1,2)', '(1,3)', '(0,3)']);
});

test('§14: 10 replicas, maxSurge 0 / maxUnavailable 3: new RS created empty, old 10→7 in the same sync', () => {
  const d = deployment(10, { maxSurge: 0, maxUnavailable: 3 });
  const w: World = { old: 10, oldAvailable: 10, next: undefined, nextAvailable: 0 };
  const first = sync(d, w);
  assert.deepEqual(first, ['create new with 0', 'old 10→7']);
  readyAtOnce(w);
  assert.deepEqual(trace(d, w, readyAtOnce), ['(7,3)', '(4,3)', '(4,6)', '(1,6)', '(1,9)', '(0,9)', '(0,10)']);
});

test('§14: 10 replicas, maxSurge 3 / maxUnavailable 2, new pods never ready: stuck at old 8 / new 5', () => {
  const d = deployment(10, { maxSurge: 3, maxUnavailable: 2 });
  const w: World = { old: 10, oldAvailable: 10, next: undefined, nextAvailable: 0 };
  assert.deepEqual(sync(d, w), ['create new with 3', 'old 10→8']);
  assert.deepEqual(sync(d, w), ['new 3→5']);
  assert.deepEqual(sync(d, w), []); // 13 pods − minAvailable 8 − 5 unavailable new = 0 to scale down
  // the same numbers with the default 25%/25% (surge 3, unavailable 2 for 10 replicas)
  const w2: World = { old: 10, oldAvailable: 10, next: undefined, nextAvailable: 0 };
  trace(deployment(10), w2, () => undefined);
  assert.deepEqual([w2.old, w2.next], [8, 5]);
});

test('article: 4 replicas, maxSurge 1 / maxUnavailable 0, new pods available one by one', () => {
  const d = deployment(4, { maxSurge: 1, maxUnavailable: 0 });
  const w: World = { old: 4, oldAvailable: 4, next: undefined, nextAvailable: 0 };
  const moves: string[] = [];
  for (let i = 0; i < 20; i++) {
    const m = sync(d, w);
    if (!m.length) {
      if (w.nextAvailable === w.next) break;
      w.nextAvailable++; // the next new pod has been ready for minReadySeconds
      continue;
    }
    moves.push(...m);
  }
  // exactly the article's ScalingReplicaSet events, in order; total never above 5, available never below 4
  assert.deepEqual(moves, ['create new with 1', 'old 4→3', 'new 1→2', 'old 3→2', 'new 2→3', 'old 2→1', 'new 3→4', 'old 1→0']);
});

test('article: 4 replicas, 25%/25% (surge 1, unavailable 1): first sync creates the new RS with 1 and removes one old pod', () => {
  const d = deployment(4);
  const w: World = { old: 4, oldAvailable: 4, next: undefined, nextAvailable: 0 };
  assert.deepEqual(sync(d, w), ['create new with 1', 'old 4→3']); // step 1: 3 + 1(0), 3 available
  assert.deepEqual(sync(d, w), ['new 1→2']); // step 2: 3 + 2(0), the removed pod is not counted
  assert.deepEqual(sync(d, w), []); // 5 pods − minAvailable 3 − 2 unavailable new = 0
  w.nextAvailable = 1;
  assert.deepEqual(sync(d, w), ['old 3→2']); // one new available: one old may go
  assert.deepEqual(sync(d, w), ['new 2→3']);
  w.nextAvailable = 3;
  assert.deepEqual(sync(d, w), ['old 2→0']); // available 2+3 = 5, minAvailable 3 → 2 may go
  assert.deepEqual(sync(d, w), ['new 3→4']);
  w.nextAvailable = 4;
  assert.deepEqual(sync(d, w), []);
});

test('NewRSNewReplicas: room under the surge cap, capped by what is missing; Recreate jumps', () => {
  const d = deployment(10, { maxSurge: 3, maxUnavailable: 2 });
  assert.equal(newRSNewReplicas(d, [replicaSet('o', 8, 8), replicaSet('n', 3, 0)], replicaSet('n', 3, 0)), 5);
  assert.equal(newRSNewReplicas(d, [replicaSet('o', 10, 10), replicaSet('n', 3, 0)], replicaSet('n', 3, 0)), 3);
  assert.equal(newRSNewReplicas(deployment(4, { type: 'Recreate' }), [], replicaSet('n', 0, 0)), 4);
  // new RS bigger than the Deployment (scaled down mid-rollout): straight down
  assert.deepEqual(reconcileNewReplicaSet(deployment(3), [replicaSet('n', 5, 5)], replicaSet('n', 5, 5))?.to, 3);
});

test('cleanupUnhealthyReplicas: unavailable old replicas go first, oldest RS first, within the budget', () => {
  const a = replicaSet('a', 3, 1, 0); // 2 unavailable
  const b = replicaSet('b', 2, 0, 10); // 2 unavailable
  const r = cleanupUnhealthyReplicas([b, a], 3);
  assert.deepEqual(
    r.steps.map((s) => [s.rs.metadata.name, s.to]),
    [
      ['a', 1],
      ['b', 1],
    ],
  );
  assert.equal(r.cleaned, 3);
  assert.deepEqual(
    r.oldRSs.map((x) => x.spec.replicas),
    [1, 1],
  );
  // more available than spec (pods not yet deleted): upstream refuses to "scale up"
  assert.equal(cleanupUnhealthyReplicas([replicaSet('c', 1, 2)], 5).failed, true);
});

test('scaleDownOldReplicaSetsForRollingUpdate: only availability above minAvailable goes', () => {
  const d = deployment(4, { maxSurge: 1, maxUnavailable: 0 });
  const old = replicaSet('old', 4, 4);
  const next = replicaSet('new', 1, 1, 60);
  const r = scaleDownOldReplicaSetsForRollingUpdate(d, [old, next], [old]);
  assert.deepEqual(r.steps.map((s) => s.to), [3]);
  assert.equal(scaleDownOldReplicaSetsForRollingUpdate(d, [old, replicaSet('new', 1, 0, 60)], [old]).scaledDown, 0);
});
