import type { ReplicaSet } from '../../api/apps/v1/replica-set.js';

/**
 * One planned change of a ReplicaSet's size: the unit the pure planners (rolling, recreate,
 * proportional scaling) hand to the one place that writes (replica-set-writes.ts).
 */
export interface ScaleStep {
  rs: ReplicaSet;
  to: number;
}

/** A copy of rs with spec.replicas set, as the RS would read after the planned write. */
export function withReplicas(rs: ReplicaSet, replicas: number): ReplicaSet {
  return { ...rs, spec: { ...rs.spec, replicas } };
}
