import type { KubeObject } from '../../api/meta/v1.js';
import { RESOURCES } from '../../apiserver/resources.js';
import { StatusError } from '../../apiserver/errors.js';
import { formatQuantity, parseQuantity, type Quantity } from '../../apiserver/validation/quantity.js';
import { compareGoStrings } from '../../common/go-strings.js';
import { translateTimestampSince } from '../printers/duration.js';
import type { Describer } from './describer.js';
import { describeEvents, searchEvents } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline, printTaintsMultiline } from './multiline.js';
import { asNode, type Node } from '../../api/core/v1/node.js';
import type { ResourceList } from '../../api/core/v1/container.js';
import { asPod } from '../../api/core/v1/pod.js';
import { asLease } from '../../api/coordination/v1/lease.js';
import { isPodTerminal } from '../../api/core/v1/pod-util.js';
import { nodeRoles } from '../printers/table/node.js';
import { milliValue, percent, podRequestsAndLimits, sumTotals, wholeValue, type ResourceTotals } from './pod-resources.js';
import { LEVEL_0, LEVEL_1, type PrefixWriter, tabbedString } from './prefix-writer.js';
import { quantityText } from './quantity-text.js';
import { rfc1123z } from './time-format.js';

const PODS = RESOURCES.find((r) => r.resource === 'pods')!;
const LEASES = RESOURCES.find((r) => r.resource === 'leases')!;

/** The node's lease (kube-node-lease/<node>), or the error text kubectl shows instead. */
export type NodeLease = { holderIdentity?: string; acquireTime?: string; renewTime?: string } | { error: string };

/** Standard container resources (helper.IsStandardContainerResourceName), hugepages aside. */
const STANDARD = new Set(['cpu', 'memory', 'ephemeral-storage']);

function qText(q: Quantity | undefined): string {
  return q ? formatQuantity(q) : '0';
}

function parsedList(list: ResourceList | undefined): ResourceTotals {
  const out: ResourceTotals = new Map();
  for (const [k, v] of Object.entries(list ?? {})) {
    const q = parseQuantity(v);
    if (q) out.set(k, q);
  }
  return out;
}

/**
 * describeNodeResource: the non-terminated pods with their cpu/memory requests and limits as a
 * share of allocatable, then the totals (cpu, memory, ephemeral-storage, hugepages-*, then
 * extended resources without percentages).
 */
function describeNodeResource(pods: KubeObject[], node: Node, w: PrefixWriter, nowMs: number): void {
  w.write(LEVEL_0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(LEVEL_1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(LEVEL_1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const allocatable = parsedList(
    Object.keys(node.status?.allocatable ?? {}).length > 0 ? node.status?.allocatable : node.status?.capacity,
  );
  const cpuAlloc = milliValue(allocatable.get('cpu'));
  const memAlloc = wholeValue(allocatable.get('memory'));
  const perPod = pods.map((p) => podRequestsAndLimits(asPod(p)));
  pods.forEach((p, i) => {
    const { requests, limits } = perPod[i]!;
    const cpuReq = requests.get('cpu');
    const cpuLim = limits.get('cpu');
    const memReq = requests.get('memory');
    const memLim = limits.get('memory');
    w.write(
      LEVEL_1,
      `${p.metadata.namespace ?? ''}\t${p.metadata.name ?? ''}\t\t${qText(cpuReq)} (${percent(milliValue(cpuReq), cpuAlloc)}%)\t${qText(cpuLim)} (${percent(
        milliValue(cpuLim),
        cpuAlloc,
      )}%)\t${qText(memReq)} (${percent(wholeValue(memReq), memAlloc)}%)\t${qText(memLim)} (${percent(wholeValue(memLim), memAlloc)}%)\t${translateTimestampSince(
        p.metadata.creationTimestamp,
        nowMs,
      )}\n`,
    );
  });
  w.write(LEVEL_0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(LEVEL_1, 'Resource\tRequests\tLimits\n');
  w.write(LEVEL_1, '--------\t--------\t------\n');
  const reqs = sumTotals(perPod.map((x) => x.requests));
  const limits = sumTotals(perPod.map((x) => x.limits));
  const row = (name: string, value: (q: Quantity | undefined) => bigint) => {
    const whole = value(allocatable.get(name));
    const r = reqs.get(name);
    const l = limits.get(name);
    w.write(LEVEL_1, `${name}\t${qText(r)} (${percent(value(r), whole)}%)\t${qText(l)} (${percent(value(l), whole)}%)\n`);
  };
  row('cpu', milliValue);
  row('memory', wholeValue);
  row('ephemeral-storage', wholeValue);
  const names = [...allocatable.keys()];
  for (const name of names.filter((n) => n.startsWith('hugepages-')).sort(compareGoStrings)) row(name, wholeValue);
  const extended = names.filter((n) => !n.startsWith('hugepages-') && !STANDARD.has(n) && n !== 'pods');
  for (const name of extended.sort(compareGoStrings)) w.write(LEVEL_1, `${name}\t${qText(reqs.get(name))}\t${qText(limits.get(name))}\n`);
}

/** describeNode as text, given its lease, its non-terminated pods and its events. */
export function describeNodeText(node: KubeObject, lease: NodeLease, pods: KubeObject[], events: KubeObject[] | undefined, nowMs: number): string {
  const v = asNode(node);
  const spec = v.spec ?? {};
  const status = v.status ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${node.metadata.name ?? ''}\n`);
    const roles = nodeRoles(node.metadata.labels);
    w.write(LEVEL_0, `Roles:\t${roles.length > 0 ? roles.join(',') : '<none>'}\n`);
    printLabelsMultiline(w, 'Labels', node.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', node.metadata.annotations);
    w.write(LEVEL_0, `CreationTimestamp:\t${rfc1123z(node.metadata.creationTimestamp)}\n`);
    printTaintsMultiline(w, 'Taints', spec.taints);
    w.write(LEVEL_0, `Unschedulable:\t${spec.unschedulable === true}\n`);
    if ('error' in lease) {
      w.write(LEVEL_0, `Lease:\tFailed to get lease: ${lease.error}\n`);
    } else {
      w.write(LEVEL_0, 'Lease:\n');
      w.write(LEVEL_1, `HolderIdentity:\t${lease.holderIdentity ?? '<unset>'}\n`);
      w.write(LEVEL_1, `AcquireTime:\t${lease.acquireTime ? rfc1123z(lease.acquireTime) : '<unset>'}\n`);
      w.write(LEVEL_1, `RenewTime:\t${lease.renewTime ? rfc1123z(lease.renewTime) : '<unset>'}\n`);
    }
    const conditions = status.conditions ?? [];
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
      for (const c of conditions) {
        w.write(
          LEVEL_1,
          `${c.type ?? ''} \t${c.status ?? ''} \t${rfc1123z(c.lastHeartbeatTime)} \t${rfc1123z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`,
        );
      }
    }
    w.write(LEVEL_0, 'Addresses:\n');
    for (const a of status.addresses ?? []) w.write(LEVEL_1, `${a.type ?? ''}:\t${a.address ?? ''}\n`);
    for (const [title, list] of [
      ['Capacity', status.capacity],
      ['Allocatable', status.allocatable],
    ] as const) {
      const names = Object.keys(list ?? {}).sort(compareGoStrings);
      if (names.length === 0) continue;
      w.write(LEVEL_0, `${title}:\n`);
      for (const n of names) w.write(LEVEL_0, `  ${n}:\t${quantityText(list?.[n])}\n`);
    }
    const info = status.nodeInfo ?? {};
    w.write(LEVEL_0, 'System Info:\n');
    for (const [label, key] of [
      ['Machine ID', 'machineID'],
      ['System UUID', 'systemUUID'],
      ['Boot ID', 'bootID'],
      ['Kernel Version', 'kernelVersion'],
      ['OS Image', 'osImage'],
      ['Operating System', 'operatingSystem'],
      ['Architecture', 'architecture'],
      ['Container Runtime Version', 'containerRuntimeVersion'],
      ['Kubelet Version', 'kubeletVersion'],
      ['Kube-Proxy Version', 'kubeProxyVersion'],
    ] as const) {
      w.write(LEVEL_0, `  ${label}:\t${info[key] ?? ''}\n`);
    }
    if (spec.podCIDR) w.write(LEVEL_0, `PodCIDR:\t${spec.podCIDR}\n`);
    if ((spec.podCIDRs ?? []).length > 0) w.write(LEVEL_0, `PodCIDRs:\t${(spec.podCIDRs ?? []).join(',')}\n`);
    if (spec.providerID) w.write(LEVEL_0, `ProviderID:\t${spec.providerID}\n`);
    describeNodeResource(pods, v, w, nowMs);
    if (events) describeEvents(events, w, nowMs);
  });
}

export const describeNode: Describer = (node, ctx) => {
  const name = node.metadata.name ?? '';
  let lease: NodeLease;
  try {
    const l = ctx.api.get(LEASES, 'kube-node-lease', name);
    lease = { ...asLease(l).spec };
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    lease = { error: e.message };
  }
  const pods = ctx.api.list(PODS, undefined, (p) => {
    return asPod(p).spec?.nodeName === name && !isPodTerminal(p);
  });
  // Controllers report node events by uid, the kubelet by name: kubectl asks for both.
  const events = ctx.showEvents
    ? [
        ...searchEvents(ctx.api, { name, namespace: '', kind: 'Node', uid: node.metadata.uid ?? '' }),
        ...searchEvents(ctx.api, { name, namespace: '', kind: 'Node', uid: name }),
      ]
    : undefined;
  return describeNodeText(node, lease, pods, events, ctx.nowMs);
};
