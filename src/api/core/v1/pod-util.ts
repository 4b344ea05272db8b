/**
 * What every reader asks of a pod, written once (k8s.io/kubernetes/pkg/api/v1/pod/util.go,
 * "podutil", and the pod parts of controller_utils.go). They take the pod as readers hold it, a
 * KubeObject of the pods resource (a Pod is one), and read it through asPod. Below the pod
 * itself, the members whose objects change class as the pod lives (metadata, status, its
 * conditions) are read with `member` (meta/member.ts: no deoptimization at each new class).
 */
import type { KubeObject } from '../../meta/v1.js';
import { member } from '../../meta/member.js';
import { asPod, POD_PHASE, type PodCondition, type PodStatus } from './pod.js';
import { CONDITION_STATUS, POD_CONDITION } from './pod-conditions.js';
import { isRestartableInitContainer } from './container.js';

/** status.phase; "" when the kubelet has not written one. */
export function podPhase(pod: KubeObject): string {
  return member(asPod(pod).status, 'phase') ?? '';
}

/** spec.nodeName; "" while the pod is not scheduled. */
export function podNodeName(pod: KubeObject): string {
  return member(asPod(pod).spec, 'nodeName') ?? '';
}

/** IsPodPhaseTerminal: Succeeded and Failed are final; nothing runs any more. */
export function isPodPhaseTerminal(phase: string | undefined): boolean {
  return phase === POD_PHASE.Succeeded || phase === POD_PHASE.Failed;
}

/** IsPodTerminal. */
export function isPodTerminal(pod: KubeObject): boolean {
  return isPodPhaseTerminal(member(asPod(pod).status, 'phase'));
}

/**
 * controller.IsPodActive: neither finished (Succeeded/Failed) nor being deleted. Only active
 * pods count towards spec.replicas, so a deleted pod is replaced while it still terminates.
 */
export function isPodActive(pod: KubeObject): boolean {
  return !isPodTerminal(pod) && !member(pod.metadata, 'deletionTimestamp');
}

/** controller.IsPodTerminating (status.terminatingReplicas): being deleted, not yet finished. */
export function isPodTerminating(pod: KubeObject): boolean {
  return !isPodTerminal(pod) && !!member(pod.metadata, 'deletionTimestamp');
}

/** GetPodConditionFromList: the first condition of a type. */
export function getPodConditionFromStatus(status: PodStatus | undefined, type: string): PodCondition | undefined {
  const conditions = member(status, 'conditions');
  if (!conditions) return undefined;
  for (const c of conditions) if (member(c, 'type') === type) return c;
  return undefined;
}

/** GetPodCondition: the pod's condition of a type, if it has one. */
export function getPodCondition(pod: KubeObject, type: string): PodCondition | undefined {
  return getPodConditionFromStatus(asPod(pod).status, type);
}

/** GetPodReadyCondition. */
export function getPodReadyCondition(pod: KubeObject): PodCondition | undefined {
  return getPodCondition(pod, POD_CONDITION.Ready);
}

/** IsPodReady: the Ready condition is True. */
export function isPodReady(pod: KubeObject): boolean {
  return member(getPodReadyCondition(pod), 'status') === CONDITION_STATUS.True;
}

/** A timestamp in ms; undefined for an absent or unparsable one (upstream's zero time). */
function timeMs(t: string | null | undefined): number | undefined {
  if (!t) return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * When the pod became Ready (the Ready condition's lastTransitionTime) in ms, or undefined when
 * it is not ready or the time is zero/absent — upstream's "zero time".
 */
export function podReadySinceMs(pod: KubeObject): number | undefined {
  const c = getPodReadyCondition(pod);
  if (member(c, 'status') !== CONDITION_STATUS.True) return undefined;
  return timeMs(member(c, 'lastTransitionTime'));
}

/** The Ready condition's lastTransitionTime in ms, whatever its status (undefined: zero time). */
export function podReadyTransitionMs(pod: KubeObject): number | undefined {
  return timeMs(member(getPodReadyCondition(pod), 'lastTransitionTime'));
}

/**
 * IsPodAvailable: Ready, and Ready for longer than minReadySeconds — strictly, so with
 * minReadySeconds 5 a pod Ready since 12:00:00 is available from 12:00:05.001 on, not at
 * 12:00:05. A Ready condition without lastTransitionTime never becomes available when
 * minReadySeconds > 0 (upstream's zero-time check).
 */
export function isPodAvailable(pod: KubeObject, minReadySeconds: number, nowMs: number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds <= 0) return true;
  const since = podReadyTransitionMs(pod);
  return since !== undefined && since + minReadySeconds * 1000 < nowMs;
}

/** metadata.creationTimestamp in ms; undefined when absent (a zero time). */
export function podCreatedMs(pod: KubeObject): number | undefined {
  return timeMs(member(pod.metadata, 'creationTimestamp'));
}

/**
 * The highest restart count of the pod's containers: regular containers first; when those are
 * equal between two pods the ranking compares restartable init containers (sidecars) next, so
 * both maxima are returned.
 */
export function maxRestarts(pod: KubeObject): { containers: number; sidecars: number } {
  const p = asPod(pod);
  const st = p.status ?? {};
  const max = (xs: { restartCount?: number }[] | undefined) => Math.max(0, ...(xs ?? []).map((c) => c.restartCount ?? 0));
  const sidecarNames = new Set((p.spec?.initContainers ?? []).filter(isRestartableInitContainer).map((c) => c.name));
  const sidecars = (st.initContainerStatuses ?? []).filter((s) => sidecarNames.has(s.name));
  return { containers: max(st.containerStatuses), sidecars: max(sidecars) };
}
