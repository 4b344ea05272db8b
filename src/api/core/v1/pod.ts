/**
 * core/v1 Pod (k8s.io/api/core/v1/types.go), as far as kubemu reads and writes it. The spec is
 * what validation and defaulting have checked; the status is what the kubelet and the scheduler
 * write. Fields kubemu does not model are carried as JSON.
 */
import type { KubeObject, ObjectMeta } from '../../meta/v1.js';
import { member } from '../../meta/member.js';
import type { Affinity, TopologySpreadConstraint } from './affinity.js';
import type { Container, ResourceList } from './container.js';
import type { ContainerStatus } from './container-status.js';
import type { Toleration } from './taint.js';
import type { Volume } from './volume.js';

/** PodPhase values. */
export const POD_PHASE = {
  Pending: 'Pending',
  Running: 'Running',
  Succeeded: 'Succeeded',
  Failed: 'Failed',
  Unknown: 'Unknown',
} as const;

/** v1.PodSpec. */
export interface PodSpec {
  containers?: Container[];
  initContainers?: Container[];
  volumes?: Volume[];
  restartPolicy?: string;
  terminationGracePeriodSeconds?: number;
  activeDeadlineSeconds?: number;
  dnsPolicy?: string;
  nodeSelector?: Record<string, string>;
  serviceAccountName?: string;
  nodeName?: string;
  hostNetwork?: boolean;
  hostname?: string;
  subdomain?: string;
  affinity?: Affinity;
  schedulerName?: string;
  tolerations?: Toleration[];
  priorityClassName?: string;
  priority?: number | null;
  readinessGates?: { conditionType: string }[];
  runtimeClassName?: string;
  enableServiceLinks?: boolean;
  preemptionPolicy?: string;
  overhead?: ResourceList;
  topologySpreadConstraints?: TopologySpreadConstraint[];
  schedulingGates?: { name: string }[];
}

/** v1.PodCondition. */
export interface PodCondition {
  type: string;
  status: string;
  lastProbeTime?: string | null;
  lastTransitionTime?: string | null;
  observedGeneration?: number;
  reason?: string;
  message?: string;
}

/** v1.PodIP / v1.HostIP. */
export interface PodIP {
  ip: string;
}

/** v1.PodStatus. */
export interface PodStatus {
  phase?: string;
  conditions?: PodCondition[];
  message?: string;
  reason?: string;
  nominatedNodeName?: string;
  hostIP?: string;
  hostIPs?: PodIP[];
  podIP?: string;
  podIPs?: PodIP[];
  startTime?: string;
  initContainerStatuses?: ContainerStatus[];
  containerStatuses?: ContainerStatus[];
  qosClass?: string;
  observedGeneration?: number;
}

/** v1.Pod. */
export interface Pod extends KubeObject {
  spec?: PodSpec;
  status?: PodStatus;
}

/** v1.PodTemplateSpec: a pod's metadata and spec inside a workload. */
export interface PodTemplateSpec {
  metadata?: ObjectMeta;
  spec?: PodSpec;
}

/** Whether an object is a Pod. */
export function isPod(o: KubeObject): o is Pod {
  // through member: every reader of a pod asks this first, of pods in many hidden classes
  return member(o, 'kind') === 'Pod';
}

/**
 * A KubeObject read as a Pod: the one place where an object of the pods resource is taken as
 * a Pod. A different kind is a programming error.
 */
export function asPod(o: KubeObject): Pod {
  if (!isPod(o)) throw new TypeError(`expected a Pod, got ${o.kind || 'an object without kind'}`);
  return o;
}
