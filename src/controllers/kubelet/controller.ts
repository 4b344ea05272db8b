import type { Controller } from '../framework/controller.js';

/**
 * Scaffolding: the kubelet is being built in this folder (issue 3). Until then it watches nothing
 * and does nothing, so the control plane's order of controllers is fixed already.
 */
export function kubeletController(): Controller {
  return {
    name: 'kubelet',
    watches: [],
    keysFor: () => [],
    sync: () => undefined,
  };
}
