import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { controllerOf } from '../../api/meta/controller-of.js';

/** `Pods Status:` counts (getPodStatusForController). */
export interface PodPhaseCounts {
  running: number;
  waiting: number;
  succeeded: number;
  failed: number;
}

/**
 * Counts the phases of the pods a controller owns: pods matching its selector whose controller
 * reference has the controller's uid (orphans and other owners' pods are skipped). Pending
 * counts as waiting; a pod with no phase counts nowhere.
 */
export function podPhaseCounts(pods: readonly KubeObject[], ownerUid: string | undefined): PodPhaseCounts {
  const counts: PodPhaseCounts = { running: 0, waiting: 0, succeeded: 0, failed: 0 };
  for (const p of pods) {
    if (!ownerUid || controllerOf(p)?.uid !== ownerUid) continue;
    const phase = asPod(p).status?.phase;
    if (phase === 'Running') counts.running++;
    else if (phase === 'Pending') counts.waiting++;
    else if (phase === 'Succeeded') counts.succeeded++;
    else if (phase === 'Failed') counts.failed++;
  }
  return counts;
}

/** `2 Running / 1 Waiting / 0 Succeeded / 0 Failed` */
export function podPhaseCountsText(c: PodPhaseCounts): string {
  return `${c.running} Running / ${c.waiting} Waiting / ${c.succeeded} Succeeded / ${c.failed} Failed`;
}
