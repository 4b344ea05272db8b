import type { KubeObject } from '../../api/meta/v1.js';
import { podsToDelete } from './pods-to-delete.js';

/** At most this many pods are created or deleted in one sync (the controller's burstReplicas). */
export const BURST_REPLICAS = 500;

/** The first slow-start batch (controller.SlowStartInitialBatchSize). */
export const SLOW_START_INITIAL_BATCH = 1;

/** What manageReplicas will do, decided before any write. */
export type ReplicaPlan =
  | { action: 'none' }
  | { action: 'create'; count: number }
  | { action: 'delete'; pods: KubeObject[] };

/**
 * manageReplicas' decision: diff = active − spec.replicas. Below: create min(−diff, 500) pods.
 * Above: delete min(diff, 500), chosen by the scale-down ranking.
 * Worked examples: replicas 3, 1 active → create 2; replicas 3, 4 active (an adopted stray) →
 * delete 1; replicas 1000, 0 active → create 500 now and the rest on the next sync.
 * `related` (the pods the ranking counts per node) is asked for only when deleting, as upstream
 * reads getIndirectlyRelatedPods only in the scale-down branch: a sync that creates or has
 * nothing to do lists no sibling ReplicaSet's pods.
 */
export function planReplicas(
  active: readonly KubeObject[],
  related: () => readonly KubeObject[],
  desired: number,
  nowMs: number,
): ReplicaPlan {
  const diff = active.length - desired;
  if (diff < 0) return { action: 'create', count: Math.min(-diff, BURST_REPLICAS) };
  if (diff <= 0) return { action: 'none' };
  const n = Math.min(diff, BURST_REPLICAS);
  // Every active pod goes (scale to 0): nothing to rank, so no related pods to read.
  if (n >= active.length) return { action: 'delete', pods: [...active] };
  return { action: 'delete', pods: podsToDelete(active, related(), n, nowMs) };
}

/**
 * The sizes of slowStartBatch's batches for count calls: 1, 2, 4, ... doubling, the last one
 * whatever remains. 3 → [1, 2]; 10 → [1, 2, 4, 3]; 0 → [].
 */
export function slowStartBatches(count: number, initial = SLOW_START_INITIAL_BATCH): number[] {
  const out: number[] = [];
  let remaining = count;
  for (let size = Math.min(remaining, initial); size > 0; size = Math.min(2 * size, remaining)) {
    out.push(size);
    remaining -= size;
  }
  return out;
}

export interface SlowStartResult {
  successes: number;
  /** the first error of the batch that failed; later batches were never tried */
  error?: unknown;
  /** calls never attempted because a batch failed */
  skipped: number;
}

/**
 * slowStartBatch: runs `attempt` count times in batches of 1, 2, 4, ...; every call of a batch
 * runs (upstream runs them concurrently), and a batch with any failure stops the rest, so a
 * template the API server rejects costs one failed create, not 500.
 * Example: count 10, the 4th call fails → batches [1], [2] succeed, batch of 4 runs (3 succeed,
 * 1 fails), the last 3 are skipped: successes 6, skipped 3.
 */
export function runSlowStart(count: number, attempt: () => unknown): SlowStartResult {
  let successes = 0;
  let done = 0;
  for (const size of slowStartBatches(count)) {
    let firstError: unknown;
    let failed = false;
    for (let i = 0; i < size; i++) {
      const err = attempt();
      if (err === undefined) successes++;
      else if (!failed) {
        failed = true;
        firstError = err;
      }
    }
    done += size;
    if (failed) return { successes, error: firstError, skipped: count - done };
  }
  return { successes, skipped: 0 };
}
