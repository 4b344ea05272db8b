import type { KubeObject } from '../../api/meta/v1.js';
import { RESOURCES } from '../../apiserver/resources.js';
import { cloneJson, jsonEqual, type JsonObject } from '../../common/json.js';
import type { DescribeContext, Describer } from './describer.js';
import { describeEvents, eventQueryFor, searchEvents } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { describePodTemplate, type PodTemplate } from './pod-template.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './prefix-writer.js';
import { rfc1123z } from './time-format.js';
import { controllerOf } from './controller-ref.js';
import { labelSelectorAsSelector, selectorMatches, selectorString, type LabelSelector } from '../../labels/label-selector.js';

const REPLICASETS = RESOURCES.find((r) => r.resource === 'replicasets')!;

interface Condition {
  type?: string;
  status?: string;
  reason?: string;
}

interface DeploymentView {
  spec?: {
    replicas?: number;
    selector?: LabelSelector;
    minReadySeconds?: number;
    strategy?: { type?: string; rollingUpdate?: { maxUnavailable?: number | string; maxSurge?: number | string } };
    template?: PodTemplate;
  };
  status?: {
    updatedReplicas?: number;
    replicas?: number;
    availableReplicas?: number;
    unavailableReplicas?: number;
    conditions?: Condition[];
  };
}

interface ReplicaSetView {
  spec?: { replicas?: number; template?: PodTemplate };
  status?: { replicas?: number };
}

/** The ReplicaSets shown under a Deployment: the one matching its template, and the others. */
export interface DeploymentReplicaSets {
  old: KubeObject[];
  new?: KubeObject;
}

/** intstr String(): `25%` or `1`; an unset value prints as `0` (the zero IntOrString). */
function intstr(v: number | string | undefined): string {
  return v === undefined ? '0' : String(v);
}

/** printReplicaSetsByLabels: `name (status/spec replicas created)`, joined by `, `, or `<none>`. */
export function replicaSetsText(list: KubeObject[]): string {
  const parts = list.map((rs) => {
    const v = rs as unknown as ReplicaSetView;
    return `${rs.metadata.name ?? ''} (${v.status?.replicas ?? 0}/${v.spec?.replicas ?? 0} replicas created)`;
  });
  return parts.length === 0 ? '<none>' : parts.join(', ');
}

/** describeDeployment as text, given the ReplicaSets and events already gathered. */
export function describeDeploymentText(
  d: KubeObject,
  rss: DeploymentReplicaSets,
  events: KubeObject[] | undefined,
  nowMs: number,
): string {
  const v = d as unknown as DeploymentView;
  const spec = v.spec ?? {};
  const status = v.status ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${d.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${d.metadata.namespace ?? ''}\n`);
    w.write(LEVEL_0, `CreationTimestamp:\t${rfc1123z(d.metadata.creationTimestamp)}\n`);
    printLabelsMultiline(w, 'Labels', d.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', d.metadata.annotations);
    w.write(LEVEL_0, `Selector:\t${selectorString(labelSelectorAsSelector(spec.selector as unknown as LabelSelector))}\n`);
    w.write(
      LEVEL_0,
      `Replicas:\t${spec.replicas ?? 0} desired | ${status.updatedReplicas ?? 0} updated | ${status.replicas ?? 0} total | ${
        status.availableReplicas ?? 0
      } available | ${status.unavailableReplicas ?? 0} unavailable\n`,
    );
    w.write(LEVEL_0, `StrategyType:\t${spec.strategy?.type ?? ''}\n`);
    w.write(LEVEL_0, `MinReadySeconds:\t${spec.minReadySeconds ?? 0}\n`);
    const ru = spec.strategy?.rollingUpdate;
    if (ru) w.write(LEVEL_0, `RollingUpdateStrategy:\t${intstr(ru.maxUnavailable)} max unavailable, ${intstr(ru.maxSurge)} max surge\n`);
    describePodTemplate(spec.template ?? {}, w);
    const conditions = status.conditions ?? [];
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
      w.write(LEVEL_1, '----\t------\t------\n');
      // The space before the first tab is upstream's `%v \t%v\t%v`.
      for (const c of conditions) w.write(LEVEL_1, `${c.type ?? ''} \t${c.status ?? ''}\t${c.reason ?? ''}\n`);
    }
    if (rss.old.length > 0 || rss.new) {
      w.write(LEVEL_0, `OldReplicaSets:\t${replicaSetsText(rss.old)}\n`);
      w.write(LEVEL_0, `NewReplicaSet:\t${replicaSetsText(rss.new ? [rss.new] : [])}\n`);
    }
    if (events) describeEvents(events, w, nowMs);
  });
}

/** A pod template without the pod-template-hash label, for deploymentutil.EqualIgnoreHash. */
function withoutHash(t: PodTemplate | undefined): JsonObject {
  const copy = cloneJson((t ?? {}) as unknown as JsonObject);
  const labels = (copy['metadata'] as JsonObject | undefined)?.['labels'] as JsonObject | undefined;
  if (labels) delete labels['pod-template-hash'];
  return copy;
}

/**
 * deploymentutil.GetAllReplicaSets: the ReplicaSets matching the Deployment's selector that it
 * controls; the new one is the oldest whose template equals the Deployment's (ignoring the
 * pod-template-hash label), every other one is old (zero-replica ones included), in list order.
 */
export function deploymentReplicaSets(d: KubeObject, all: KubeObject[]): DeploymentReplicaSets {
  const v = d as unknown as DeploymentView;
  const owned = all.filter((rs) => controllerOf(rs)?.uid === d.metadata.uid);
  const target = withoutHash(v.spec?.template);
  const byAge = [...owned].sort((a, b) => {
    const ta = Date.parse(a.metadata.creationTimestamp ?? '') || 0;
    const tb = Date.parse(b.metadata.creationTimestamp ?? '') || 0;
    return ta !== tb ? ta - tb : (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
  });
  const newRs = byAge.find((rs) => jsonEqual(withoutHash((rs as unknown as ReplicaSetView).spec?.template), target));
  const out: DeploymentReplicaSets = { old: owned.filter((rs) => rs !== newRs) };
  if (newRs) out.new = newRs;
  return out;
}

export const describeDeployment: Describer = (d, ctx: DescribeContext) => {
  const v = d as unknown as DeploymentView;
  const events = ctx.showEvents ? searchEvents(ctx.api, eventQueryFor(d)) : undefined;
  const sel = labelSelectorAsSelector(v.spec?.selector);
  const rss = deploymentReplicaSets(d, ctx.api.list(REPLICASETS, d.metadata.namespace, (rs) => selectorMatches(sel, rs.metadata.labels)));
  return describeDeploymentText(d, rss, events, ctx.nowMs);
};
