import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { nodePodsOf } from '../../../src/controllers/scheduler/node-pods.js';
import {
  REASON_SPREAD,
  REASON_SPREAD_MISSING_LABEL,
  type CountOn,
  globalMinimum,
  podConstraints,
  spreadFilter,
  spreadPreFilter,
  withoutPods,
} from '../../../src/controllers/scheduler/topology-spread.js';
import { softSpreadOf, systemDefaultSpread, topologySpreadScores } from '../../../src/controllers/scheduler/topology-spread-score.js';
import { unschedulableMessage } from '../../../src/controllers/scheduler/message.js';
import { preemptionVerdict } from '../../../src/controllers/scheduler/preemption.js';

const ZONE = 'topology.kubernetes.io/zone';
const HOST = 'kubernetes.io/hostname';

function node(name: string, zone?: string, extra: Record<string, unknown> = {}): KubeObject {
  const labels: Record<string, string> = { [HOST]: name };
  if (zone !== undefined) labels[ZONE] = zone;
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, labels }, spec: {}, status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } }, ...extra };
}

function pod(constraints: unknown[] | undefined, labels: Record<string, string> = { app: 'web' }, spec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', labels },
    spec: { containers: [{ name: 'c', image: 'i' }], ...(constraints ? { topologySpreadConstraints: constraints } : {}), ...spec },
  };
}

const zoneSpread = (more: Record<string, unknown> = {}) => ({
  maxSkew: 1,
  topologyKey: ZONE,
  whenUnsatisfiable: 'DoNotSchedule',
  labelSelector: { matchLabels: { app: 'web' } },
  ...more,
});

/** Matching pods per node, whatever the selector (the cache's count stands behind CountOn). */
const counts = (perNode: Record<string, number>): CountOn => (_c, name) => perNode[name] ?? 0;

/** The filter's verdict per node: '' fits, else the failure code and reason. */
function verdicts(p: KubeObject, nodes: KubeObject[], perNode: Record<string, number>): string[] {
  const state = spreadPreFilter(p, podConstraints(p, 'DoNotSchedule'), nodes, counts(perNode));
  return nodes.map((n) => {
    const f = spreadFilter(state, p, n);
    return f ? `${f.code}: ${f.reasons.join(',')}` : '';
  });
}

test('skew: matchNum + selfMatchNum − minMatchNum against maxSkew, per node of each zone', () => {
  const nodes = [node('a1', 'a'), node('a2', 'a'), node('b1', 'b')];
  // zone a holds 2 (1 + 1), zone b 1: a → 2 + 1 − 1 = 2 > 1; b → 1 + 1 − 1 = 1
  assert.deepEqual(verdicts(pod([zoneSpread()]), nodes, { a1: 1, a2: 1, b1: 1 }), [
    `Unschedulable: ${REASON_SPREAD}`,
    `Unschedulable: ${REASON_SPREAD}`,
    '',
  ]);
  // maxSkew 2 lets zone a take one more
  assert.deepEqual(verdicts(pod([zoneSpread({ maxSkew: 2 })]), nodes, { a1: 1, a2: 1, b1: 1 }), ['', '', '']);
  // a pod its own selector does not pick adds nothing: 2 + 0 − 1 = 1
  assert.deepEqual(verdicts(pod([zoneSpread()], { app: 'other' }), nodes, { a1: 1, a2: 1, b1: 1 }), ['', '', '']);
});

test('minDomains: fewer eligible domains than minDomains make the global minimum 0', () => {
  const perDomain = new Map([
    ['a', 3],
    ['b', 1],
  ]);
  assert.equal(globalMinimum(perDomain, 1), 1);
  assert.equal(globalMinimum(perDomain, 2), 1);
  assert.equal(globalMinimum(perDomain, 3), 0);
  // no eligible domain: every node passes (upstream's MaxInt32 critical path)
  assert.equal(globalMinimum(new Map(), 1), 0);
  const nodes = [node('a1', 'a'), node('b1', 'b')];
  // 1 and 1, maxSkew 1: each zone fits one more (1 + 1 − 1 = 1) ...
  assert.deepEqual(verdicts(pod([zoneSpread()]), nodes, { a1: 1, b1: 1 }), ['', '']);
  // ... but asking for 3 zones where 2 exist: 1 + 1 − 0 = 2 > 1 everywhere
  assert.deepEqual(verdicts(pod([zoneSpread({ minDomains: 3 })]), nodes, { a1: 1, b1: 1 }), [
    `Unschedulable: ${REASON_SPREAD}`,
    `Unschedulable: ${REASON_SPREAD}`,
  ]);
});

test('a node without the topology key: unresolvable (missing required label), and it adds no domain', () => {
  const nodes = [node('a1', 'a'), node('b1', 'b'), node('x')];
  // x holds 5 matching pods but has no zone: they are not counted, and x adds no domain of 0
  assert.deepEqual(verdicts(pod([zoneSpread()]), nodes, { a1: 1, b1: 0, x: 5 }), [
    `Unschedulable: ${REASON_SPREAD}`,
    '',
    `UnschedulableAndUnresolvable: ${REASON_SPREAD_MISSING_LABEL}`,
  ]);
  // two constraints: a node must have both keys to count for either
  const both = pod([zoneSpread(), zoneSpread({ topologyKey: 'rack' })]);
  const state = spreadPreFilter(both, podConstraints(both, 'DoNotSchedule'), nodes, counts({ a1: 1 }));
  assert.deepEqual(state.perDomain.map((m) => [...m]), [[], []]);
});

test('nodeAffinityPolicy: Honor (the default) leaves out the nodes the pod may not go to; Ignore counts them', () => {
  const nodes = [node('a1', 'a'), node('b1', 'b'), node('c1', 'c')];
  const affinity = { nodeSelector: { [ZONE]: 'a' } };
  // zone c is empty; the pod may only go to zone a
  const honor = pod([zoneSpread()], { app: 'web' }, affinity);
  const ignore = pod([zoneSpread({ nodeAffinityPolicy: 'Ignore' })], { app: 'web' }, affinity);
  const perNode = { a1: 1, b1: 1, c1: 0 };
  // Honor: only zone a counts (min 1): 1 + 1 − 1 = 1 fits
  assert.equal(verdicts(honor, nodes, perNode)[0], '');
  // Ignore: zone c counts with 0: 1 + 1 − 0 = 2 > 1
  assert.equal(verdicts(ignore, nodes, perNode)[0], `Unschedulable: ${REASON_SPREAD}`);
});

test('nodeTaintsPolicy: Ignore (the default) counts tainted nodes; Honor leaves out those the pod does not tolerate', () => {
  const tainted = { spec: { taints: [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }] } };
  const nodes = [node('a1', 'a'), node('b1', 'b', tainted)];
  const perNode = { a1: 1, b1: 0 };
  // Ignore: zone b counts with 0: 1 + 1 − 0 = 2 > 1
  assert.equal(verdicts(pod([zoneSpread()]), nodes, perNode)[0], `Unschedulable: ${REASON_SPREAD}`);
  // Honor: zone b is not a domain, zone a alone: 1 + 1 − 1 = 1
  assert.equal(verdicts(pod([zoneSpread({ nodeTaintsPolicy: 'Honor' })]), nodes, perNode)[0], '');
  // Honor with a toleration: zone b counts again
  const tolerating = pod([zoneSpread({ nodeTaintsPolicy: 'Honor' })], { app: 'web' }, { tolerations: [{ key: 'dedicated', operator: 'Exists' }] });
  assert.equal(verdicts(tolerating, nodes, perNode)[0], `Unschedulable: ${REASON_SPREAD}`);
});

test('constraints as the plugin reads them: defaults, the action filter, a nil selector picking nothing', () => {
  const p = pod([zoneSpread(), { maxSkew: 2, topologyKey: HOST, whenUnsatisfiable: 'ScheduleAnyway' }]);
  const [hard] = podConstraints(p, 'DoNotSchedule');
  assert.equal(podConstraints(p, 'DoNotSchedule').length, 1);
  assert.deepEqual([hard?.minDomains, hard?.honorAffinity, hard?.honorTaints, hard?.matches({ app: 'web' })], [1, true, false, true]);
  const [soft] = podConstraints(p, 'ScheduleAnyway');
  assert.equal(soft?.topologyKey, HOST);
  // no labelSelector: LabelSelectorAsSelector(nil) selects nothing, not even the pod itself
  assert.equal(soft?.matches({ app: 'web' }), false);
  assert.equal(soft?.matches({}), false);
});

test('preemption dry run: the spread filter runs again without the lower-priority pods of the node', () => {
  const nodes = [node('a1', 'a'), node('b1', 'b')];
  const p = pod([zoneSpread()], { app: 'web' }, { priority: 10 });
  const victim = pod(undefined, { app: 'web' }, { priority: 0, nodeName: 'a1' });
  const state = spreadPreFilter(p, podConstraints(p, 'DoNotSchedule'), nodes, counts({ a1: 2, b1: 1 }));
  // zone a: 2 + 1 − 1 = 2 > 1; without the victim 1 + 1 − 1 = 1
  assert.ok(spreadFilter(state, p, nodes[0]!));
  assert.equal(spreadFilter(withoutPods(state, p, nodes[0]!, [victim]), p, nodes[0]!), undefined);
  const spreadWithout = (n: KubeObject, victims: readonly KubeObject[]) => spreadFilter(withoutPods(state, p, n, victims), p, n);
  const failure = { code: 'Unschedulable' as const, reasons: [REASON_SPREAD] };
  // the victim's eviction would let the pod in: reported as no victims (kubemu does not evict)
  assert.deepEqual(preemptionVerdict(p, nodes[0]!, failure, nodePodsOf([victim]), spreadWithout), { kind: 'no-victims' });
  // a victim of another app frees nothing the spread counts
  const other = pod(undefined, { app: 'db' }, { priority: 0, nodeName: 'a1' });
  assert.deepEqual(preemptionVerdict(p, nodes[0]!, failure, nodePodsOf([other]), spreadWithout), { kind: 'still-unfit', reasons: [REASON_SPREAD] });
});

test('the FailedScheduling message with spread, missing label, taint and cpu reasons, as v1.35 words and sorts it', () => {
  const msg = unschedulableMessage(
    [
      { code: 'UnschedulableAndUnresolvable', reasons: ["node(s) had untolerated taint(s)"] },
      { code: 'Unschedulable', reasons: [REASON_SPREAD] },
      { code: 'Unschedulable', reasons: [REASON_SPREAD] },
      { code: 'UnschedulableAndUnresolvable', reasons: [REASON_SPREAD_MISSING_LABEL] },
      { code: 'Unschedulable', reasons: ['Insufficient cpu'] },
    ],
    [{ kind: 'not-helpful' }, { kind: 'no-victims' }, { kind: 'no-victims' }, { kind: 'not-helpful' }, { kind: 'no-victims' }],
    true,
  );
  assert.equal(
    msg,
    "0/5 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match pod topology spread constraints (missing required label), 1 node(s) had untolerated taint(s), 2 node(s) didn't match pod topology spread constraints. " +
      'no new claims to deallocate, preemption: 0/5 nodes are available: 2 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod..',
  );
});

const candidates = (nodes: KubeObject[]) => nodes.map((n) => ({ node: n, pods: nodePodsOf([]) }));
const selectsWeb = { matches: (l: Record<string, string> | undefined) => l?.['app'] === 'web', key: 'web' };

test('system default scores: hostname alone without zones; hostname and zone with them', () => {
  const p = pod(undefined);
  const soft = systemDefaultSpread(selectsWeb);
  // no zones: ln 4 = 1.386 → round(1.386 + 2) = 3 and 2 → 100 × (3 + 2 − 3) / 3 = 66 and 100
  const plain = [node('n1'), node('n2')];
  assert.deepEqual(topologySpreadScores(p, soft, candidates(plain), plain, counts({ n1: 1 })), [66, 100]);
  // zones a and b: + 1.386 + 4 and 0 + 4 → 9 and 6 → 66 and 100 (the worked example)
  const zoned = [node('n1', 'a'), node('n2', 'b')];
  assert.deepEqual(topologySpreadScores(p, soft, candidates(zoned), zoned, counts({ n1: 1 })), [66, 100]);
  // three nodes, two in zone a: the zone count favours zone b even for n2, empty itself
  const three = [node('n1', 'a'), node('n2', 'a'), node('n3', 'b')];
  // hostname ln 5 = 1.609; zone ln 4 = 1.386, zone a holds 2
  // n1: 2×1.609 + 2 + 2×1.386 + 4 = 11.99 → 12; n2: 2 + 2.77 + 4 = 8.77 → 9; n3: 2 + 4 = 6
  // → 100 × (18 − s) / 12: 50, 75, 100
  assert.deepEqual(topologySpreadScores(p, soft, candidates(three), three, counts({ n1: 2 })), [50, 75, 100]);
  // nothing selects the pod: no default constraints, every node scores 0
  assert.equal(softSpreadOf(p, () => undefined), undefined);
  assert.deepEqual(topologySpreadScores(p, undefined, candidates(plain), plain, counts({})), [0, 0]);
});

test('ScheduleAnyway scores: nodes without the key score 0; a pod with only DoNotSchedule constraints skips the scores', () => {
  const p = pod([{ maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'web' } } }]);
  const soft = softSpreadOf(p, () => selectsWeb);
  assert.equal(soft?.requireAll, true);
  const nodes = [node('a1', 'a'), node('b1', 'b'), node('x')];
  // zone a 1 pod: ln 4 × 1 + 0 = 1.39 → 1; zone b 0 → 0; x is ignored → 0
  // normalised over a1 and b1: max 1, min 0 → 100 × (1 + 0 − 1) / 1 = 0 and 100
  assert.deepEqual(topologySpreadScores(p, soft, candidates(nodes), nodes, counts({ a1: 1 })), [0, 100, 0]);
  // every scored node at 0: 100 each, the ignored one 0
  assert.deepEqual(topologySpreadScores(p, soft, candidates(nodes), nodes, counts({})), [100, 100, 0]);
  // only a hard constraint: no system defaults either
  assert.equal(softSpreadOf(pod([zoneSpread()]), () => selectsWeb), undefined);
});
