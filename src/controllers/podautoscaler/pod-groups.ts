/**
 * replica_calculator.go's groupPods and calculateRequests: which pods a metric counts, and the
 * requests a utilization is measured against.
 */
import { getPodReadyCondition, isPodReady, isPodTerminal } from '../../api/core/v1/pod-util.js';
import type { Pod } from '../../api/core/v1/pod.js';
import { HpaError } from './hpa-error.js';
import { milliValue } from './quantity.js';
import { timeMs } from './time-ms.js';

/** metricsclient.PodMetric: one pod's value (milli-units), when it was taken and over which window. */
export interface PodMetric {
  value: number;
  timestampMs: number;
  windowMs: number;
}

/** metricsclient.PodMetricsInfo, by pod name. */
export type PodMetricsInfo = Map<string, PodMetric>;

export interface ReadinessSettings {
  nowMs: number;
  cpuInitializationPeriodMs: number;
  delayOfInitialReadinessStatusMs: number;
}

export interface PodGroups {
  readyPodCount: number;
  unreadyPods: Set<string>;
  missingPods: Set<string>;
  ignoredPods: Set<string>;
}


/**
 * groupPods: pods being deleted or terminal are ignored; Pending ones unready; ones without a
 * sample missing. For cpu, a pod is unready too when it has no Ready condition or start time;
 * within the CPU initialization period, when it is not Ready or its sample is older than one
 * window after the Ready transition; after it, when it is not Ready and never was (the
 * transition came within the initial readiness delay of its start).
 */
export function groupPods(pods: readonly Pod[], metrics: PodMetricsInfo, resource: string, s: ReadinessSettings): PodGroups {
  const groups: PodGroups = { readyPodCount: 0, unreadyPods: new Set(), missingPods: new Set(), ignoredPods: new Set() };
  for (const pod of pods) {
    const name = pod.metadata.name ?? '';
    if (pod.metadata.deletionTimestamp || isPodTerminal(pod)) {
      groups.ignoredPods.add(name);
      continue;
    }
    if (pod.status?.phase === 'Pending') {
      groups.unreadyPods.add(name);
      continue;
    }
    const metric = metrics.get(name);
    if (!metric) {
      groups.missingPods.add(name);
      continue;
    }
    if (resource === 'cpu') {
      const condition = getPodReadyCondition(pod);
      const start = timeMs(pod.status?.startTime);
      let unready: boolean;
      if (!condition || start === undefined) {
        unready = true;
      } else {
        // A zero lastTransitionTime is Go's zero time.
        const transition = timeMs(condition.lastTransitionTime) ?? -62135596800000;
        if (start + s.cpuInitializationPeriodMs > s.nowMs) {
          unready = condition.status === 'False' || metric.timestampMs < transition + metric.windowMs;
        } else {
          unready = condition.status === 'False' && start + s.delayOfInitialReadinessStatusMs > transition;
        }
      }
      if (unready) {
        groups.unreadyPods.add(name);
        continue;
      }
    }
    groups.readyPodCount++;
  }
  return groups;
}

/**
 * calculateRequests (the container path): the named container's request, or the sum over the
 * pod's containers and restartable init containers; a missing request is an error.
 */
export function calculateRequests(pods: readonly Pod[], container: string, resource: string): Map<string, number> {
  const requests = new Map<string, number>();
  for (const pod of pods) {
    const name = pod.metadata.name ?? '';
    const containers = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always')];
    let request = 0;
    let found = false;
    for (const c of containers) {
      if (container === '' || container === c.name) {
        const q = milliValue(c.resources?.requests?.[resource]);
        if (q === undefined) throw new HpaError(`missing request for ${resource} in container ${c.name} of Pod ${name}`);
        request += q;
      }
      if (container === c.name) {
        found = true;
        break;
      }
    }
    if (container !== '' && !found) throw new HpaError(`container ${container} not found in Pod ${name}`);
    requests.set(name, request);
  }
  return requests;
}

/** getReadyPodsCount: Running and Ready pods; none at all is an error. */
export function readyPodsCount(pods: readonly Pod[]): number {
  if (!pods.length) throw new HpaError('no pods returned by selector while calculating replica count');
  return pods.filter((p) => p.status?.phase === 'Running' && isPodReady(p)).length;
}
