import type { KubeObject } from '../../api/meta/v1.js';

/**
 * What the ReplicaSet controller reads from a pod, typed (pkg/api/v1/pod/util.go and
 * controller_utils.go). Pods are JSON in kubemu; these accessors are the one place that knows
 * where the fields are.
 */

/** core/v1 PodCondition, as far as the controllers read it. */
export interface PodCondition {
  type: string;
  status: string;
  lastTransitionTime?: string | null;
  reason?: string;
  message?: string;
}

interface PodStatusView {
  phase?: string;
  conditions?: PodCondition[];
  containerStatuses?: { restartCount?: number }[];
  initContainerStatuses?: { name?: string; restartCount?: number }[];
}

function statusOf(pod: KubeObject): PodStatusView {
  return (pod['status'] ?? {}) as PodStatusView;
}

/** status.phase; "" when the kubelet has not written one. */
export function podPhase(pod: KubeObject): string {
  return statusOf(pod).phase ?? '';
}

/** spec.nodeName; "" while the pod is not scheduled. */
export function podNodeName(pod: KubeObject): string {
  return ((pod['spec'] ?? {}) as { nodeName?: string }).nodeName ?? '';
}

/**
 * controller.IsPodActive: neither finished (Succeeded/Failed) nor being deleted. Only active
 * pods count towards spec.replicas, so a deleted pod is replaced while it still terminates.
 */
export function isPodActive(pod: KubeObject): boolean {
  const phase = podPhase(pod);
  return phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata.deletionTimestamp;
}

/** controller.IsPodTerminating (status.terminatingReplicas): being deleted, not yet finished. */
export function isPodTerminating(pod: KubeObject): boolean {
  const phase = podPhase(pod);
  return phase !== 'Succeeded' && phase !== 'Failed' && !!pod.metadata.deletionTimestamp;
}

/** The pod's condition of a type, if it has one. */
export function podCondition(pod: KubeObject, type: string): PodCondition | undefined {
  return (statusOf(pod).conditions ?? []).find((c) => c.type === type);
}

/** podutil.IsPodReady: the Ready condition is True. */
export function isPodReady(pod: KubeObject): boolean {
  return podCondition(pod, 'Ready')?.status === 'True';
}

/**
 * When the pod became Ready (the Ready condition's lastTransitionTime) in ms, or undefined when
 * it is not ready or the time is zero/absent — upstream's "zero time".
 */
export function podReadySinceMs(pod: KubeObject): number | undefined {
  const c = podCondition(pod, 'Ready');
  if (c?.status !== 'True' || !c.lastTransitionTime) return undefined;
  const t = Date.parse(c.lastTransitionTime);
  return Number.isNaN(t) ? undefined : t;
}

/** metadata.creationTimestamp in ms; undefined when absent (a zero time). */
export function podCreatedMs(pod: KubeObject): number | undefined {
  const t = pod.metadata.creationTimestamp ? Date.parse(pod.metadata.creationTimestamp) : NaN;
  return Number.isNaN(t) ? undefined : t;
}

/**
 * The highest restart count of the pod's containers: regular containers first; when those are
 * equal between two pods the ranking compares restartable init containers (sidecars) next, so
 * both maxima are returned.
 */
export function maxRestarts(pod: KubeObject): { containers: number; sidecars: number } {
  const st = statusOf(pod);
  const max = (xs: { restartCount?: number }[] | undefined) => Math.max(0, ...(xs ?? []).map((c) => c.restartCount ?? 0));
  const spec = (pod['spec'] ?? {}) as { initContainers?: { name?: string; restartPolicy?: string }[] };
  const sidecarNames = new Set((spec.initContainers ?? []).filter((c) => c.restartPolicy === 'Always').map((c) => c.name));
  const sidecars = (st.initContainerStatuses ?? []).filter((s) => sidecarNames.has(s.name));
  return { containers: max(st.containerStatuses), sidecars: max(sidecars) };
}
