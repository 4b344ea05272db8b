import type { Controller } from '../framework/controller.js';
import { deploymentKeysFor } from './event-handlers.js';
import { DEPLOYMENTS, PODS, REPLICASETS, COMPONENT } from './resources.js';
import { deploymentSyncFailed } from './handle-err.js';
import { syncDeployment } from './sync.js';

/**
 * The Deployment controller (kube-controller-manager's `deployment-controller`): watches
 * Deployments, ReplicaSets and Pods, keys its work queue by `namespace/name` of a Deployment,
 * and rolls Deployments out through their ReplicaSets (sync.ts has the decision order).
 */
export function deploymentController(): Controller {
  return {
    name: COMPONENT,
    watches: [DEPLOYMENTS, REPLICASETS, PODS],
    keysFor: deploymentKeysFor,
    sync: (key, ctx) => syncDeployment(ctx, key),
    syncFailed: deploymentSyncFailed,
  };
}
