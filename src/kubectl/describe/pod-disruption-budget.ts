import type { KubeObject } from '../../api/meta/v1.js';
import { asPodDisruptionBudget } from '../../api/policy/v1/pod-disruption-budget.js';
import { formatLabelSelector } from '../../labels/metav1-label-selector.js';
import type { Describer } from './describer.js';
import { describeEvents, eventQueryFor, searchEvents } from './events.js';
import { LEVEL_0, LEVEL_2, tabbedString } from './prefix-writer.js';

/**
 * describePodDisruptionBudgetV1 (describe.go): name and namespace, the one of Min available / Max
 * unavailable that is set (IntOrString.String(): `2`, `50%`), the selector (`<unset>` when nil),
 * the status counts, then the events. No labels or annotations, as upstream.
 */
export function describePodDisruptionBudgetText(obj: KubeObject, events: KubeObject[] | undefined, nowMs: number): string {
  const pdb = asPodDisruptionBudget(obj);
  const spec = pdb.spec ?? {};
  const status = pdb.status;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${pdb.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${pdb.metadata.namespace ?? ''}\n`);
    if (spec.minAvailable !== undefined && spec.minAvailable !== null) w.write(LEVEL_0, `Min available:\t${String(spec.minAvailable)}\n`);
    else if (spec.maxUnavailable !== undefined && spec.maxUnavailable !== null) w.write(LEVEL_0, `Max unavailable:\t${String(spec.maxUnavailable)}\n`);
    if (spec.selector) w.write(LEVEL_0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
    else w.write(LEVEL_0, 'Selector:\t<unset>\n');
    w.write(LEVEL_0, 'Status:\n');
    w.write(LEVEL_2, `Allowed disruptions:\t${status?.disruptionsAllowed ?? 0}\n`);
    w.write(LEVEL_2, `Current:\t${status?.currentHealthy ?? 0}\n`);
    w.write(LEVEL_2, `Desired:\t${status?.desiredHealthy ?? 0}\n`);
    w.write(LEVEL_2, `Total:\t${status?.expectedPods ?? 0}\n`);
    if (events) describeEvents(events, w, nowMs);
  });
}

export const describePodDisruptionBudget: Describer = (pdb, ctx) =>
  describePodDisruptionBudgetText(pdb, ctx.showEvents ? searchEvents(ctx.api, eventQueryFor(pdb)) : undefined, ctx.nowMs);
