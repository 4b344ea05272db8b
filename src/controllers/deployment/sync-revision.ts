import { StatusError } from '../../apiserver/errors.js';
import { rfc3339 } from '../../sim/clock.js';
import type { ControllerContext } from '../framework/controller.js';
import { REVISION_ANNOTATION } from '../../api/apps/v1/annotations.js';
import { getCondition, newCondition, setCondition } from './conditions.js';
import { FOUND_NEW_RS, NEW_RS_CREATED, PROGRESSING, RS_CREATE_ERROR } from '../../api/apps/v1/conditions.js';
import { updateDeploymentStatus } from './deployment-writes.js';
import { maxSurge } from './fenceposts.js';
import { buildNewReplicaSet } from './new-replica-set.js';
import { hasProgressDeadline } from './progress.js';
import { findNewReplicaSet, oldReplicaSets } from './replica-sets.js';
import { COMPONENT, REPLICASETS } from './resources.js';
import { maxRevision, setDeploymentRevision, setNewReplicaSetAnnotations } from './revision.js';
import { equalIgnoreHash } from './template-equal.js';
import { type Deployment, desiredReplicas } from '../../api/apps/v1/deployment.js';
import { type ReplicaSet, specReplicas, asReplicaSet } from '../../api/apps/v1/replica-set.js';
import { isNamespaceTerminating } from '../framework/api-errors.js';

export interface AllReplicaSets {
  newRS: ReplicaSet | undefined;
  oldRSs: ReplicaSet[];
}

/**
 * getAllReplicaSetsAndSyncRevision: the new ReplicaSet (found, or created when `create`) and
 * the old ones, with revisions synced. Mutates `d` in memory as upstream does (revision
 * annotation, Progressing condition, collisionCount), and writes them with UpdateStatus.
 */
export function getAllReplicaSetsAndSyncRevision(
  ctx: ControllerContext,
  d: Deployment,
  rsList: readonly ReplicaSet[],
  create: boolean,
): AllReplicaSets {
  const existing = findNewReplicaSet(d, rsList);
  const oldRSs = oldReplicaSets(rsList, existing);
  const newRS = getNewReplicaSet(ctx, d, existing, oldRSs, create);
  return { newRS, oldRSs };
}

function getNewReplicaSet(
  ctx: ControllerContext,
  d: Deployment,
  existing: ReplicaSet | undefined,
  oldRSs: readonly ReplicaSet[],
  create: boolean,
): ReplicaSet | undefined {
  const newRevision = maxRevision(oldRSs) + 1;
  const now = rfc3339(ctx.clock.now());

  if (existing) {
    // Copied where setNewReplicaSetAnnotations and the minReadySeconds fix change it (the rest
    // stays the API server's frozen object; the update copies what it is given).
    const copy: ReplicaSet = { ...existing, metadata: { ...existing.metadata }, spec: { ...existing.spec } };
    if (existing.metadata.annotations) copy.metadata.annotations = { ...existing.metadata.annotations };
    const desired = desiredReplicas(d);
    const annotationsUpdated = setNewReplicaSetAnnotations(d, copy, newRevision, true, { desired, max: desired + maxSurge(d) });
    const minReady = d.spec.minReadySeconds ?? 0;
    if (annotationsUpdated || (copy.spec.minReadySeconds ?? 0) !== minReady) {
      // The RS update wakes this controller again; the Deployment's own revision follows then.
      if (minReady) copy.spec.minReadySeconds = minReady;
      else delete copy.spec.minReadySeconds;
      return asReplicaSet(ctx.api.update(REPLICASETS, copy));
    }
    let needsUpdate = setDeploymentRevision(d, copy.metadata.annotations?.[REVISION_ANNOTATION] ?? '');
    if (hasProgressDeadline(d) && !getCondition(d.status, PROGRESSING)) {
      const status = (d.status ??= {});
      const msg = `Found new replica set "${copy.metadata.name ?? ''}"`;
      setCondition(status, newCondition(PROGRESSING, 'True', FOUND_NEW_RS, msg, now));
      needsUpdate = true;
    }
    if (needsUpdate) updateDeploymentStatus(ctx, d, d.status ?? {});
    return copy;
  }

  if (!create) return undefined;

  const rs = buildNewReplicaSet(d, oldRSs, newRevision);
  const replicas = specReplicas(rs);
  let created: ReplicaSet;
  try {
    created = asReplicaSet(ctx.api.create(REPLICASETS, rs.metadata.namespace, rs));
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'AlreadyExists') {
      const live = ctx.api.tryGet(REPLICASETS, rs.metadata.namespace, rs.metadata.name ?? '');
      const found = live && asReplicaSet(live);
      const ref = found?.metadata.ownerReferences?.find((r) => r.controller);
      if (found && ref?.uid === d.metadata.uid && equalIgnoreHash(d.spec.template, found.spec.template)) {
        // Our own RS, not yet in our view: it is the new one (no creation event, no condition).
        return afterCreate(ctx, d, found, newRevision, now, true);
      }
      // Someone else's RS holds the name: count a collision so the next hash differs.
      const status = (d.status ??= {});
      status.collisionCount = (status.collisionCount ?? -1) + 1;
      updateDeploymentStatus(ctx, d, status);
      throw e;
    }
    if (isNamespaceTerminating(e)) throw e;
    const msg = `Failed to create new replica set "${rs.metadata.name ?? ''}": ${e instanceof Error ? e.message : String(e)}`;
    if (hasProgressDeadline(d)) {
      const status = (d.status ??= {});
      setCondition(status, newCondition(PROGRESSING, 'False', RS_CREATE_ERROR, msg, now));
      try {
        updateDeploymentStatus(ctx, d, status);
      } catch {
        // upstream ignores this error: the creation failure is the one to report
      }
    }
    ctx.events.record({ involved: d, type: 'Warning', reason: RS_CREATE_ERROR, message: msg, component: COMPONENT });
    throw e;
  }
  if (replicas > 0) {
    ctx.events.record({
      involved: d,
      type: 'Normal',
      reason: 'ScalingReplicaSet',
      message: `Scaled up replica set ${created.metadata.name ?? ''} from 0 to ${replicas}`,
      component: COMPONENT,
    });
  }
  return afterCreate(ctx, d, created, newRevision, now, false);
}

/** After creation: the Deployment's revision annotation and Progressing=NewReplicaSetCreated. */
function afterCreate(
  ctx: ControllerContext,
  d: Deployment,
  rs: ReplicaSet,
  newRevision: number,
  now: string,
  alreadyExists: boolean,
): ReplicaSet {
  let needsUpdate = setDeploymentRevision(d, String(newRevision));
  if (!alreadyExists && hasProgressDeadline(d)) {
    const status = (d.status ??= {});
    const msg = `Created new replica set "${rs.metadata.name ?? ''}"`;
    setCondition(status, newCondition(PROGRESSING, 'True', NEW_RS_CREATED, msg, now));
    needsUpdate = true;
  }
  if (needsUpdate) updateDeploymentStatus(ctx, d, d.status ?? {});
  return rs;
}
