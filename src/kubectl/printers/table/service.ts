import type { KubeObject } from '../../../api/meta/v1.js';
import { asService, type Service } from '../../../api/core/v1/service.js';
import { translateTimestampSince } from '../duration.js';
import { AGE_COLUMN, NAME_COLUMN, type ColumnDefinition, type KindTable } from './columns.js';
import { compareGoStrings } from '../../../common/go-strings.js';
import { formatLabels } from './labels-string.js';

/** printers.go serviceColumnDefinitions. */
export const serviceColumns: readonly ColumnDefinition[] = [
  NAME_COLUMN,
  { name: 'Type', priority: 0 },
  { name: 'Cluster-IP', priority: 0 },
  { name: 'External-IP', priority: 0 },
  { name: 'Port(s)', priority: 0 },
  AGE_COLUMN,
  { name: 'Selector', priority: 1 },
];

/** printers.go loadBalancerWidth: the non-wide cap on the load-balancer address list. */
const LOAD_BALANCER_WIDTH = 16;

/**
 * loadBalancerStatusStringer: the sorted, de-duplicated ingress IPs (or hostnames), joined by `,`;
 * when not wide and longer than 16 bytes, cut to 13 and suffixed `...`.
 */
function loadBalancerAddresses(svc: Service, wide: boolean): string {
  const set = new Set<string>();
  for (const ing of svc.status?.loadBalancer?.ingress ?? []) {
    if (ing.ip) set.add(ing.ip);
    else if (ing.hostname) set.add(ing.hostname);
  }
  const r = [...set].sort(compareGoStrings).join(',');
  if (!wide && r.length > LOAD_BALANCER_WIDTH) return `${r.slice(0, LOAD_BALANCER_WIDTH - 3)}...`;
  return r;
}

/**
 * getServiceExternalIP. ClusterIP/NodePort: spec.externalIPs joined, or `<none>`. LoadBalancer:
 * ingress addresses followed by spec.externalIPs, or `<pending>` when there are neither.
 * ExternalName: spec.externalName. Any other type: `<unknown>`.
 *
 * `wide` only matters for long load-balancer lists. The apiserver builds every Table with
 * Wide: true (pkg/printers/storage TableConvertor) and kubectl merely hides wide columns, so
 * through `kubectl get` the list is never cut; serviceRow therefore passes true.
 */
export function serviceExternalIP(svc: Service, wide: boolean): string {
  const externalIPs = svc.spec?.externalIPs ?? [];
  switch (svc.spec?.type) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = loadBalancerAddresses(svc, wide);
      if (externalIPs.length > 0) {
        const results = lb.length > 0 ? lb.split(',') : [];
        return [...results, ...externalIPs].join(',');
      }
      return lb.length > 0 ? lb : '<pending>';
    }
    case 'ExternalName':
      return svc.spec.externalName ?? '';
    default:
      return '<unknown>';
  }
}

/** makePortString: `80/TCP`, `80:30080/TCP` with a node port, joined by `,`. */
export function servicePorts(svc: Service): string {
  return (svc.spec?.ports ?? [])
    .map((p) =>
      (p.nodePort ?? 0) > 0 ? `${p.port ?? 0}:${p.nodePort}/${p.protocol ?? ''}` : `${p.port ?? 0}/${p.protocol ?? ''}`,
    )
    .join(',');
}

/** printService's cells: NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE SELECTOR. */
export function serviceRow(obj: KubeObject, nowMs: number): string[] {
  const svc = asService(obj);
  const ports = servicePorts(svc);
  return [
    svc.metadata.name ?? '',
    svc.spec?.type ?? '',
    svc.spec?.clusterIPs?.[0] ?? '<none>',
    serviceExternalIP(svc, true),
    ports.length > 0 ? ports : '<none>',
    translateTimestampSince(svc.metadata.creationTimestamp, nowMs),
    formatLabels(svc.spec?.selector),
  ];
}

export const serviceTable: KindTable = { columns: serviceColumns, row: serviceRow };
