/**
 * getExpectedPodCount (pkg/controller/disruption/disruption.go): how many pods a budget expects
 * (expectedPods) and how many of them must be healthy (desiredHealthy).
 *
 *  - maxUnavailable (a number or a percentage): expectedPods is the scale of the pods'
 *    controllers, desiredHealthy = expectedPods - maxUnavailable (a percentage rounded up), at
 *    least 0. A Deployment of 3 with maxUnavailable 1: 3 expected, 2 desired; with 50%: 50% of 3
 *    = 1.5, rounded up 2, so 1 desired.
 *  - minAvailable as a number: expectedPods is the number of pods the selector matches (their
 *    controllers are not looked at), desiredHealthy the number. 3 pods, minAvailable 2: 3 and 2.
 *  - minAvailable as a percentage: expectedPods is the controllers' scale again, desiredHealthy
 *    the percentage of it rounded up. A Deployment of 3 with 50%: 3 expected, 2 desired (1.5 up).
 *  - neither (policy/v1 has no default): 0 and 0.
 *
 * The scale of the pods' controllers (getExpectedScale) counts each controller once, however many
 * of its pods there are: a pod of a Deployment's ReplicaSet counts the Deployment's
 * spec.replicas (once for the old and the new ReplicaSet together, mid-rollout), a bare
 * ReplicaSet's its own. A pod without a controller is "unmanaged" (reported, not counted); a
 * pod whose controller cannot be found fails the sync (`found no controllers for pod "NAME"`).
 */
import { StatusError } from '../../apiserver/errors.js';
import type { IntOrString } from '../../api/meta/v1.js';
import type { PodDisruptionBudgetSpec } from '../../api/policy/v1/pod-disruption-budget.js';

/** One controller's identity and scale (controllerAndScale). */
export interface ControllerScale {
  uid: string;
  scale: number;
}

/** What the finders know of one pod: its controller's scale, none (unmanaged) or not found. */
export type PodController = { kind: 'managed'; controller: ControllerScale } | { kind: 'unmanaged' } | { kind: 'notFound' };

/** A pod as getExpectedScale reads it. */
export interface ExpectedPod {
  name: string;
  controller: () => PodController;
}

export interface ExpectedCount {
  expectedCount: number;
  desiredHealthy: number;
  /** names of the pods without a controller (the UnmanagedPods event) */
  unmanagedPods: string[];
}

/**
 * The sync's failure: its message is the SyncFailed condition's and the log's. A StatusError so
 * that the work queue retries it with its back-off as it retries an API error (a failed sync of
 * upstream's is requeued the same way), not reported as a bug of kubemu.
 */
export class ExpectedCountError extends StatusError {
  constructor(message: string) {
    super('InternalError', 500, message);
  }
}

/**
 * intstr.GetScaledValueFromIntOrPercent: a number as it is; "N%" of total, rounded up or down.
 * Computed in integers as Go's float64 gives the same for these sizes: ceil(N * total / 100).
 */
export function scaledValue(v: IntOrString, total: number, roundUp: boolean): number {
  if (typeof v === 'number') return v;
  const m = /^([0-9]+)%$/.exec(v);
  if (!m) {
    // Validation refuses anything else; upstream's error text for a string that slipped through.
    throw new ExpectedCountError(`invalid value for IntOrString: invalid type: string is not a percentage`);
  }
  const product = Number(m[1]) * total;
  return roundUp ? Math.ceil(product / 100) : Math.floor(product / 100);
}

/** getExpectedScale: the sum of the scales of the pods' controllers, each counted once. */
export function expectedScale(pods: readonly ExpectedPod[]): { expectedCount: number; unmanagedPods: string[] } {
  const scales = new Map<string, number>();
  const unmanagedPods: string[] = [];
  for (const pod of pods) {
    const c = pod.controller();
    if (c.kind === 'unmanaged') {
      unmanagedPods.push(pod.name);
      continue;
    }
    if (c.kind === 'notFound') throw new ExpectedCountError(`found no controllers for pod ${JSON.stringify(pod.name)}`);
    scales.set(c.controller.uid, c.controller.scale);
  }
  let expectedCount = 0;
  for (const s of scales.values()) expectedCount += s;
  return { expectedCount, unmanagedPods };
}

export function expectedPodCount(spec: PodDisruptionBudgetSpec, pods: readonly ExpectedPod[]): ExpectedCount {
  const max = spec.maxUnavailable;
  const min = spec.minAvailable;
  if (max !== undefined && max !== null) {
    const { expectedCount, unmanagedPods } = expectedScale(pods);
    const desiredHealthy = Math.max(0, expectedCount - scaledValue(max, expectedCount, true));
    return { expectedCount, desiredHealthy, unmanagedPods };
  }
  if (min !== undefined && min !== null) {
    if (typeof min === 'number') return { expectedCount: pods.length, desiredHealthy: min, unmanagedPods: [] };
    const { expectedCount, unmanagedPods } = expectedScale(pods);
    return { expectedCount, desiredHealthy: scaledValue(min, expectedCount, true), unmanagedPods };
  }
  return { expectedCount: 0, desiredHealthy: 0, unmanagedPods: [] };
}
