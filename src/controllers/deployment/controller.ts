import type { Controller } from '../framework/controller.js';

/**
 * Scaffolding: Deployment is being built in this folder (issue 3). Until then it watches nothing
 * and does nothing, so the control plane's order of controllers is fixed already.
 */
export function deploymentController(): Controller {
  return {
    name: 'deployment-controller',
    watches: [],
    keysFor: () => [],
    sync: () => undefined,
  };
}
