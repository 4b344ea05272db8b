import { isJsonObject, type JsonObject } from '../../../common/json.js';
import type { KubeObject } from '../../../api/meta/v1.js';
import { asPod } from '../../../api/core/v1/pod.js';
import { getPodReadyCondition, isPodReady, podNodeName, podPhase } from '../../../api/core/v1/pod-util.js';
import { labelSelectorAsSelector, selectorMatches, type Selector } from '../../../labels/label-selector.js';

/**
 * Which pod `kubectl port-forward TYPE/NAME` forwards to (polymorphichelpers
 * attachablePodForObject): a pod is itself; for a Deployment, ReplicaSet or Service, the pods its
 * selector matches, sorted most active first (sort.Reverse(podutils.ActivePods)), and the first
 * one. The pod need not be running: port-forward checks that afterwards.
 */

/** The label selector of a workload or a service, or an error worded as kubectl's. */
export function podSelectorOf(obj: KubeObject): Selector {
  const spec: JsonObject = isJsonObject(obj['spec']) ? obj['spec'] : {};
  if (obj.kind === 'Service') {
    const sel = spec['selector'];
    if (!isJsonObject(sel) || Object.keys(sel).length === 0) {
      throw new Error(`invalid service '${obj.metadata.name}': Service is defined without a selector`);
    }
    return labelSelectorAsSelector({ matchLabels: sel });
  }
  if (obj.kind === 'Deployment' || obj.kind === 'ReplicaSet' || obj.kind === 'StatefulSet' || obj.kind === 'DaemonSet' || obj.kind === 'Job') {
    return labelSelectorAsSelector(spec['selector'] ?? null);
  }
  throw new Error(`cannot attach to *v1.${obj.kind}: not implemented`);
}

export function podsMatching(sel: Selector, pods: readonly KubeObject[]): KubeObject[] {
  return pods.filter((p) => selectorMatches(sel, p.metadata.labels));
}

/** podPhaseToOrdinal: Pending < Unknown < Running; other phases count as 0 (Go's zero value). */
function phaseOrdinal(p: KubeObject): number {
  const phase = podPhase(p);
  return phase === 'Running' ? 2 : phase === 'Unknown' ? 1 : 0;
}

/** Milliseconds of a timestamp, 0 (Go's zero time) when absent. */
function ms(t: string | null | undefined): number {
  return typeof t === 'string' ? Date.parse(t) || 0 : 0;
}

/** The highest restart count of the regular containers (podutils' maxContainerRestarts). */
function maxRestarts(p: KubeObject): number {
  return Math.max(0, ...(asPod(p).status?.containerStatuses ?? []).map((c) => (typeof c.restartCount === 'number' ? c.restartCount : 0)));
}

/** podutils afterOrZero: a zero time sorts first, else the later one does. */
function afterOrZero(t1: number, t2: number): boolean {
  if (t1 === 0 || t2 === 0) return t1 === 0;
  return t1 > t2;
}

/**
 * podutils.ActivePods Less: whether a is "less active" than b (deleted first by a ReplicaSet).
 * Unassigned < assigned; Pending < Unknown < Running; not ready < ready; ready more recently <
 * ready longer; more restarts < fewer; newer < older.
 */
export function lessActive(a: KubeObject, b: KubeObject): boolean {
  const na = podNodeName(a);
  const nb = podNodeName(b);
  if (na !== nb && (na === '' || nb === '')) return na === '';
  if (phaseOrdinal(a) !== phaseOrdinal(b)) return phaseOrdinal(a) < phaseOrdinal(b);
  if (isPodReady(a) !== isPodReady(b)) return !isPodReady(a);
  if (isPodReady(a) && isPodReady(b)) {
    const ra = ms(getPodReadyCondition(a)?.lastTransitionTime);
    const rb = ms(getPodReadyCondition(b)?.lastTransitionTime);
    if (ra !== rb) return afterOrZero(ra, rb);
  }
  if (maxRestarts(a) !== maxRestarts(b)) return maxRestarts(a) > maxRestarts(b);
  const ca = ms(a.metadata.creationTimestamp);
  const cb = ms(b.metadata.creationTimestamp);
  if (ca !== cb) return afterOrZero(ca, cb);
  return false;
}

/**
 * The most active pod (GetFirstPod sorted by the reverse of ActivePods); ties keep list order
 * (by name), as Go's insertion sort does for the few pods a workload has.
 */
export function mostActivePod(pods: readonly KubeObject[]): KubeObject | undefined {
  let best: KubeObject | undefined;
  for (const p of pods) if (best === undefined || lessActive(best, p)) best = p;
  return best;
}
