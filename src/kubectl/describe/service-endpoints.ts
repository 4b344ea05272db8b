import type { KubeObject } from '../../api/meta/v1.js';
import type { ServicePort } from '../../api/core/v1/service.js';
import { asPod } from '../../api/core/v1/pod.js';
import { isPodReady } from '../../api/core/v1/pod-util.js';

/** describe.go formatEndpointSlices: shows at most three endpoints. */
const MAX_SHOWN = 3;

/**
 * kubemu has no EndpointSlice controller, so the `Endpoints:` value is computed the way that
 * controller would fill the slices, then formatted like formatEndpointSlices:
 *
 * - a Service without a selector has no slices → `<none>` (the `kubernetes` Service is the
 *   exception: kube-apiserver publishes the control-plane addresses, `10.0.0.10:6443`);
 * - otherwise the ready pods (Ready=True, an IP, not being deleted) matched by the selector,
 *   each as `ip:port` with the target port resolved by number or by the container port's name;
 *   a selector with no ready pods gives an empty value;
 * - past three: `a,b,c + 2 more...`.
 */
export function serviceEndpointsText(
  port: ServicePort,
  hasSelector: boolean,
  pods: readonly KubeObject[],
  apiserverAddresses: readonly string[] | undefined,
): string {
  if (!hasSelector && !apiserverAddresses) return '<none>';
  const endpoints: string[] = [];
  if (apiserverAddresses) {
    for (const ip of apiserverAddresses) endpoints.push(`${ip}:${port.targetPort ?? port.port ?? 0}`);
  } else {
    for (const obj of pods) {
      const p = asPod(obj);
      const ready = isPodReady(p);
      if (!ready || !p.status?.podIP || p.metadata.deletionTimestamp) continue;
      const target = port.targetPort ?? port.port ?? 0;
      let number: number | undefined = typeof target === 'number' ? target : undefined;
      if (typeof target === 'string') {
        const named = (p.spec?.containers ?? []).flatMap((c) => c.ports ?? []).find((cp) => cp.name === target);
        number = named?.containerPort ?? (/^\d+$/.test(target) ? Number(target) : undefined);
      }
      if (number === undefined) continue;
      endpoints.push(p.status.podIP.includes(':') ? `[${p.status.podIP}]:${number}` : `${p.status.podIP}:${number}`);
    }
  }
  const shown = endpoints.slice(0, MAX_SHOWN).join(',');
  return endpoints.length > MAX_SHOWN ? `${shown} + ${endpoints.length - MAX_SHOWN} more...` : shown;
}
