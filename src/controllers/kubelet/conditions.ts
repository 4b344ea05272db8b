import type { JsonObject } from '../../common/json.js';
import { rfc3339 } from '../../sim/clock.js';
import { POD_PHASE } from '../../api/core/v1/pod.js';
import { CONDITION_STATUS, POD_CONDITION, POD_CONDITION_REASON } from '../../api/core/v1/pod-conditions.js';

/**
 * The pod's phase and the kubelet-owned conditions (pkg/kubelet/status/generate.go, getPhase),
 * in the order the kubelet writes them: PodReadyToStartContainers, Initialized, Ready,
 * ContainersReady, PodScheduled. A condition whose status did not change keeps its
 * lastTransitionTime (the status manager's updateLastTransitionTime).
 */

/** What the phase and conditions are computed from: one container as its status shows it. */
export interface ContainerPhaseInput {
  name: string;
  ready: boolean;
  state: 'waiting' | 'running' | 'terminated';
  /** state.terminated.exitCode, or lastState's while waiting after a run */
  exitCode?: number;
  /** waiting after having run (lastState.terminated is set) */
  hasRun: boolean;
}

/**
 * getPhase for pods without init containers:
 *   any container waiting without ever having run → Pending;
 *   any running → Running;
 *   all stopped: terminal (nothing will restart them) → Succeeded when every exit code is 0,
 *   else Failed; otherwise Always → Running, Never → Succeeded/Failed, OnFailure → Succeeded if
 *   all exited 0, else Running (they are being restarted).
 */
export function podPhase(containers: readonly ContainerPhaseInput[], restartPolicy: string, terminal: boolean): string {
  let waiting = 0;
  let running = 0;
  let stopped = 0;
  let succeeded = 0;
  for (const c of containers) {
    if (c.state === 'running') running++;
    else if (c.state === 'terminated' || c.hasRun) {
      stopped++;
      if (c.state === 'terminated' && c.exitCode === 0) succeeded++;
    } else waiting++;
  }
  if (waiting > 0) return 'Pending';
  if (running > 0) return 'Running';
  if (stopped === 0) return 'Pending';
  if (terminal) return stopped === succeeded ? 'Succeeded' : 'Failed';
  if (restartPolicy === 'Always') return 'Running';
  if (stopped === succeeded) return 'Succeeded';
  return restartPolicy === 'Never' ? 'Failed' : 'Running';
}

interface ConditionSpec {
  type: string;
  status: 'True' | 'False';
  reason?: string;
  message?: string;
}

/** `containers with unready status: [a b]`. */
function notReady(containers: readonly ContainerPhaseInput[], phase: string): Omit<ConditionSpec, 'type'> {
  if (phase === POD_PHASE.Succeeded) return { status: 'False', reason: POD_CONDITION_REASON.PodCompleted };
  const unready = containers.filter((c) => !c.ready).map((c) => c.name);
  if (!unready.length) return { status: 'True' };
  return { status: 'False', reason: POD_CONDITION_REASON.ContainersNotReady, message: `containers with unready status: [${unready.join(' ')}]` };
}

export function conditionSpecs(containers: readonly ContainerPhaseInput[], phase: string, sandboxReady: boolean): ConditionSpec[] {
  const ready = notReady(containers, phase);
  const initialized: ConditionSpec =
    phase === POD_PHASE.Succeeded
      ? { type: POD_CONDITION.Initialized, status: CONDITION_STATUS.True, reason: POD_CONDITION_REASON.PodCompleted }
      : { type: POD_CONDITION.Initialized, status: CONDITION_STATUS.True };
  return [
    { type: POD_CONDITION.PodReadyToStartContainers, status: sandboxReady ? CONDITION_STATUS.True : CONDITION_STATUS.False },
    initialized,
    { type: POD_CONDITION.Ready, ...ready },
    { type: POD_CONDITION.ContainersReady, ...ready },
    { type: POD_CONDITION.PodScheduled, status: CONDITION_STATUS.True },
  ];
}

/**
 * The conditions as written, keeping lastTransitionTime of those whose status is unchanged. A
 * condition that is the old one to the letter (its members in the same order) is the old one
 * itself: the status compares and is stored without walking it (a crash loop's 55,000 syncs
 * change none of them).
 */
export function podConditions(specs: readonly ConditionSpec[], old: readonly JsonObject[], nowMs: number, generation: number): JsonObject[] {
  // mergePodStatus: the conditions the kubelet does not own (DisruptionTarget, set by an
  // eviction; readiness gates') are kept as they were, ahead of the kubelet's own.
  const others = old.filter((o) => typeof o['type'] !== 'string' || !KUBELET_CONDITIONS.has(o['type']));
  const own = specs.map((s) => {
    const prev = old.find((o) => o['type'] === s.type);
    const ltt = prev && prev['status'] === s.status && typeof prev['lastTransitionTime'] === 'string' ? prev['lastTransitionTime'] : rfc3339(nowMs);
    if (prev && ltt === prev['lastTransitionTime'] && isCondition(prev, s, generation)) return prev;
    const out: JsonObject = { lastProbeTime: null, lastTransitionTime: ltt, observedGeneration: generation, status: s.status, type: s.type };
    if (s.message) out['message'] = s.message;
    if (s.reason) out['reason'] = s.reason;
    return out;
  });
  return others.length ? [...others, ...own] : own;
}

/** kubetypes.PodConditionByKubelet: the pod condition types the kubelet writes (and replaces). */
const KUBELET_CONDITIONS: ReadonlySet<string> = new Set([
  'PodScheduled',
  'Ready',
  'Initialized',
  'ContainersReady',
  'PodReadyToStartContainers',
  'PodResizePending',
  'PodResizeInProgress',
]);

/** The members podConditions writes for s, in its order, with lastTransitionTime whatever it is. */
const CONDITION_KEYS = ['lastProbeTime', 'lastTransitionTime', 'observedGeneration', 'status', 'type'];

/** Whether o is what podConditions builds for s (its lastTransitionTime aside): the same members in the same order, the same values. */
function isCondition(o: JsonObject, s: ConditionSpec, generation: number): boolean {
  if (Object.getPrototypeOf(o) !== Object.prototype) return false;
  const keys = Object.keys(o);
  const extra = (s.message ? 1 : 0) + (s.reason ? 1 : 0);
  if (keys.length !== CONDITION_KEYS.length + extra) return false;
  for (let i = 0; i < CONDITION_KEYS.length; i++) if (keys[i] !== CONDITION_KEYS[i]) return false;
  let at = CONDITION_KEYS.length;
  if (s.message && (keys[at++] !== 'message' || o['message'] !== s.message)) return false;
  if (s.reason && (keys[at++] !== 'reason' || o['reason'] !== s.reason)) return false;
  return o['lastProbeTime'] === null && Object.is(o['observedGeneration'], generation) && o['status'] === s.status && o['type'] === s.type;
}
