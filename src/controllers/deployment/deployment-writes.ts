import type { ControllerContext } from '../framework/controller.js';
import { DEPLOYMENTS } from './resources.js';
import type { Deployment, DeploymentStatus } from '../../api/apps/v1/deployment.js';

/**
 * UpdateStatus of the Deployment `d` as the controller holds it: its status replaced by
 * `status` (and its annotations, which the status subresource keeps). `d` carries the
 * resourceVersion the sync started from and is deliberately not refreshed afterwards, as
 * upstream discards UpdateStatus's result: a second status write in the same sync therefore
 * fails with Conflict and the sync runs again a moment later — the "object has been modified"
 * retry every real kube-controller-manager log shows after a new ReplicaSet is created.
 */
export function updateDeploymentStatus(ctx: ControllerContext, d: Deployment, status: DeploymentStatus): void {
  d.status = status;
  ctx.api.updateStatus(DEPLOYMENTS, d);
}
