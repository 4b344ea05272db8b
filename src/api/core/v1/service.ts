/** core/v1 Service, as far as kubemu's API server and kubectl read and write it. */
import type { IntOrString, KubeObject } from '../../meta/v1.js';

/** v1.ServicePort. */
export interface ServicePort {
  name?: string;
  protocol?: string;
  appProtocol?: string;
  port?: number;
  targetPort?: IntOrString;
  nodePort?: number;
}

/** v1.ServiceSpec. */
export interface ServiceSpec {
  type?: string;
  selector?: Record<string, string>;
  ports?: ServicePort[];
  clusterIP?: string;
  clusterIPs?: string[];
  ipFamilies?: string[];
  ipFamilyPolicy?: string;
  externalIPs?: string[];
  externalName?: string;
  loadBalancerIP?: string;
  loadBalancerSourceRanges?: string[];
  sessionAffinity?: string;
  externalTrafficPolicy?: string;
  internalTrafficPolicy?: string;
  healthCheckNodePort?: number;
}

/** v1.LoadBalancerIngress. */
export interface LoadBalancerIngress {
  ip?: string;
  hostname?: string;
  ipMode?: string;
}

/** v1.ServiceStatus. */
export interface ServiceStatus {
  loadBalancer?: { ingress?: LoadBalancerIngress[] };
}

/** v1.Service. */
export interface Service extends KubeObject {
  spec?: ServiceSpec;
  status?: ServiceStatus;
}

/** Whether an object is a Service. */
export function isService(o: KubeObject): o is Service {
  return o.kind === 'Service';
}

/** A KubeObject read as a Service (the one place); a different kind is a programming error. */
export function asService(o: KubeObject): Service {
  if (!isService(o)) throw new TypeError(`expected a Service, got ${o.kind || 'an object without kind'}`);
  return o;
}
