import type { KubeObject } from '../../api/meta/v1.js';
import { asPod, type PodCondition } from '../../api/core/v1/pod.js';
import { isPodPhaseTerminal, podNodeName } from '../../api/core/v1/pod-util.js';
import { CONDITION_STATUS, POD_CONDITION, POD_CONDITION_REASON } from '../../api/core/v1/pod-conditions.js';
import { findByKind } from '../../apiserver/resources.js';
import { rfc3339 } from '../../sim/clock.js';
import { drawUint32s } from '../../sim/random.js';
import type { ControllerContext } from '../framework/controller.js';
import { type PendingPod, backoffMs } from './backoff.js';
import { type NodePodsByName, nodePodsOf } from './node-pods.js';
import { NO_NODES_AVAILABLE, type PreemptionVerdict, unschedulableMessage } from './message.js';
import { eligibleToPreempt, preemptionVerdict } from './preemption.js';
import { combineScores, selectHost, selectHostDraws } from './scoring.js';
import { type CountOn, type SpreadConstraint, type SpreadFilterState, hasHardConstraints, podConstraints, spreadFilter, spreadPreFilter, withoutPods } from './topology-spread.js';
import { softSpreadOf, topologySpreadScores } from './topology-spread-score.js';
import { WHEN_UNSATISFIABLE } from '../../api/core/v1/affinity.js';
import { type NodeEvaluations, evaluateNodes } from './node-evals.js';
import { type SpreadSelector, SpreadSelectors } from './spread-selectors.js';

export const POD = findByKind('v1', 'Pod')!;
export const NODE = findByKind('v1', 'Node')!;
/** A node no pod holds resources on. */
const NO_PODS = nodePodsOf([]);

/** The scheduler's name: pods with this spec.schedulerName are ours; also the event source. */
export const SCHEDULER_NAME = 'default-scheduler';
/** Events carry at most this many bytes of message (truncateMessage). */
const EVENT_MESSAGE_LIMIT = 1024;

/** What schedulePod decided for one pod. */
export type Decision = { kind: 'bind'; node: string } | { kind: 'unschedulable'; message: string };

/** Whether this scheduler should place the pod: ours, unassigned, not being deleted, not finished. */
export function wantsScheduling(pod: KubeObject): boolean {
  const p = asPod(pod);
  const spec = p.spec ?? {};
  return (
    !spec.nodeName &&
    (spec.schedulerName ?? SCHEDULER_NAME) === SCHEDULER_NAME &&
    !(spec.schedulingGates ?? []).length &&
    !pod.metadata.deletionTimestamp &&
    !isPodPhaseTerminal(p.status?.phase)
  );
}

/** What schedulePod remembers from one pod to the next (the controller keeps one for its lifetime). */
export interface SchedulingMemo {
  selectors: SpreadSelectors;
  evaluations: NodeEvaluations;
}

/**
 * One scheduling cycle (schedulePod + PostFilter) as a pure-ish decision: filter every node
 * (PodTopologySpread's filter last, on the nodes the others let through), score the ones that fit
 * and pick the best; when none fits, the FailedScheduling message with
 * DefaultPreemption's verdicts. Nodes are considered in name order. nodePods and spreadCounter
 * come from the scheduler cache (cache.ts): what each node's pods add up to, and how many pods a
 * spread selector counts on a node; without spreadCounter the pods are counted. memo keeps what
 * one pod's cycle worked out for the next (node-evals.ts, spread-selectors.ts): it changes how
 * much is worked out again, never the decision nor the random draws made for it.
 */
export function schedulePod(
  ctx: ControllerContext,
  pod: KubeObject,
  nodePods: () => NodePodsByName,
  spreadCounter?: (key: string, ns: string, matches: SpreadSelector['matches'], required: SpreadSelector['required']) => (node: string) => number,
  memo?: SchedulingMemo,
): Decision {
  const nodes = ctx.api.listShared(NODE, undefined);
  if (!nodes.length) return { kind: 'unschedulable', message: NO_NODES_AVAILABLE };
  const byNode = nodePods();
  const evaluated = evaluateNodes(pod, nodes, byNode, NO_PODS, memo?.evaluations.forPod(pod));
  let { feasible, raw } = evaluated;
  const failures = evaluated.failures;
  const ns = pod.metadata.namespace ?? '';
  const countOn = spreadCounts(ns, byNode, spreadCounter);
  // PodTopologySpread's filter comes after NodeResourcesFit: only the nodes that passed the others
  // meet it. Its verdicts depend on every node's pods, so they are not remembered per node (node-evals).
  let spreadState: SpreadFilterState | undefined;
  if (feasible.length && hasHardConstraints(pod)) {
    spreadState = spreadPreFilter(pod, podConstraints(pod, WHEN_UNSATISFIABLE.DoNotSchedule), nodes, countOn);
    const keep: number[] = [];
    feasible.forEach((c, i) => {
      const failure = spreadFilter(spreadState!, pod, c.node);
      if (failure) failures.push({ node: c.node, failure });
      else keep.push(i);
    });
    if (keep.length !== feasible.length) {
      feasible = keep.map((i) => feasible[i]!);
      raw = keep.map((i) => raw[i]!);
    }
  }
  if (feasible.length) {
    const soft = softSpreadOf(pod, () => (memo?.selectors ?? new SpreadSelectors()).of(ctx.api, pod));
    const scores = combineScores(raw, topologySpreadScores(pod, soft, feasible, nodes, countOn));
    // The ties' draws at once (100 equal workers: ~100 draws a pod), the same numbers in the same order.
    const drawn = drawUint32s(ctx.random, selectHostDraws(scores));
    let next = 0;
    const chosen = feasible[selectHost(scores, () => drawn[next++] ?? 0)];
    return { kind: 'bind', node: chosen?.node.metadata.name ?? '' };
  }
  if (!spreadState && hasHardConstraints(pod)) spreadState = spreadPreFilter(pod, podConstraints(pod, WHEN_UNSATISFIABLE.DoNotSchedule), nodes, countOn);
  const state = spreadState;
  // Preemption's dry run runs every filter again without the victims, PodTopologySpread's too.
  const spreadWithout = state ? (node: KubeObject, victims: readonly KubeObject[]) => spreadFilter(withoutPods(state, pod, node, victims), pod, node) : undefined;
  const verdicts: PreemptionVerdict[] = failures.map(({ node, failure }) =>
    preemptionVerdict(pod, node, failure, byNode.get(node.metadata.name ?? '') ?? NO_PODS, spreadWithout),
  );
  return {
    kind: 'unschedulable',
    message: unschedulableMessage(
      failures.map((f) => f.failure),
      verdicts,
      eligibleToPreempt(pod),
    ),
  };
}

/**
 * How many pods of namespace ns a constraint's selector picks on a node: from the scheduler cache's
 * counts (kept as pods come and go) when given, else counted from the node's pods.
 */
function spreadCounts(
  ns: string,
  byNode: NodePodsByName,
  spreadCounter: ((key: string, ns: string, matches: SpreadSelector['matches'], required: SpreadSelector['required']) => (node: string) => number) | undefined,
): CountOn {
  const counters = new Map<string, (node: string) => number>();
  // Asked once per node per constraint (100 nodes, 10,000 pods): the last constraint's counter at hand.
  let last: { c: SpreadConstraint; f: (node: string) => number } | undefined;
  return (c, node) => {
    if (last?.c === c) return last.f(node);
    let f = counters.get(c.key);
    if (!f) {
      f = spreadCounter
        ? spreadCounter(c.key, ns, c.matches, c.required)
        : (name) =>
            (byNode.get(name)?.pods() ?? []).filter((p) => !p.metadata.deletionTimestamp && p.metadata.namespace === ns && c.matches(p.metadata.labels)).length;
      counters.set(c.key, f);
    }
    last = { c, f };
    return f(node);
  };
}

/** The pod's spec and labels, to tell a real change from our own status writes. */
export function podFingerprint(pod: KubeObject): string {
  return JSON.stringify([pod['spec'] ?? null, pod.metadata.labels ?? null]);
}

/**
 * The pod's conditions with PodScheduled=False (Unschedulable, message) in place — what
 * updatePod sends; lastTransitionTime stays when the status was already False. Undefined when
 * nothing would change (the scheduler then does not write).
 */
export function withUnschedulableCondition(pod: KubeObject, message: string, nowMs: number): PodCondition[] | undefined {
  const conditions = [...(asPod(pod).status?.conditions ?? [])];
  const i = conditions.findIndex((c) => c.type === POD_CONDITION.PodScheduled);
  const old = i >= 0 ? conditions[i] : undefined;
  const next: PodCondition = {
    type: POD_CONDITION.PodScheduled,
    observedGeneration: pod.metadata.generation ?? 1,
    status: CONDITION_STATUS.False,
    lastProbeTime: null,
    lastTransitionTime: old?.status === CONDITION_STATUS.False && old.lastTransitionTime ? old.lastTransitionTime : rfc3339(nowMs),
    reason: POD_CONDITION_REASON.Unschedulable,
    message,
  };
  if (
    old &&
    old.status === next.status &&
    old.reason === next.reason &&
    old.message === next.message &&
    old.observedGeneration === next.observedGeneration
  ) {
    return undefined;
  }
  if (i >= 0) conditions[i] = next;
  else conditions.push(next);
  return conditions;
}

/**
 * Acts on a decision: bind (the binding also records PodScheduled=True) and a Scheduled event;
 * or PodScheduled=False, a FailedScheduling warning and the pod's backoff. Returns the pending
 * record to keep (undefined once bound).
 */
export function applyDecision(
  ctx: ControllerContext,
  pod: KubeObject,
  decision: Decision,
  previous: PendingPod | undefined,
): PendingPod | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  const name = pod.metadata.name ?? '';
  const now = ctx.clock.now();
  if (decision.kind === 'bind') {
    ctx.api.bind(POD, ns, name, decision.node);
    ctx.events.record({
      involved: pod,
      type: 'Normal',
      reason: 'Scheduled',
      message: `Successfully assigned ${ns}/${name} to ${decision.node}`,
      component: SCHEDULER_NAME,
    });
    return undefined;
  }
  ctx.events.record({
    involved: pod,
    type: 'Warning',
    reason: 'FailedScheduling',
    message: truncateMessage(decision.message),
    component: SCHEDULER_NAME,
  });
  const conditions = withUnschedulableCondition(pod, decision.message, now);
  if (conditions) {
    // The status is built here for this write (its conditions the stored pod's but the new one)
    // and kept by nobody: the server takes it as the stored pod's (status-write.ts).
    ctx.api.updateStatus(POD, { ...pod, status: { ...asPod(pod).status, conditions } }, { builtForWrite: true });
  }
  const attempts = (previous && previous.uid === pod.metadata.uid ? previous.attempts : 0) + 1;
  return {
    uid: pod.metadata.uid ?? '',
    attempts,
    backoffUntilMs: now + backoffMs(attempts),
    fingerprint: podFingerprint(pod),
  };
}

/** truncateMessage: events keep the first 1021 bytes and "..." of a longer message. */
export function truncateMessage(message: string): string {
  if (Buffer.byteLength(message) <= EVENT_MESSAGE_LIMIT) return message;
  const suffix = '...';
  return Buffer.from(message).subarray(0, EVENT_MESSAGE_LIMIT - suffix.length).toString() + suffix;
}
