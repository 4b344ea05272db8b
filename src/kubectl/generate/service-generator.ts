/**
 * `kubectl create service clusterip NAME [--tcp=port:targetPort] [--clusterip=IP|None]`
 * (create_service.go createService): label and selector `app: NAME`, one TCP port per
 * `--tcp`. The cluster IP is left to the API server unless given.
 */
import type { JsonObject } from '../../common/json.js';
import { parseServicePort } from './service-ports.js';

export interface ServiceParams {
  name: string;
  type: 'ClusterIP';
  tcp: string[];
  /** --clusterip: '' (allocate), an IP, or `None` (headless) */
  clusterIP: string;
  namespace?: string;
}

/** Validate(): every service but a headless one needs a port. */
export function validateServiceParams(p: Pick<ServiceParams, 'type' | 'tcp' | 'clusterIP'>): void {
  if (p.clusterIP === 'None' && p.type !== 'ClusterIP') throw new Error('ClusterIP=None can only be used with ClusterIP service type');
  if (p.clusterIP !== 'None' && p.tcp.length === 0) throw new Error('at least one tcp port specifier must be provided');
}

export function generateService(p: ServiceParams): JsonObject {
  const ports = p.tcp.map(parseServicePort);
  const metadata: JsonObject = { name: p.name, labels: { app: p.name } };
  if (p.namespace) metadata['namespace'] = p.namespace;
  const spec: JsonObject = { ports, selector: { app: p.name }, type: p.type };
  if (p.clusterIP) spec['clusterIP'] = p.clusterIP;
  return { apiVersion: 'v1', kind: 'Service', metadata, spec };
}
