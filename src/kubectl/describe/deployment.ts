import type { PodTemplateSpec } from '../../api/core/v1/pod.js';
import { type KubeObject, objectJson } from '../../api/meta/v1.js';
import { POD_TEMPLATE_HASH_LABEL } from '../../api/apps/v1/annotations.js';
import { type Deployment, asDeployment } from '../../api/apps/v1/deployment.js';
import { type ReplicaSet, asReplicaSet } from '../../api/apps/v1/replica-set.js';
import { RESOURCES } from '../../apiserver/resources.js';
import { jsonEqual, type JsonObject } from '../../common/json.js';
import type { DescribeContext, Describer } from './describer.js';
import { describeEvents, eventQueryFor, searchEvents } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { describePodTemplate } from './pod-template.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './prefix-writer.js';
import { rfc1123z } from './time-format.js';
import { controllerOf } from '../../api/meta/controller-of.js';
import { labelSelectorAsSelector, selectorMatches, selectorString } from '../../labels/label-selector.js';

const REPLICASETS = RESOURCES.find((r) => r.resource === 'replicasets')!;

/** The ReplicaSets shown under a Deployment: the one matching its template, and the others. */
export interface DeploymentReplicaSets {
  old: ReplicaSet[];
  new?: ReplicaSet;
}

/** intstr String(): `25%` or `1`; an unset value prints as `0` (the zero IntOrString). */
function intstr(v: number | string | undefined): string {
  return v === undefined ? '0' : String(v);
}

/** printReplicaSetsByLabels: `name (status/spec replicas created)`, joined by `, `, or `<none>`. */
export function replicaSetsText(list: ReplicaSet[]): string {
  const parts = list.map((rs) => `${rs.metadata.name ?? ''} (${rs.status?.replicas ?? 0}/${rs.spec?.replicas ?? 0} replicas created)`);
  return parts.length === 0 ? '<none>' : parts.join(', ');
}

/** describeDeployment as text, given the ReplicaSets and events already gathered. */
export function describeDeploymentText(
  d: Deployment,
  rss: DeploymentReplicaSets,
  events: KubeObject[] | undefined,
  nowMs: number,
): string {
  const spec = d.spec ?? {};
  const status = d.status ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${d.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${d.metadata.namespace ?? ''}\n`);
    w.write(LEVEL_0, `CreationTimestamp:\t${rfc1123z(d.metadata.creationTimestamp)}\n`);
    printLabelsMultiline(w, 'Labels', d.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', d.metadata.annotations);
    w.write(LEVEL_0, `Selector:\t${selectorString(labelSelectorAsSelector(spec.selector))}\n`);
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
function withoutHash(t: PodTemplateSpec | undefined): JsonObject {
  const copy = structuredClone(objectJson(t ?? {}));
  const labels = copy.metadata?.labels;
  if (labels) delete labels[POD_TEMPLATE_HASH_LABEL];
  return copy;
}

/**
 * deploymentutil.GetAllReplicaSets: the ReplicaSets matching the Deployment's selector that it
 * controls; the new one is the oldest whose template equals the Deployment's (ignoring the
 * pod-template-hash label), every other one is old (zero-replica ones included), in list order.
 */
export function deploymentReplicaSets(d: Deployment, all: ReplicaSet[]): DeploymentReplicaSets {
  const owned = all.filter((rs) => controllerOf(rs)?.uid === d.metadata.uid);
  const target = withoutHash(d.spec?.template);
  const byAge = [...owned].sort((a, b) => {
    const ta = Date.parse(a.metadata.creationTimestamp ?? '') || 0;
    const tb = Date.parse(b.metadata.creationTimestamp ?? '') || 0;
    return ta !== tb ? ta - tb : (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
  });
  const newRs = byAge.find((rs) => jsonEqual(withoutHash(rs.spec?.template), target));
  const out: DeploymentReplicaSets = { old: owned.filter((rs) => rs !== newRs) };
  if (newRs) out.new = newRs;
  return out;
}

export const describeDeployment: Describer = (obj, ctx: DescribeContext) => {
  const d = asDeployment(obj);
  const events = ctx.showEvents ? searchEvents(ctx.api, eventQueryFor(d)) : undefined;
  const sel = labelSelectorAsSelector(d.spec?.selector);
  const all = ctx.api.list(REPLICASETS, d.metadata.namespace, (rs) => selectorMatches(sel, rs.metadata.labels)).map(asReplicaSet);
  const rss = deploymentReplicaSets(d, all);
  return describeDeploymentText(d, rss, events, ctx.nowMs);
};
