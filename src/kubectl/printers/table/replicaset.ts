import type { PodTemplateSpec } from '../../../api/core/v1/pod.js';
import type { KubeObject } from '../../../api/meta/v1.js';
import { asReplicaSet } from '../../../api/apps/v1/replica-set.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';
import { layoutContainerCells, type ContainerNameImage } from './containers.js';
import { formatLabelSelector } from '../../../labels/label-selector.js';

/** printers.go replicaSetColumnDefinitions. */
export const replicaSetColumns: readonly ColumnDefinition[] = [
  NAME_COLUMN,
  { name: 'Desired', priority: 0 },
  { name: 'Current', priority: 0 },
  { name: 'Ready', priority: 0 },
  AGE_COLUMN,
  { name: 'Containers', priority: 1 },
  { name: 'Images', priority: 1 },
  { name: 'Selector', priority: 1 },
];

/**
 * printReplicaSet: DESIRED = spec.replicas, CURRENT = status.replicas, READY =
 * status.readyReplicas, all plain integers; SELECTOR via FormatLabelSelector (`<none>` if empty).
 */
export function replicaSetRow(obj: KubeObject, nowMs: number): string[] {
  const rs = asReplicaSet(obj);
  // The pod spec is still JSON in the model (PodTemplateSpec): its containers are read as printed.
  const podSpec: { containers?: ContainerNameImage[] } | undefined = rs.spec?.template?.spec;
  const [names, images] = layoutContainerCells(podSpec?.containers);
  return [
    rs.metadata.name ?? '',
    String(rs.spec?.replicas ?? 0),
    String(rs.status?.replicas ?? 0),
    String(rs.status?.readyReplicas ?? 0),
    translateTimestampSince(rs.metadata.creationTimestamp, nowMs),
    names,
    images,
    formatLabelSelector(rs.spec?.selector),
  ];
}

export const replicaSetTable: KindTable = { columns: replicaSetColumns, row: replicaSetRow };
