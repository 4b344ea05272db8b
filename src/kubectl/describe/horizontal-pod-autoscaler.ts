import type { KubeObject } from '../../api/meta/v1.js';
import { asHorizontalPodAutoscaler, type HPAScalingRules, type MetricStatus } from '../../api/autoscaling/v2/horizontal-pod-autoscaler.js';
import { hpaInV2 } from '../../api/autoscaling/v1/conversion.js';
import { quantityText } from '../../api/autoscaling/v2/metrics-text.js';
import { goQuote } from '../../common/go-strings.js';
import type { Describer } from './describer.js';
import { describeEvents, eventQueryFor, searchEvents } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, tabbedString, type PrefixWriter } from './prefix-writer.js';
import { rfc1123z } from './time-format.js';

/** printDirectionBehavior. */
function printDirectionBehavior(w: PrefixWriter, direction: string, rules: HPAScalingRules | undefined): void {
  if (!rules) return;
  w.write(LEVEL_1, `${direction}:\n`);
  if (rules.stabilizationWindowSeconds !== undefined) w.write(LEVEL_2, `Stabilization Window: ${rules.stabilizationWindowSeconds} seconds\n`);
  if (rules.policies?.length) {
    w.write(LEVEL_2, `Select Policy: ${rules.selectPolicy ?? 'Max'}\n`);
    w.write(LEVEL_2, 'Policies:\n');
    for (const p of rules.policies) w.write(LEVEL_3, `- Type: ${p.type}\tValue: ${p.value}\tPeriod: ${p.periodSeconds} seconds\n`);
  }
}

/**
 * describeHorizontalPodAutoscalerV2 (describe.go): kubectl reads autoscaling/v2 first, which
 * kubemu always serves, so the V1 describer is never reached. Each spec metric is shown with the
 * status metric at its index, `<unknown>` when there is none: `resource cpu on pods  (as a
 * percentage of request):  45% (45m) / 75%`; then min/max, the behavior when set, `<Kind> pods:
 * N current / M desired`, the conditions, the events.
 */
export function describeHorizontalPodAutoscalerText(obj: KubeObject, events: KubeObject[] | undefined, nowMs: number): string {
  const hpa = asHorizontalPodAutoscaler(hpaInV2(obj));
  const spec = hpa.spec;
  const status = hpa.status;
  const current: readonly MetricStatus[] = status?.currentMetrics ?? [];
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${hpa.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${hpa.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', hpa.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', hpa.metadata.annotations);
    w.write(LEVEL_0, `CreationTimestamp:\t${rfc1123z(hpa.metadata.creationTimestamp)}\n`);
    w.write(LEVEL_0, `Reference:\t${spec.scaleTargetRef?.kind ?? ''}/${spec.scaleTargetRef?.name ?? ''}\n`);
    w.write(LEVEL_0, 'Metrics:\t( current / target )\n');
    (spec.metrics ?? []).forEach((m, i) => {
      const st = current[i];
      switch (m.type) {
        case 'External': {
          const t = m.external?.target;
          const name = goQuote(m.external?.metric.name ?? '');
          if (t?.averageValue !== undefined) {
            const cur = st?.external?.current.averageValue ?? '<unknown>';
            w.write(LEVEL_1, `${name} (target average value):\t${cur} / ${t.averageValue}\n`);
          } else {
            const cur = st?.external ? quantityText(st.external.current.value) : '<unknown>';
            w.write(LEVEL_1, `${name} (target value):\t${cur} / ${quantityText(t?.value)}\n`);
          }
          break;
        }
        case 'Pods': {
          const cur = st?.pods ? quantityText(st.pods.current.averageValue) : '<unknown>';
          w.write(LEVEL_1, `${goQuote(m.pods?.metric.name ?? '')} on pods:\t${cur} / ${quantityText(m.pods?.target.averageValue)}\n`);
          break;
        }
        case 'Object': {
          const o = m.object;
          w.write(LEVEL_1, `"${o?.metric.name ?? ''}" on ${o?.describedObject.kind ?? ''}/${o?.describedObject.name ?? ''} `);
          if (o?.target.type === 'AverageValue') {
            const cur = st?.object ? quantityText(st.object.current.averageValue) : '<unknown>';
            w.write(LEVEL_0, `(target average value):\t${cur} / ${quantityText(o.target.averageValue)}\n`);
          } else {
            const cur = st?.object ? quantityText(st.object.current.value) : '<unknown>';
            w.write(LEVEL_0, `(target value):\t${cur} / ${quantityText(o?.target.value)}\n`);
          }
          break;
        }
        case 'Resource':
        case 'ContainerResource': {
          const src = m.type === 'Resource' ? m.resource : m.containerResource;
          const s = m.type === 'Resource' ? st?.resource : st?.containerResource;
          if (m.type === 'Resource') w.write(LEVEL_1, `resource ${src?.name ?? ''} on pods`);
          else w.write(LEVEL_1, `resource ${src?.name ?? ''} of container "${m.containerResource?.container ?? ''}" on pods`);
          if (src?.target.averageValue !== undefined) {
            w.write(LEVEL_0, `:\t${s ? quantityText(s.current.averageValue) : '<unknown>'} / ${src.target.averageValue}\n`);
          } else {
            const cur = s?.current.averageUtilization !== undefined ? `${s.current.averageUtilization}% (${quantityText(s.current.averageValue)})` : '<unknown>';
            const target = src?.target.averageUtilization !== undefined ? `${src.target.averageUtilization}%` : '<auto>';
            w.write(LEVEL_1, `(as a percentage of request):\t${cur} / ${target}\n`);
          }
          break;
        }
        default:
          w.write(LEVEL_1, `<unknown metric type ${goQuote(m.type)}>\n`);
      }
    });
    w.write(LEVEL_0, `Min replicas:\t${spec.minReplicas === undefined ? '<unset>' : spec.minReplicas}\n`);
    w.write(LEVEL_0, `Max replicas:\t${spec.maxReplicas ?? 0}\n`);
    if (spec.behavior) {
      w.write(LEVEL_0, 'Behavior:\n');
      printDirectionBehavior(w, 'Scale Up', spec.behavior.scaleUp);
      printDirectionBehavior(w, 'Scale Down', spec.behavior.scaleDown);
    }
    w.write(LEVEL_0, `${spec.scaleTargetRef?.kind ?? ''} pods:\t`);
    w.write(LEVEL_0, `${status?.currentReplicas ?? 0} current / ${status?.desiredReplicas ?? 0} desired\n`);
    const conditions = status?.conditions ?? [];
    if (conditions.length) {
      w.write(LEVEL_0, 'Conditions:\n');
      w.write(LEVEL_1, 'Type\tStatus\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t------\t-------\n');
      for (const c of conditions) w.write(LEVEL_1, `${c.type}\t${c.status}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
    }
    if (events) describeEvents(events, w, nowMs);
  });
}

export const describeHorizontalPodAutoscaler: Describer = (hpa, ctx) =>
  describeHorizontalPodAutoscalerText(hpa, ctx.showEvents ? searchEvents(ctx.api, eventQueryFor(hpa)) : undefined, ctx.nowMs);
