import type { KubeObject } from '../../api/meta/v1.js';
import { type ReplicaSet, asReplicaSet } from '../../api/apps/v1/replica-set.js';
import { RESOURCES } from '../../apiserver/resources.js';
import { formatLabelSelector, labelSelectorAsSelector, selectorMatches } from '../../labels/label-selector.js';
import { controllerText } from './controller-ref.js';
import type { Describer } from './describer.js';
import { describeEvents, eventQueryFor, searchEvents } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { podPhaseCounts, podPhaseCountsText, type PodPhaseCounts } from './pod-phase-counts.js';
import { describePodTemplate } from './pod-template.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './prefix-writer.js';

const PODS = RESOURCES.find((r) => r.resource === 'pods')!;

/** describeReplicaSet as text. Note: no CreationTimestamp line, and Selector comes before Labels. */
export function describeReplicaSetText(rs: ReplicaSet, pods: PodPhaseCounts, events: KubeObject[] | undefined, nowMs: number): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${rs.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${rs.metadata.namespace ?? ''}\n`);
    w.write(LEVEL_0, `Selector:\t${formatLabelSelector(rs.spec?.selector)}\n`);
    printLabelsMultiline(w, 'Labels', rs.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', rs.metadata.annotations);
    const controlledBy = controllerText(rs);
    if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
    w.write(LEVEL_0, `Replicas:\t${rs.status?.replicas ?? 0} current / ${rs.spec?.replicas ?? 0} desired\n`);
    w.write(LEVEL_0, 'Pods Status:\t');
    w.write(LEVEL_0, `${podPhaseCountsText(pods)}\n`);
    describePodTemplate(rs.spec?.template ?? {}, w);
    const conditions = rs.status?.conditions ?? [];
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
      w.write(LEVEL_1, '----\t------\t------\n');
      for (const c of conditions) w.write(LEVEL_1, `${c.type ?? ''} \t${c.status ?? ''}\t${c.reason ?? ''}\n`);
    }
    if (events) describeEvents(events, w, nowMs);
  });
}

export const describeReplicaSet: Describer = (obj, ctx) => {
  const rs = asReplicaSet(obj);
  const sel = labelSelectorAsSelector(rs.spec?.selector);
  const pods = ctx.api.list(PODS, rs.metadata.namespace, (p) => selectorMatches(sel, p.metadata.labels));
  const events = ctx.showEvents ? searchEvents(ctx.api, eventQueryFor(rs)) : undefined;
  return describeReplicaSetText(rs, podPhaseCounts(pods, rs.metadata.uid), events, ctx.nowMs);
};
