import type { Controller } from '../framework/controller.js';

/**
 * Scaffolding: the scheduler is being built in this folder (issue 3). Until then it watches nothing
 * and does nothing, so the control plane's order of controllers is fixed already.
 */
export function schedulerController(): Controller {
  return {
    name: 'default-scheduler',
    watches: [],
    keysFor: () => [],
    sync: () => undefined,
  };
}
