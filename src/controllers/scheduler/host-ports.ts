import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';

/** A host port a pod's container asks for (protocol TCP and address 0.0.0.0 when left out). */
export type HostPort = { port: number; protocol: string; ip: string };

/**
 * The pod's host ports. Read anew each time: a pod without any (most) costs a look at its
 * containers' ports, less than remembering the answer per pod object did (every bound pod is asked).
 */
export function hostPorts(pod: KubeObject): readonly HostPort[] {
  return readHostPorts(pod);
}

/** Most pods ask for none: one shared empty list. */
const NONE: readonly HostPort[] = Object.freeze([]);

function readHostPorts(pod: KubeObject): readonly HostPort[] {
  const spec = asPod(pod).spec ?? {};
  let out: HostPort[] | undefined;
  // Init containers first, then containers (no list of both made: every bound pod is asked).
  for (const list of [spec.initContainers, spec.containers]) {
    for (const c of list ?? []) {
      for (const p of c.ports ?? []) {
        if (p.hostPort && p.hostPort > 0) (out ??= []).push({ port: p.hostPort, protocol: p.protocol || 'TCP', ip: p.hostIP || '0.0.0.0' });
      }
    }
  }
  return out ?? NONE;
}
