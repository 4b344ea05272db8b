import type { JsonObject } from '../../common/json.js';
import { arrField, ensureObj, objList, strField } from '../validation/json-fields.js';

/**
 * Service defaults: SetDefaults_Service (type ClusterIP, sessionAffinity None, port protocol
 * TCP, targetPort = port, externalTrafficPolicy Cluster for NodePort/LoadBalancer,
 * internalTrafficPolicy Cluster, allocateLoadBalancerNodePorts) plus what the service REST
 * storage sets for the IP family on a single-stack IPv4 cluster: ipFamilyPolicy SingleStack
 * and ipFamilies [IPv4] (a selector-less headless Service asks for RequireDualStack and gets
 * what the cluster has). Allocating clusterIP/nodePort is the storage's job, not done here.
 */
export function defaultService(obj: JsonObject): void {
  const spec = ensureObj(obj, 'spec');
  if (!strField(spec, 'sessionAffinity')) spec['sessionAffinity'] = 'None';
  if (spec['sessionAffinity'] === 'None') delete spec['sessionAffinityConfig'];
  if (spec['sessionAffinity'] === 'ClientIP') {
    const cfg = ensureObj(ensureObj(spec, 'sessionAffinityConfig'), 'clientIP');
    if (typeof cfg['timeoutSeconds'] !== 'number') cfg['timeoutSeconds'] = 10800;
  }
  if (!strField(spec, 'type')) spec['type'] = 'ClusterIP';
  const type = strField(spec, 'type');
  for (const port of objList(spec, 'ports')) {
    if (!strField(port, 'protocol')) port['protocol'] = 'TCP';
    const target = port['targetPort'];
    if (target === undefined || target === null || target === 0 || target === '') port['targetPort'] = port['port'] ?? 0;
  }
  const external = type === 'NodePort' || type === 'LoadBalancer' || (type === 'ClusterIP' && arrField(spec, 'externalIPs').length > 0);
  if (external && !strField(spec, 'externalTrafficPolicy')) spec['externalTrafficPolicy'] = 'Cluster';
  if (spec['internalTrafficPolicy'] === undefined && ['NodePort', 'LoadBalancer', 'ClusterIP'].includes(type)) {
    spec['internalTrafficPolicy'] = 'Cluster';
  }
  if (type === 'LoadBalancer' && typeof spec['allocateLoadBalancerNodePorts'] !== 'boolean') {
    spec['allocateLoadBalancerNodePorts'] = true;
  }
  if (type !== 'ExternalName') {
    const headless = strField(spec, 'clusterIP') === 'None';
    const selectorless = spec['selector'] === undefined || spec['selector'] === null;
    if (!strField(spec, 'ipFamilyPolicy')) spec['ipFamilyPolicy'] = headless && selectorless ? 'RequireDualStack' : 'SingleStack';
    if (arrField(spec, 'ipFamilies').length === 0) spec['ipFamilies'] = ['IPv4'];
  }
}
