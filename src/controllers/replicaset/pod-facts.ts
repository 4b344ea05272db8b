import type { KubeObject } from '../../api/meta/v1.js';
import { isPodActive, isPodReady, isPodTerminating, podReadyTransitionMs } from '../../api/core/v1/pod-util.js';

/**
 * What a ReplicaSet's sync asks of each of its pods (active, terminating, Ready and since when),
 * read once per pod object. The API server hands out frozen objects that stay the same object
 * until the pod is written, so a sync after a few of 1,000 pods changed reads those few: the
 * others' answers are remembered with their objects.
 */
export interface PodFacts {
  /** controller.IsPodActive */
  readonly active: boolean;
  /** controller.IsPodTerminating */
  readonly terminating: boolean;
  /** podutil.IsPodReady */
  readonly ready: boolean;
  /**
   * the Ready condition's lastTransitionTime in ms, whatever its status (podReadyTransitionMs);
   * parsed on first use, as only a ReplicaSet with minReadySeconds asks
   */
  readonly readyTransitionMs: number | undefined;
}

class Facts implements PodFacts {
  readonly active: boolean;
  readonly terminating: boolean;
  readonly ready: boolean;
  private transition: number | undefined | null = null;

  constructor(private readonly pod: KubeObject) {
    this.active = isPodActive(pod);
    this.terminating = isPodTerminating(pod);
    this.ready = isPodReady(pod);
  }

  get readyTransitionMs(): number | undefined {
    if (this.transition === null) this.transition = podReadyTransitionMs(this.pod);
    return this.transition;
  }
}

const known = new WeakMap<KubeObject, PodFacts>();

export function podFacts(pod: KubeObject): PodFacts {
  const hit = known.get(pod);
  if (hit) return hit;
  const facts = new Facts(pod);
  // Only a frozen pod cannot change under what is remembered of it (a test's plain object can).
  if (Object.isFrozen(pod)) known.set(pod, facts);
  return facts;
}

/**
 * podutil.IsPodAvailable from the facts: Ready, and Ready for longer than minReadySeconds
 * (strictly; a Ready condition without a time never becomes available when minReadySeconds > 0).
 */
export function factsAvailable(f: PodFacts, minReadySeconds: number, nowMs: number): boolean {
  if (!f.ready) return false;
  if (minReadySeconds <= 0) return true;
  return f.readyTransitionMs !== undefined && f.readyTransitionMs + minReadySeconds * 1000 < nowMs;
}
