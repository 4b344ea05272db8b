import type { Controller } from './framework/controller.js';
import { garbageCollectorController } from './garbagecollector/controller.js';
import { namespaceController } from './namespace/controller.js';
import { deploymentController } from './deployment/controller.js';
import { replicaSetController } from './replicaset/controller.js';
import { schedulerController } from './scheduler/controller.js';
import { kubeletController } from './kubelet/controller.js';
import { eventTtlController } from './event-ttl/controller.js';
import { nodeIpamController } from './nodeipam/controller.js';
import { disruptionController } from './disruption/controller.js';

/**
 * The controllers of the embedded control plane, in the order they run within one instant:
 * kube-controller-manager's (namespace, garbage collector, deployment, replicaset, node IPAM,
 * disruption), then the
 * scheduler, then the kubelets of all nodes; last, the expiry of Events (kube-apiserver's
 * --event-ttl, an etcd lease there).
 */
export function defaultControllers(): Controller[] {
  return [
    namespaceController(),
    garbageCollectorController(),
    deploymentController(),
    replicaSetController(),
    nodeIpamController(),
    disruptionController(),
    schedulerController(),
    kubeletController(),
    eventTtlController(),
  ];
}
