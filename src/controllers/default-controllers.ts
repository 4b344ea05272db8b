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
import { scaledObjectController } from './scaledobject/controller.js';
import { metricSourceValue } from './scaledobject/metric-source-value.js';
import { horizontalPodAutoscalerController } from './podautoscaler/controller.js';
import { taintEvictionController } from './tainteviction/controller.js';
import { podGcController } from './podgc/controller.js';
import { nodeLifecycleController } from './nodelifecycle/controller.js';
import { metricSourceController } from './metricsource/controller.js';
import { currentMachines, isRunning, machineOf } from './kubelet/machines.js';

/**
 * The controllers of the embedded control plane, in the order they run within one instant:
 * kube-controller-manager's (namespace, garbage collector, deployment, replicaset, node IPAM,
 * disruption, horizontal pod autoscaler, taint eviction, pod GC, node lifecycle) with KEDA's operator
 * after disruption (its HPA reconciled in the same instant), then the
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
    scaledObjectController({ metricSourceValue }),
    horizontalPodAutoscalerController(),
    taintEvictionController(),
    podGcController(),
    // A node's lease renews while its machine runs (the kubelet's machines, kubelet/machines.ts).
    nodeLifecycleController((node, ctx) => isRunning(machineOf(currentMachines(ctx.api.store), node))),
    metricSourceController(),
    schedulerController(),
    kubeletController(),
    eventTtlController(),
  ];
}
