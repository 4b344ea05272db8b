import type { PodTemplateSpec } from '../../../api/core/v1/pod.js';
import type { KubeObject } from '../../../api/meta/v1.js';
import { asDeployment } from '../../../api/apps/v1/deployment.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';
import { layoutContainerCells, type ContainerNameImage } from './containers.js';
import { labelSelectorString } from '../../../labels/label-selector.js';

/** printers.go deploymentColumnDefinitions. */
export const deploymentColumns: readonly ColumnDefinition[] = [
  NAME_COLUMN,
  { name: 'Ready', priority: 0 },
  { name: 'Up-to-date', priority: 0 },
  { name: 'Available', priority: 0 },
  AGE_COLUMN,
  { name: 'Containers', priority: 1 },
  { name: 'Images', priority: 1 },
  { name: 'Selector', priority: 1 },
];

/**
 * printDeployment: READY is `status.readyReplicas/spec.replicas` (`4/4`, `0/3`), UP-TO-DATE and
 * AVAILABLE the status counts (0 when unset), SELECTOR the selector's String() — empty for an
 * empty selector and `<invalid>` when it does not convert.
 */
export function deploymentRow(obj: KubeObject, nowMs: number): string[] {
  const d = asDeployment(obj);
  // The pod spec is still JSON in the model (PodTemplateSpec): its containers are read as printed.
  const podSpec: { containers?: ContainerNameImage[] } | undefined = d.spec?.template?.spec;
  const status = d.status ?? {};
  const [names, images] = layoutContainerCells(podSpec?.containers);
  return [
    d.metadata.name ?? '',
    `${status.readyReplicas ?? 0}/${d.spec?.replicas ?? 0}`,
    String(status.updatedReplicas ?? 0),
    String(status.availableReplicas ?? 0),
    translateTimestampSince(d.metadata.creationTimestamp, nowMs),
    names,
    images,
    labelSelectorString(d.spec?.selector) ?? '<invalid>',
  ];
}

export const deploymentTable: KindTable = { columns: deploymentColumns, row: deploymentRow };
