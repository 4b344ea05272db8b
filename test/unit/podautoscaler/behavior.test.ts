/**
 * Normalization as tables: upstream horizontal_test.go's TestNormalizeDesiredReplicas
 * (stabilization without behavior), TestScalingWithRules (the behavior policies' limits over
 * the scale events of each period) and the stabilization windows with behavior.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  limitWithBehaviorRate,
  limitWithRules,
  stabilizeWithBehaviors,
  stabilizeWithoutBehavior,
  storeScaleEvent,
} from '../../../src/controllers/podautoscaler/behavior.js';
import { scaleDownRules, scaleUpRules } from '../../../src/controllers/podautoscaler/defaults.js';
import { recordRecommendation, closeRecommendations, type RecommendationSegment, type ScaleEvent } from '../../../src/controllers/podautoscaler/recommendations.js';
import type { HPAScalingRules } from '../../../src/api/autoscaling/v2/horizontal-pod-autoscaler.js';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const P = 15_000;
const MIN = 60_000;

/** Single samples, as upstream's tests list timestampedRecommendations. */
const recs = (...r: [number, number][]): RecommendationSegment[] => r.map(([v, ago]) => ({ r: v, from: NOW - ago, to: NOW - ago }));

test('stabilizeRecommendation (no behavior): the highest recommendation of the last 5 min', () => {
  const rows: [string, RecommendationSegment[], number, number][] = [
    ['empty log', [], 5, 5],
    ['stabilize', recs([4, 2 * MIN], [5, 1 * MIN]), 3, 5],
    ['no stabilize', recs([1, 2 * MIN], [2, 1 * MIN]), 3, 3],
    ['no stabilize - old recommendations', recs([10, 10 * MIN], [9, 9 * MIN]), 3, 3],
    ['stabilize - old recommendations', recs([10, 10 * MIN], [4, 1 * MIN], [5, 2 * MIN], [9, 9 * MIN]), 3, 5],
  ];
  for (const [name, list, desired, want] of rows) assert.equal(stabilizeWithoutBehavior(list, desired, 5 * MIN, NOW, P), want, name);
});

/** generateScalingRules(pods, podsPeriod, percent, percentPeriod, window), selectPolicy Max. */
function rules(pods: number, podsPeriod: number, percent: number, percentPeriod: number, window: number): HPAScalingRules {
  const policies = [];
  if (pods) policies.push({ type: 'Pods', value: pods, periodSeconds: podsPeriod });
  if (percent) policies.push({ type: 'Percent', value: percent, periodSeconds: percentPeriod });
  return { stabilizationWindowSeconds: window, selectPolicy: 'Max', policies };
}

/** generateEventsUniformDistribution: each event in the middle of its share of the period. */
function events(changes: number[], periodSeconds: number): ScaleEvent[] {
  const seg = periodSeconds / changes.length;
  return changes.map((change, i) => ({ change, ts: NOW - (periodSeconds - seg * (i + 1) + seg / 2) * 1000 }));
}

interface RulesCase {
  name: string;
  min: number;
  max: number;
  up?: HPAScalingRules;
  down?: HPAScalingRules;
  upEvents?: ScaleEvent[];
  downEvents?: ScaleEvent[];
  current: number;
  desired: number;
  want: number;
  reason: string;
}

const rulesCases: RulesCase[] = [
  { name: 'prenormalized desired replicas within range', current: 5, desired: 7, min: 3, max: 8, want: 7, reason: 'DesiredWithinRange' },
  { name: 'prenormalized desired replicas < minReplicas', current: 3, desired: 1, min: 2, max: 8, want: 2, reason: 'TooFewReplicas' },
  { name: 'within range when minReplicas is 0', current: 1, desired: 0, min: 0, max: 10, want: 0, reason: 'DesiredWithinRange' },
  { name: 'maxReplicas is the limit because maxReplicas < scaleUpLimit', current: 20, desired: 1000, min: 1, max: 10, want: 10, reason: 'TooManyReplicas' },
  { name: 'desired replica count is more than the maximum replica count', current: 100, desired: 1000, min: 100, max: 150, want: 150, reason: 'TooManyReplicas' },
  { name: 'scaleUpLimit < maxReplicas with user policies', current: 3, desired: 1000, min: 1, max: 2000, up: rules(0, 0, 1, 60, 0), want: 4, reason: 'ScaleUpLimit' },
  { name: 'scaleUp with default behavior', current: 10, desired: 50, min: 1, max: 1000, want: 20, reason: 'ScaleUpLimit' },
  { name: 'scaleUp with pods policy larger than percent policy', current: 10, desired: 500, min: 1, max: 1000, up: rules(100, 60, 100, 60, 0), want: 110, reason: 'ScaleUpLimit' },
  { name: 'scaleUp with percent policy larger than pods policy', current: 10, desired: 500, min: 1, max: 1000, up: rules(2, 60, 100, 60, 0), want: 20, reason: 'ScaleUpLimit' },
  { name: 'scaleUp with spec MaxReplicas limitation with large pod policy', current: 10, desired: 50, min: 1, max: 1000, up: rules(100, 60, 0, 0, 0), want: 50, reason: 'DesiredWithinRange' },
  { name: 'scaleUp with pod policy limitation', current: 10, desired: 50, min: 1, max: 1000, up: rules(30, 60, 0, 0, 0), want: 40, reason: 'ScaleUpLimit' },
  { name: 'scaleUp with percent policy limitation', current: 10, desired: 50, min: 1, max: 1000, up: rules(0, 0, 200, 60, 0), want: 30, reason: 'ScaleUpLimit' },
  { name: 'scaleDown with percent policy larger than pod policy', current: 100, desired: 2, min: 1, max: 1000, down: rules(20, 60, 1, 60, 300), want: 80, reason: 'ScaleDownLimit' },
  { name: 'scaleDown with pod policy larger than percent policy', current: 100, desired: 2, min: 1, max: 1000, down: rules(2, 60, 1, 60, 300), want: 98, reason: 'ScaleDownLimit' },
  { name: 'scaleDown with spec MinReplicas limitation with large pod policy', current: 10, desired: 0, min: 1, max: 1000, down: rules(100, 60, 0, 0, 300), want: 1, reason: 'TooFewReplicas' },
  { name: 'scaleDown with spec MinReplicas limitation with large percent policy', current: 10, desired: 2, min: 5, max: 1000, down: rules(0, 0, 100, 60, 300), want: 5, reason: 'TooFewReplicas' },
  { name: 'scaleDown with pod policy limitation', current: 10, desired: 2, min: 1, max: 1000, down: rules(5, 60, 0, 0, 300), want: 5, reason: 'ScaleDownLimit' },
  { name: 'scaleDown with percent policy limitation', current: 10, desired: 5, min: 1, max: 1000, down: rules(0, 0, 50, 60, 300), want: 5, reason: 'DesiredWithinRange' },
  { name: 'scaleUp with spec MaxReplicas limitation with large pod policy and events', upEvents: events([1, 5, 9], 120), current: 100, desired: 500, min: 1, max: 200, up: rules(300, 60, 0, 0, 0), want: 200, reason: 'TooManyReplicas' },
  { name: 'scaleUp with currentReplicas limitation with a lot of recent scale up events', upEvents: events([1, 5, 9], 120), current: 100, desired: 500, min: 1, max: 1000, up: rules(5, 120, 0, 0, 0), want: 100, reason: 'ScaleUpLimit' },
  { name: 'scaleUp with pod policy and previous scale up events', upEvents: events([1, 5, 9], 120), current: 100, desired: 500, min: 1, max: 1000, up: rules(150, 120, 0, 0, 0), want: 235, reason: 'ScaleUpLimit' },
  { name: 'scaleUp with percent policy and previous scale up events', upEvents: events([1, 5, 9], 120), current: 100, desired: 500, min: 1, max: 1000, up: rules(0, 0, 200, 120, 0), want: 255, reason: 'ScaleUpLimit' },
  { name: 'scaleUp with percent policy and previous scale up and down events', upEvents: events([4], 120), downEvents: events([2], 120), current: 6, desired: 24, min: 1, max: 1000, up: rules(0, 0, 300, 300, 0), want: 16, reason: 'ScaleUpLimit' },
];

for (const c of rulesCases) {
  test(`convertDesiredReplicasWithBehaviorRate: ${c.name}`, () => {
    const got = limitWithBehaviorRate(
      { currentReplicas: c.current, desiredReplicas: c.desired, minReplicas: c.min, maxReplicas: c.max, up: scaleUpRules(c.up), down: scaleDownRules(c.down, 300_000) },
      c.upEvents,
      c.downEvents,
      NOW,
    );
    assert.deepEqual([got.replicas, got.reason], [c.want, c.reason]);
  });
}

test('convertDesiredReplicasWithRules (no behavior): ×2 or +4 per sync, then min/max', () => {
  const rows: [number, number, number, number, number, string][] = [
    [5, 7, 3, 8, 7, 'DesiredWithinRange'],
    [3, 1, 2, 8, 2, 'TooFewReplicas'],
    [20, 1000, 1, 10, 10, 'TooManyReplicas'],
    [10, 50, 1, 1000, 20, 'ScaleUpLimit'],
    [1, 10, 1, 100, 4, 'ScaleUpLimit'],
  ];
  for (const [current, desired, min, max, want, reason] of rows) {
    const got = limitWithRules(current, desired, min, max);
    assert.deepEqual([got.replicas, got.reason], [want, reason], `${current} → ${desired}`);
  }
  assert.equal(limitWithRules(3, 1, 2, 8).message, 'the desired replica count is less than the minimum replica count');
  assert.equal(limitWithRules(10, 50, 1, 1000).message, 'the desired replica count is increasing faster than the maximum scale rate');
});

test('stabilizeRecommendationWithBehaviors: lowest of the scale-up window, highest of the scale-down window', () => {
  // TestStabilizeRecommendationWithBehaviors's cases (windows unset in a case are 0 there)
  const rows: [string, RecommendationSegment[], number, number, number, number, number][] = [
    // name, recommendations, current, desired, upWindow, downWindow, want
    ['empty recommendations for scaling down', [], 100, 5, 0, 0, 5],
    ['simple scale down stabilization', recs([4, 2 * MIN], [5, 1 * MIN]), 100, 3, 0, 180, 5],
    ['simple scale up stabilization', recs([4, 2 * MIN], [5, 1 * MIN]), 1, 7, 300, 0, 4],
    ['no scale down stabilization', recs([1, 2 * MIN], [2, 1 * MIN]), 100, 3, 300, 0, 3],
    ['no scale up stabilization', recs([4, 2 * MIN], [5, 1 * MIN]), 1, 3, 0, 300, 3],
    ['no scale down stabilization, reuse recommendation element', recs([10, 10 * MIN], [9, 9 * MIN]), 100, 3, 0, 0, 3],
    ['no scale up stabilization, reuse recommendation element', recs([10, 10 * MIN], [9, 9 * MIN]), 1, 100, 0, 0, 100],
    ['scale down stabilization, reuse one of obsolete recommendation element', recs([10, 10 * MIN], [4, 1 * MIN], [5, 2 * MIN], [9, 9 * MIN]), 100, 3, 0, 180, 5],
    ['scale up stabilization, reuse one of obsolete recommendation element', recs([10, 100 * MIN], [6, 1 * MIN], [5, 2 * MIN], [9, 3 * MIN]), 1, 100, 300, 0, 5],
    ['do not scale up when prenormalized rec goes down', recs([2, 100 * MIN], [3, 3 * MIN]), 2, 1, 300, 300, 2],
    ['do not scale down when prenormalized rec goes up', recs([2, 100 * MIN], [1, 3 * MIN]), 2, 3, 300, 300, 2],
  ];
  for (const [name, list, current, desired, up, down, want] of rows) {
    const got = stabilizeWithBehaviors(list, current, desired, up, down, NOW, P);
    assert.equal(got.replicas, want, name);
    assert.equal(got.reason, desired >= current ? 'ScaleUpStabilized' : 'ScaleDownStabilized', name);
  }
});

test('a sample exactly a window ago counts without behavior (not before the cutoff), not with it (not after)', () => {
  const list = recs([9, 5 * MIN]);
  assert.equal(stabilizeWithoutBehavior(list, 3, 5 * MIN, NOW, P), 9);
  assert.equal(stabilizeWithBehaviors(list, 10, 3, 0, 300, NOW, P).replicas, 3);
});

test('recommendations: a run of equal ones is one open segment, whose last sample is the previous sync', () => {
  let list = recordRecommendation(undefined, 4, NOW, P, 5 * MIN)!;
  assert.deepEqual(list, [{ r: 4, from: NOW, to: NOW, open: true }]);
  // The same recommendation at each later sync writes nothing.
  assert.equal(recordRecommendation(list, 4, NOW + P, P, 5 * MIN), undefined);
  assert.equal(recordRecommendation(list, 4, NOW + 20 * P, P, 5 * MIN), undefined);
  // 10 min later the 4s ran until the previous sync: still within a 5 min window.
  const later = NOW + 40 * P;
  assert.equal(stabilizeWithoutBehavior(list, 2, 5 * MIN, later, P), 4);
  list = recordRecommendation(list, 2, later, P, 5 * MIN)!;
  assert.deepEqual(list, [
    { r: 4, from: NOW, to: later - P },
    { r: 2, from: later, to: later, open: true },
  ]);
  // 5 min after the last 4, it no longer counts; the 4s are dropped when the next segment starts.
  assert.equal(stabilizeWithoutBehavior(list, 1, 5 * MIN, later - P + 5 * MIN + 1, P), 2);
  const after = recordRecommendation(list, 1, later + 30 * P, P, 5 * MIN)!;
  assert.deepEqual(after.map((s) => s.r), [2, 1]);
  // A sync that records nothing closes the run at its last sample.
  assert.deepEqual(closeRecommendations(list, later + 2 * P, P), [
    { r: 4, from: NOW, to: later - P },
    { r: 2, from: later, to: later + P },
  ]);
  assert.equal(closeRecommendations(closeRecommendations(list, later + 2 * P, P), later + 3 * P, P), undefined);
});

test('storeScaleEvent: events older than the longest policy period are reused', () => {
  const r = scaleUpRules(rules(4, 60, 0, 0, 0));
  const old: ScaleEvent[] = [
    { change: 1, ts: NOW - 120_000 },
    { change: 2, ts: NOW - 30_000 },
  ];
  assert.deepEqual(storeScaleEvent(old, 3, r, NOW), [
    { change: 3, ts: NOW },
    { change: 2, ts: NOW - 30_000 },
  ]);
  assert.deepEqual(storeScaleEvent(undefined, 3, r, NOW), [{ change: 3, ts: NOW }]);
});
