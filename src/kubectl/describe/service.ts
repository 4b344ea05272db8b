import type { KubeObject } from '../../api/meta/v1.js';
import { asNode, nodeAddress, NODE_ADDRESS } from '../../api/core/v1/node.js';
import { NODE_ROLE_CONTROL_PLANE_LABEL } from '../../api/core/v1/label-keys.js';
import { asService, type ServicePort } from '../../api/core/v1/service.js';
import { RESOURCES } from '../../apiserver/resources.js';
import { compareGoStrings } from '../../common/go-strings.js';
import { parseSelector, selectorMatches } from '../../labels/label-selector.js';
import type { Describer } from './describer.js';
import { describeEvents, eventQueryFor, searchEvents } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { LEVEL_0, tabbedString } from './prefix-writer.js';
import { serviceEndpointsText } from './service-endpoints.js';

const PODS = RESOURCES.find((r) => r.resource === 'pods')!;
const NODES = RESOURCES.find((r) => r.resource === 'nodes')!;

/** labels.FormatLabels: sorted `k=v` joined by `,`, `<none>` when empty. */
function formatLabels(m: Record<string, string> | undefined): string {
  const keys = Object.keys(m ?? {}).sort(compareGoStrings);
  return keys.length === 0 ? '<none>' : keys.map((k) => `${k}=${m?.[k] ?? ''}`).join(',');
}

/** describeService as text; `endpoints(port)` gives each port's `Endpoints:` value. */
export function describeServiceText(svc: KubeObject, endpoints: (p: ServicePort) => string, events: KubeObject[] | undefined, nowMs: number): string {
  const v = asService(svc);
  const spec = v.spec ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${svc.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${svc.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', svc.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', svc.metadata.annotations);
    w.write(LEVEL_0, `Selector:\t${formatLabels(spec.selector)}\n`);
    w.write(LEVEL_0, `Type:\t${spec.type ?? ''}\n`);
    if (spec.ipFamilyPolicy) w.write(LEVEL_0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
    w.write(LEVEL_0, `IP Families:\t${(spec.ipFamilies ?? []).length > 0 ? (spec.ipFamilies ?? []).join(',') : '<none>'}\n`);
    w.write(LEVEL_0, `IP:\t${spec.clusterIP ?? ''}\n`);
    w.write(LEVEL_0, `IPs:\t${(spec.clusterIPs ?? []).length > 0 ? (spec.clusterIPs ?? []).join(',') : '<none>'}\n`);
    if ((spec.externalIPs ?? []).length > 0) w.write(LEVEL_0, `External IPs:\t${(spec.externalIPs ?? []).join(',')}\n`);
    if (spec.loadBalancerIP) w.write(LEVEL_0, `Desired LoadBalancer IP:\t${spec.loadBalancerIP}\n`);
    if (spec.externalName) w.write(LEVEL_0, `External Name:\t${spec.externalName}\n`);
    const ingress = v.status?.loadBalancer?.ingress ?? [];
    if (ingress.length > 0) {
      const list = ingress.map((i) => (i.ip ? `${i.ip}${i.ipMode ? ` (${i.ipMode})` : ''}` : i.hostname ?? '')).join(', ');
      w.write(LEVEL_0, `LoadBalancer Ingress:\t${list}\n`);
    }
    for (const p of spec.ports ?? []) {
      const name = p.name || '<unset>';
      w.write(LEVEL_0, `Port:\t${name}\t${p.port ?? 0}/${p.protocol ?? ''}\n`);
      w.write(LEVEL_0, `TargetPort:\t${p.targetPort ?? 0}/${p.protocol ?? ''}\n`);
      if (p.nodePort) w.write(LEVEL_0, `NodePort:\t${name}\t${p.nodePort}/${p.protocol ?? ''}\n`);
      w.write(LEVEL_0, `Endpoints:\t${endpoints(p)}\n`);
    }
    w.write(LEVEL_0, `Session Affinity:\t${spec.sessionAffinity ?? ''}\n`);
    if (spec.externalTrafficPolicy) w.write(LEVEL_0, `External Traffic Policy:\t${spec.externalTrafficPolicy}\n`);
    if (spec.internalTrafficPolicy) w.write(LEVEL_0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
    if (spec.healthCheckNodePort) w.write(LEVEL_0, `HealthCheck NodePort:\t${spec.healthCheckNodePort}\n`);
    if ((spec.loadBalancerSourceRanges ?? []).length > 0) {
      w.write(LEVEL_0, `LoadBalancer Source Ranges:\t${(spec.loadBalancerSourceRanges ?? []).join(',')}\n`);
    }
    if (events) describeEvents(events, w, nowMs);
  });
}

/** The InternalIPs of control-plane nodes: where kube-apiserver says the `kubernetes` Service goes. */
function apiserverAddresses(nodes: KubeObject[]): string[] {
  return nodes
    .filter((n) => n.metadata.labels?.[NODE_ROLE_CONTROL_PLANE_LABEL] !== undefined)
    .flatMap((n) => {
      const internal = nodeAddress(asNode(n), NODE_ADDRESS.InternalIP);
      return internal ? [internal] : [];
    });
}

export const describeService: Describer = (svc, ctx) => {
  const v = asService(svc);
  const selector = v.spec?.selector ?? {};
  const hasSelector = Object.keys(selector).length > 0;
  const sel = parseSelector(formatLabels(selector) === '<none>' ? '' : formatLabels(selector));
  const pods = hasSelector ? ctx.api.list(PODS, svc.metadata.namespace, (p) => selectorMatches(sel, p.metadata.labels)) : [];
  const isApiserver = svc.metadata.namespace === 'default' && svc.metadata.name === 'kubernetes' && !hasSelector;
  const addrs = isApiserver ? apiserverAddresses(ctx.api.list(NODES, undefined)) : undefined;
  const events = ctx.showEvents ? searchEvents(ctx.api, eventQueryFor(svc)) : undefined;
  return describeServiceText(svc, (p) => serviceEndpointsText(p, hasSelector, pods, addrs), events, ctx.nowMs);
};
