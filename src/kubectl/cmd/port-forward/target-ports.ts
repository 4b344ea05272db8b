import type { KubeObject } from '../../../api/meta/v1.js';
import { asPod } from '../../../api/core/v1/pod.js';
import { asService } from '../../../api/core/v1/service.js';
import { splitPort } from './parse-ports.js';

/**
 * Named and service ports turned into container port numbers before forwarding, as kubectl's
 * port-forward Complete does (convertPodNamedPortToNumber, translateServicePortToTargetPort and
 * kubectl's util.Lookup* helpers):
 *
 *   pod hello-… with containerPort 8080 named http:
 *     `8080:http` → `8080:8080`;  `http` → `8080` (local = remote);  `9090` → `9090` (not checked)
 *   service hello (port 80, targetPort http):
 *     `80` → `80:8080`;  `8080:80` → `8080:8080`
 */

/** Go's strconv.Atoi succeeds (an optional sign, then digits). */
const isAtoi = (s: string): boolean => /^[+-]?[0-9]+$/.test(s);

/** util.LookupContainerPortNumberByName */
function containerPortByName(pod: KubeObject, name: string): number {
  for (const c of asPod(pod).spec?.containers ?? []) {
    for (const p of c.ports ?? []) {
      if (p.name === name && typeof p.containerPort === 'number') return p.containerPort;
    }
  }
  throw new Error(`Pod '${pod.metadata.name}' does not have a named port '${name}'`);
}

/** convertPodNamedPortToNumber */
export function convertPodNamedPortToNumber(ports: readonly string[], pod: KubeObject): string[] {
  return ports.map((port) => {
    const [local, remote] = splitPort(port);
    const containerPort = isAtoi(remote) ? remote : String(containerPortByName(pod, remote));
    return local !== remote ? `${local}:${containerPort}` : containerPort;
  });
}

/** util.LookupServicePortNumberByName */
function servicePortByName(svc: KubeObject, name: string): number {
  for (const p of asService(svc).spec?.ports ?? []) {
    if (p.name === name && typeof p.port === 'number') return p.port;
  }
  throw new Error(`Service '${svc.metadata.name}' does not have a named port '${name}'`);
}

/**
 * util.LookupContainerPortNumberByServicePort: the service port's targetPort (a number, the
 * port itself when omitted, or a container port name); a headless service forwards the port
 * unchanged.
 */
function containerPortForServicePort(svc: KubeObject, pod: KubeObject, port: number): number {
  const spec = asService(svc).spec ?? {};
  for (const p of spec.ports ?? []) {
    if (p.port !== port) continue;
    if (spec.clusterIP === 'None') return port;
    const target = p.targetPort;
    if (typeof target === 'string') return containerPortByName(pod, target);
    return typeof target === 'number' && target !== 0 ? target : port;
  }
  throw new Error(`Service ${svc.metadata.name} does not have a service port ${port}`);
}

/** translateServicePortToTargetPort */
export function translateServicePortToTargetPort(ports: readonly string[], svc: KubeObject, pod: KubeObject): string[] {
  return ports.map((port) => {
    let [local, remote] = splitPort(port);
    let portnum: number;
    if (isAtoi(remote)) {
      portnum = Number(remote);
    } else {
      portnum = servicePortByName(svc, remote);
      if (local === remote) local = String(portnum);
    }
    const containerPort = containerPortForServicePort(svc, pod, portnum);
    remote = String(containerPort);
    return local !== remote ? `${local}:${containerPort}` : remote;
  });
}
