import type { KubeObject } from '../../../api/meta/v1.js';
import { asNode, nodeAddress, NODE_ADDRESS, NODE_CONDITION, type Node } from '../../../api/core/v1/node.js';
import { NODE_ROLE_LABEL, NODE_ROLE_LABEL_PREFIX } from '../../../api/core/v1/label-keys.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';
import { compareGoStrings } from '../../../common/go-strings.js';

/** printers.go nodeColumnDefinitions. */
export const nodeColumns: readonly ColumnDefinition[] = [
  NAME_COLUMN,
  { name: 'Status', priority: 0 },
  { name: 'Roles', priority: 0 },
  AGE_COLUMN,
  { name: 'Version', priority: 0 },
  { name: 'Internal-IP', priority: 1 },
  { name: 'External-IP', priority: 1 },
  { name: 'OS-Image', priority: 1 },
  { name: 'Kernel-Version', priority: 1 },
  { name: 'Container-Runtime', priority: 1 },
];

/**
 * STATUS: `Ready`/`NotReady` from the Ready condition (the last one listed wins, as printNode
 * collects them into a map; any status but True is NotReady), `Unknown` without one, then
 * `,SchedulingDisabled` for a cordoned node: `Ready,SchedulingDisabled`.
 */
export function nodeStatus(node: Node): string {
  let ready: string | undefined;
  for (const c of node.status?.conditions ?? []) {
    if (c.type === NODE_CONDITION.Ready) ready = c.status === 'True' ? 'Ready' : 'NotReady';
  }
  const parts = [ready ?? 'Unknown'];
  if (node.spec?.unschedulable) parts.push('SchedulingDisabled');
  return parts.join(',');
}

/** findNodeRoles: the sorted set of role-label suffixes plus non-empty kubernetes.io/role values. */
export function nodeRoles(labels: Record<string, string> | undefined): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(labels ?? {})) {
    if (k.startsWith(NODE_ROLE_LABEL_PREFIX)) {
      const role = k.slice(NODE_ROLE_LABEL_PREFIX.length);
      if (role.length > 0) roles.add(role);
    } else if (k === NODE_ROLE_LABEL && v !== '') {
      roles.add(v);
    }
  }
  return [...roles].sort(compareGoStrings);
}

/** printNode's cells; the wide OS/kernel/runtime cells print `<unknown>` when empty. */
export function nodeRow(obj: KubeObject, nowMs: number): string[] {
  const node = asNode(obj);
  const info = node.status?.nodeInfo ?? {};
  const roles = nodeRoles(node.metadata.labels).join(',');
  return [
    node.metadata.name ?? '',
    nodeStatus(node),
    roles.length > 0 ? roles : '<none>',
    translateTimestampSince(node.metadata.creationTimestamp, nowMs),
    info.kubeletVersion ?? '',
    nodeAddress(node, NODE_ADDRESS.InternalIP) ?? '<none>',
    nodeAddress(node, NODE_ADDRESS.ExternalIP) ?? '<none>',
    info.osImage || '<unknown>',
    info.kernelVersion || '<unknown>',
    info.containerRuntimeVersion || '<unknown>',
  ];
}

export const nodeTable: KindTable = { columns: nodeColumns, row: nodeRow };
