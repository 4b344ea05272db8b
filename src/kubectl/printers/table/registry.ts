import type { KindTable } from './columns.js';
import { configMapTable } from './configmap.js';
import { defaultTable } from './default.js';
import { deploymentTable } from './deployment.js';
import { eventTable } from './event.js';
import { leaseTable } from './lease.js';
import { metricSourceTable } from './metric-source.js';
import { namespaceTable } from './namespace.js';
import { nodeTable } from './node.js';
import { podTable } from './pod.js';
import { podDisruptionBudgetTable } from './pod-disruption-budget.js';
import { horizontalPodAutoscalerTable } from './horizontal-pod-autoscaler.js';
import { replicaSetTable } from './replicaset.js';
import { secretTable } from './secret.js';
import { serviceTable } from './service.js';

/**
 * Printers by resource label (`lower(kind)[.group]`, the same string kubectl puts before the
 * name): keying by group keeps a custom resource that happens to be called `Event` or `Lease`
 * on the default `NAME AGE` table, as the apiserver would.
 */
const TABLES: ReadonlyMap<string, KindTable> = new Map([
  ['pod', podTable],
  ['deployment.apps', deploymentTable],
  ['replicaset.apps', replicaSetTable],
  ['node', nodeTable],
  ['namespace', namespaceTable],
  ['event', eventTable],
  ['configmap', configMapTable],
  ['secret', secretTable],
  ['service', serviceTable],
  ['lease.coordination.k8s.io', leaseTable],
  ['poddisruptionbudget.policy', podDisruptionBudgetTable],
  ['horizontalpodautoscaler.autoscaling', horizontalPodAutoscalerTable],
  ['metricsource.kubemu.io', metricSourceTable],
]);

/** Cluster-scoped resources among those kubemu knows: `-A` adds no NAMESPACE column to them. */
const CLUSTER_SCOPED: ReadonlySet<string> = new Set(['node', 'namespace']);

/** The table printer for a resource label, or the default `NAME AGE` one. */
export function tableFor(resourceLabel: string): KindTable {
  return TABLES.get(resourceLabel) ?? defaultTable;
}

/** Whether a resource label names a namespaced resource (unknown ones are taken as namespaced). */
export function isNamespacedResource(resourceLabel: string): boolean {
  return !CLUSTER_SCOPED.has(resourceLabel);
}
