import type { KubeObject } from '../../api/meta/v1.js';
import { asMetricSource, metricNameOf, metricSourceType, INTERPOLATION } from '../../api/kubemu/v1alpha1/metric-source.js';
import { metricSourceValueAt, valueQuantity } from '../../apiserver/metrics/metric-source-value.js';
import { readyConsumers } from '../../apiserver/metrics/metric-source-values.js';
import { formatLabelSelector } from '../../labels/metav1-label-selector.js';
import type { Describer } from './describer.js';
import { describeEvents, eventQueryFor, searchEvents } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, tabbedString } from './prefix-writer.js';

/**
 * `describe metricsource` (kubemu's own kind, laid out as describe.go lays out its kinds): the
 * metric it serves and its value now, the pods it counts (Ready now), then the series' points or
 * the queue's rates and anchor, then the events.
 *
 *   Name:          orders
 *   Type:          Queue
 *   Metric:        orders
 *   Value:         1200
 *   Pod Selector:  app=worker
 *   Ready Pods:    0
 *   Queue:
 *     Initial:        0
 *     Producer Rate:  50/s
 *     Consumer Rate:  20/s per Ready consumer
 *   Anchor:
 *     Value:            100.05
 *     Ready Consumers:  3
 *     Time:             2026-10-26T19:00:02.001Z
 */
export function describeMetricSourceText(obj: KubeObject, ready: number, events: KubeObject[] | undefined, nowMs: number): string {
  const ms = asMetricSource(obj);
  const spec = ms.spec ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${ms.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${ms.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', ms.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', ms.metadata.annotations);
    w.write(LEVEL_0, `Type:\t${metricSourceType(ms)}\n`);
    w.write(LEVEL_0, `Metric:\t${metricNameOf(ms)}\n`);
    w.write(LEVEL_0, `Value:\t${valueQuantity(metricSourceValueAt(ms, ready, nowMs))}\n`);
    w.write(LEVEL_0, `Pod Selector:\t${spec.podSelector ? formatLabelSelector(spec.podSelector) : '<unset>'}\n`);
    if (spec.podSelector) w.write(LEVEL_0, `Ready Pods:\t${ready}\n`);
    if (spec.queue) {
      w.write(LEVEL_0, 'Queue:\n');
      w.write(LEVEL_1, `Initial:\t${spec.queue.initial ?? 0}\n`);
      w.write(LEVEL_1, `Producer Rate:\t${spec.queue.producerRate}/s\n`);
      w.write(LEVEL_1, `Consumer Rate:\t${spec.queue.consumerRate}/s per Ready consumer\n`);
      const a = ms.status?.anchor;
      if (a) {
        w.write(LEVEL_0, 'Anchor:\n');
        w.write(LEVEL_1, `Value:\t${a.value}\n`);
        w.write(LEVEL_1, `Ready Consumers:\t${a.readyConsumers}\n`);
        w.write(LEVEL_1, `Time:\t${a.time}\n`);
      } else {
        w.write(LEVEL_0, 'Anchor:\t<none>\n');
      }
    } else {
      w.write(LEVEL_0, 'Series:\n');
      w.write(LEVEL_1, `Interpolation:\t${spec.series?.interpolation ?? INTERPOLATION.Step}\n`);
      w.write(LEVEL_1, 'Points:\n');
      w.write(LEVEL_2, 'After\tValue\n');
      w.write(LEVEL_2, '-----\t-----\n');
      for (const p of spec.series?.points ?? []) w.write(LEVEL_2, `${p.after}\t${p.value}\n`);
    }
    if (events) describeEvents(events, w, nowMs);
  });
}

export const describeMetricSource: Describer = (obj, ctx) =>
  describeMetricSourceText(obj, readyConsumers(ctx.api, asMetricSource(obj)), ctx.showEvents ? searchEvents(ctx.api, eventQueryFor(obj)) : undefined, ctx.nowMs);
