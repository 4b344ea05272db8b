import type { ControllerContext } from '../framework/controller.js';
import { DEPLOYMENT_OWN_ANNOTATIONS, POD_TEMPLATE_HASH_LABEL, ROLLBACK_TO_ANNOTATION } from '../../api/apps/v1/annotations.js';
import { COMPONENT, DEPLOYMENTS } from './resources.js';
import { lastRevision, parseRevision, revisionOf } from './revision.js';
import { getAllReplicaSetsAndSyncRevision } from './sync-revision.js';
import { equalIgnoreHash } from './template-equal.js';
import type { Deployment } from '../../api/apps/v1/deployment.js';
import type { ReplicaSet } from '../../api/apps/v1/replica-set.js';
import { setOwn } from '../../common/own-keys.js';

/**
 * The legacy in-controller rollback (`deprecated.deployment.rollback.to: "<n>"`, from the old
 * extensions/v1beta1 rollback subresource; kubectl ≥ 1.9 rolls back client-side instead). The
 * controller copies revision n's template into the Deployment, clears the request and lets the
 * normal rollout do the rest. n = 0 means the previous revision.
 */
export function rollback(ctx: ControllerContext, d: Deployment, rsList: readonly ReplicaSet[]): void {
  const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(ctx, d, rsList, true);
  const allRSs = [...oldRSs, ...(newRS ? [newRS] : [])];
  let revision = parseRevision(d.metadata.annotations?.[ROLLBACK_TO_ANNOTATION] ?? '') ?? 0;
  if (revision === 0) {
    revision = lastRevision(allRSs);
    if (revision === 0) {
      warn(ctx, d, 'DeploymentRollbackRevisionNotFound', 'Unable to find last revision.');
      return clearRollbackTo(ctx, d);
    }
  }
  const target = allRSs.find((rs) => revisionOf(rs) === revision);
  if (!target) {
    warn(ctx, d, 'DeploymentRollbackRevisionNotFound', 'Unable to find the revision to rollback to.');
    return clearRollbackTo(ctx, d);
  }
  if (equalIgnoreHash(d.spec.template, target.spec.template)) {
    warn(ctx, d, 'DeploymentRollbackTemplateUnchanged', `The rollback revision contains the same template as current deployment "${d.metadata.name ?? ''}"`);
    return clearRollbackTo(ctx, d);
  }
  // SetFromReplicaSetTemplate + SetDeploymentAnnotationsTo.
  const template = structuredClone(target.spec.template ?? {});
  if (template.metadata?.labels) delete template.metadata.labels[POD_TEMPLATE_HASH_LABEL];
  d.spec.template = template;
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) if (DEPLOYMENT_OWN_ANNOTATIONS.has(k)) setOwn(annotations, k, v);
  for (const [k, v] of Object.entries(target.metadata.annotations ?? {})) if (!DEPLOYMENT_OWN_ANNOTATIONS.has(k)) setOwn(annotations, k, v);
  d.metadata.annotations = annotations;
  clearRollbackTo(ctx, d);
  ctx.events.record({
    involved: d,
    type: 'Normal',
    reason: 'DeploymentRollback',
    message: `Rolled back deployment "${d.metadata.name ?? ''}" to revision ${revision}`,
    component: COMPONENT,
  });
}

function warn(ctx: ControllerContext, d: Deployment, reason: string, message: string): void {
  ctx.events.record({ involved: d, type: 'Warning', reason, message, component: COMPONENT });
}

/** updateDeploymentAndClearRollbackTo: a main-resource update with the request removed. */
function clearRollbackTo(ctx: ControllerContext, d: Deployment): void {
  if (d.metadata.annotations) delete d.metadata.annotations[ROLLBACK_TO_ANNOTATION];
  ctx.api.update(DEPLOYMENTS, d);
}
