import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';

/** A host port a pod's container asks for (protocol TCP and address 0.0.0.0 when left out). */
export type HostPort = { port: number; protocol: string; ip: string };

/** The pod's host ports, read once per (frozen) pod object: every node's filter asks for them. */
export function hostPorts(pod: KubeObject): readonly HostPort[] {
  const hit = hostPortsMemo.get(pod);
  if (hit) return hit;
  const out = readHostPorts(pod);
  if (Object.isFrozen(pod)) hostPortsMemo.set(pod, out);
  return out;
}

const hostPortsMemo = new WeakMap<KubeObject, readonly HostPort[]>();

function readHostPorts(pod: KubeObject): HostPort[] {
  const spec = asPod(pod).spec ?? {};
  const out: HostPort[] = [];
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    for (const p of c.ports ?? []) {
      if (p.hostPort && p.hostPort > 0) out.push({ port: p.hostPort, protocol: p.protocol || 'TCP', ip: p.hostIP || '0.0.0.0' });
    }
  }
  return out;
}
