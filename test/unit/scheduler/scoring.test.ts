import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { SeededRandom, drawUint32s } from '../../../src/sim/random.js';
import { nodePodsOf } from '../../../src/controllers/scheduler/node-pods.js';
import {
  balancedAllocationScore,
  defaultNormalize,
  leastAllocatedScore,
  type Candidate,
  combineScores,
  rawScores,
  selectHost,
  selectHostDraws,
} from '../../../src/controllers/scheduler/scoring.js';
import type { CountOn } from '../../../src/controllers/scheduler/topology-spread.js';
import { systemDefaultSpread, topologySpreadScores } from '../../../src/controllers/scheduler/topology-spread-score.js';

/** The matching pods of each candidate, counted from its pods (what the scheduler cache keeps). */
const countedOn = (cands: readonly Candidate[]): CountOn => (c, name) =>
  (cands.find((x) => x.node.metadata.name === name)?.pods.pods() ?? []).filter((p) => c.matches(p.metadata.labels)).length;

const node = (name: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  spec: {},
  status: { allocatable: { cpu: '2', memory: '3913084Ki', pods: '110' } },
});

const pod = (name: string, labels: Record<string, string> = {}, requests?: Record<string, string>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', labels },
  spec: { containers: [{ name: 'c', resources: requests ? { requests } : {} }] },
});

test('least allocated, with request-less pods counting 100m / 200Mi', () => {
  // empty node: cpu (2000-100)*100/2000 = 95; memory (4007000064-209715200)*100/4007000064 = 94.7 → 94
  assert.equal(leastAllocatedScore(pod('p'), { node: node('n'), pods: nodePodsOf([]) }), 94);
  // one pod there: cpu 90, memory 89 → 89 (the worked example in scoring.ts)
  assert.equal(leastAllocatedScore(pod('p'), { node: node('n'), pods: nodePodsOf([pod('a')]) }), 89);
  // a pod asking for the whole cpu scores 0 on cpu
  assert.equal(leastAllocatedScore(pod('p', {}, { cpu: '2', memory: '0' }), { node: node('n'), pods: nodePodsOf([]) }), 50);
});

test('balanced allocation from real requests', () => {
  assert.equal(balancedAllocationScore(pod('p'), { node: node('n'), pods: nodePodsOf([]) }), 100);
  // cpu 1/2 used, memory none: std 0.25 → 75
  assert.equal(balancedAllocationScore(pod('p', {}, { cpu: '1' }), { node: node('n'), pods: nodePodsOf([]) }), 75);
});

test('normalisation and spreading', () => {
  assert.deepEqual(defaultNormalize([0, 1, 2], false), [0, 50, 100]);
  assert.deepEqual(defaultNormalize([0, 1, 2], true), [100, 50, 0]);
  assert.deepEqual(defaultNormalize([0, 0], true), [100, 100]);
  const sel = { matches: (l: Record<string, string> | undefined) => l?.['app'] === 'hello', key: 'hello' };
  const one = { node: node('n1'), pods: nodePodsOf([pod('a', { app: 'hello' }), pod('x', { app: 'other' })]) };
  const none = { node: node('n2'), pods: nodePodsOf([]) };
  const cands = [one, none];
  const nodes = cands.map((c) => c.node);
  // ln 4 = 1.386: raw round(1.386 + 2) = 3 and 2 → 100*(3+2-3)/3 = 66, 100*(3+2-2)/3 = 100
  assert.deepEqual(topologySpreadScores(pod('p', { app: 'hello' }), systemDefaultSpread(sel), cands, nodes, countedOn(cands)), [66, 100]);
  assert.deepEqual(topologySpreadScores(pod('p'), undefined, cands, nodes, countedOn(cands)), [0, 0]);
});

test('a second pod of the same ReplicaSet prefers the other node', () => {
  const sel = { matches: (l: Record<string, string> | undefined) => l?.['app'] === 'hello', key: 'hello' };
  const p = pod('p', { app: 'hello' });
  const cands = [{ node: node('n1'), pods: nodePodsOf([pod('a', { app: 'hello' })]) }, { node: node('n2'), pods: nodePodsOf([]) }];
  const spread = topologySpreadScores(p, systemDefaultSpread(sel), cands, cands.map((c) => c.node), countedOn(cands));
  const scores = combineScores(cands.map((c) => rawScores(p, c)), spread);
  assert.ok((scores[1] ?? 0) > (scores[0] ?? 0), JSON.stringify(scores));
});

test('selectHost: best score, ties by reservoir sampling', () => {
  assert.equal(selectHost([1, 5, 3], () => 0), 1);
  // tie between index 0 and 2: the second is taken when the draw is 0 mod 2
  assert.equal(selectHost([5, 1, 5], () => 0), 2);
  assert.equal(selectHost([5, 1, 5], () => 1), 0);
});

test('selectHostDraws tells how many draws selectHost makes, so they can be drawn at once', () => {
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  for (let round = 0; round < 200; round++) {
    const scores = Array.from({ length: 1 + (next() % 12) }, () => next() % 4);
    let calls = 0;
    selectHost(scores, () => (calls++, next()));
    assert.equal(selectHostDraws(scores), calls, JSON.stringify(scores));
  }
});

test('a seeded source draws the same numbers one by one and at once, and ends in the same state', () => {
  const store = () => {
    const m = new Map<string, string>();
    return { getMeta: (k: string) => m.get(k), setMeta: (k: string, v: string) => void m.set(k, v) };
  };
  const one = new SeededRandom(store(), 42);
  const many = new SeededRandom(store(), 42);
  const singly = Array.from({ length: 37 }, () => one.nextUint32());
  assert.deepEqual(drawUint32s(many, 37), singly);
  assert.deepEqual(drawUint32s(many, 0), []);
  assert.equal(many.nextUint32(), one.nextUint32());
});
