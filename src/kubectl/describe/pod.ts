import type { KubeObject } from '../../api/meta/v1.js';
import { podQOSClass } from '../../apiserver/defaults/qos-class.js';
import { isJsonObject } from '../../common/json.js';
import { translateTimestampSince } from '../printers/duration.js';
import { describeContainers } from './containers.js';
import { asPod, type Pod } from '../../api/core/v1/pod.js';
import { isPodPhaseTerminal } from '../../api/core/v1/pod-util.js';
import type { EnvVar } from '../../api/core/v1/container.js';
import { MIRROR_POD_ANNOTATION } from '../../api/core/v1/annotation-keys.js';
import { controllerText } from './controller-ref.js';
import type { Describer } from './describer.js';
import { describeEvents, eventQueryFor, searchEvents } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline, printTolerationsMultiline } from './multiline.js';
import { describeTopologySpreadConstraints } from './pod-template.js';
import { LEVEL_0, LEVEL_1, type PrefixWriter, tabbedString } from './prefix-writer.js';
import { rfc1123z } from './time-format.js';
import { describeVolumes } from './volumes.js';

/**
 * EnvValueRetriever: the value a fieldRef env var gets in this pod (the downward API fields
 * the kubelet resolves), '' for anything else.
 */
export function podFieldValue(pod: KubeObject, fieldPath: string): string {
  const v = asPod(pod);
  const m = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(fieldPath);
  if (m) return (m[1] === 'labels' ? pod.metadata.labels : pod.metadata.annotations)?.[m[2]!] ?? '';
  switch (fieldPath) {
    case 'metadata.name':
      return pod.metadata.name ?? '';
    case 'metadata.namespace':
      return pod.metadata.namespace ?? '';
    case 'metadata.uid':
      return pod.metadata.uid ?? '';
    case 'spec.nodeName':
      return v.spec?.nodeName ?? '';
    case 'spec.serviceAccountName':
      return v.spec?.serviceAccountName ?? '';
    case 'status.hostIP':
      return v.status?.hostIP ?? '';
    case 'status.podIP':
      return v.status?.podIP ?? '';
    default:
      return '';
  }
}

function describePodIPs(v: Pod, w: PrefixWriter): void {
  const ips = v.status?.podIPs ?? [];
  if (ips.length === 0) {
    w.write(LEVEL_0, 'IPs:\t<none>\n');
    return;
  }
  w.write(LEVEL_0, 'IPs:\n');
  for (const ip of ips) w.write(LEVEL_1, `IP:\t${ip.ip}\n`);
}

/** describePod as text. */
export function describePodText(pod: KubeObject, events: KubeObject[] | undefined, nowMs: number): string {
  const v = asPod(pod);
  const spec = v.spec ?? {};
  const status = v.status ?? {};
  const resolve = (e: EnvVar) => podFieldValue(pod, e.valueFrom?.fieldRef?.fieldPath ?? '');
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${pod.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${pod.metadata.namespace ?? ''}\n`);
    if (spec.priority !== undefined && spec.priority !== null) w.write(LEVEL_0, `Priority:\t${spec.priority}\n`);
    if (spec.priorityClassName) w.write(LEVEL_0, `Priority Class Name:\t${spec.priorityClassName}\n`);
    if (spec.runtimeClassName) w.write(LEVEL_0, `Runtime Class Name:\t${spec.runtimeClassName}\n`);
    if (spec.serviceAccountName) w.write(LEVEL_0, `Service Account:\t${spec.serviceAccountName}\n`);
    w.write(LEVEL_0, spec.nodeName ? `Node:\t${spec.nodeName}/${status.hostIP ?? ''}\n` : 'Node:\t<none>\n');
    if (status.startTime) w.write(LEVEL_0, `Start Time:\t${rfc1123z(status.startTime)}\n`);
    printLabelsMultiline(w, 'Labels', pod.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', pod.metadata.annotations);
    if (pod.metadata.deletionTimestamp && !isPodPhaseTerminal(status.phase)) {
      // time.Since(deletionTimestamp): the deadline is in the future during the grace period,
      // so this reads `<invalid>` until it has passed — upstream's wording, kept as is.
      w.write(LEVEL_0, `Status:\tTerminating (lasts ${translateTimestampSince(pod.metadata.deletionTimestamp, nowMs)})\n`);
      w.write(LEVEL_0, `Termination Grace Period:\t${pod.metadata.deletionGracePeriodSeconds ?? 0}s\n`);
    } else {
      w.write(LEVEL_0, `Status:\t${status.phase ?? ''}\n`);
    }
    if (status.reason) w.write(LEVEL_0, `Reason:\t${status.reason}\n`);
    if (status.message) w.write(LEVEL_0, `Message:\t${status.message}\n`);
    w.write(LEVEL_0, `IP:\t${status.podIP ?? ''}\n`);
    describePodIPs(v, w);
    const controlledBy = controllerText(pod);
    if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
    if (status.nominatedNodeName) w.write(LEVEL_0, `NominatedNodeName:\t${status.nominatedNodeName}\n`);
    if ((spec.initContainers ?? []).length > 0) {
      describeContainers('Init Containers', spec.initContainers ?? [], status.initContainerStatuses, resolve, w, '');
    }
    describeContainers('Containers', spec.containers ?? [], status.containerStatuses, resolve, w, '');
    const gates = spec.readinessGates ?? [];
    if (gates.length > 0) {
      w.write(LEVEL_0, 'Readiness Gates:\n  Type\tStatus\n');
      for (const g of gates) {
        const c = (status.conditions ?? []).find((x) => x.type === g.conditionType);
        w.write(LEVEL_1, `${g.conditionType} \t${c ? c.status ?? '' : '<none>'} \n`);
      }
    }
    if ((status.conditions ?? []).length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\n');
      // `%v \t%v \n`: every row ends in a space.
      for (const c of status.conditions ?? []) w.write(LEVEL_1, `${c.type ?? ''} \t${c.status ?? ''} \n`);
    }
    describeVolumes(spec.volumes, w, '');
    w.write(LEVEL_0, `QoS Class:\t${status.qosClass || podQOSClass(isJsonObject(pod['spec']) ? pod['spec'] : {})}\n`);
    printLabelsMultiline(w, 'Node-Selectors', spec.nodeSelector);
    printTolerationsMultiline(w, 'Tolerations', spec.tolerations);
    describeTopologySpreadConstraints(spec, w, '');
    if (events) describeEvents(events, w, nowMs);
  });
}

export const describePod: Describer = (pod, ctx) => {
  let events: KubeObject[] | undefined;
  if (ctx.showEvents) {
    // describe clears the reference's kind for pods; a mirror pod's events carry the static pod's uid.
    const q = eventQueryFor(pod, false);
    const mirror = pod.metadata.annotations?.[MIRROR_POD_ANNOTATION];
    if (mirror !== undefined) q.uid = mirror;
    events = searchEvents(ctx.api, q);
  }
  return describePodText(pod, events, ctx.nowMs);
};
