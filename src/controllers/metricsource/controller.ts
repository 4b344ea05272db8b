import type { WatchEvent } from '../../apiserver/server.js';
import { findByKind, namespacedKeyParts, storagePrefix } from '../../apiserver/resources.js';
import { asMetricSource, type MetricSource, type QueueAnchor } from '../../api/kubemu/v1alpha1/metric-source.js';
import { compileLabelSelector } from '../../labels/label-selector.js';
import { queueAnchorOf, queueValueAt } from '../../apiserver/metrics/metric-source-value.js';
import { readyConsumers } from '../../apiserver/metrics/metric-source-values.js';
import { type Controller, type ControllerContext, objectKey, splitKey } from '../framework/controller.js';
import { anchorTime, needsAnchor } from './anchor.js';

const PODS = findByKind('v1', 'Pod')!;
const SOURCES = findByKind('kubemu.io/v1alpha1', 'MetricSource')!;
const SOURCES_PREFIX = storagePrefix(SOURCES, undefined);

/**
 * The metricsource controller (kubemu's own): keeps each queue MetricSource's anchor (the lag
 * when its Ready consumer count last changed, the count, the rates, the time) in its status, so
 * that the lag can be computed at any later instant from the anchor alone. It writes only when
 * the count of Ready consumers or the rates change: the cost follows the consumers' changes,
 * never the passing of time. Series need no anchor.
 */
export function metricSourceController(): Controller {
  return {
    name: 'metricsource-controller',
    watches: [SOURCES, PODS],
    keysFor(ev: WatchEvent, ctx: ControllerContext): string[] {
      const { namespace, name } = namespacedKeyParts(ev.key);
      if (ev.key.startsWith(SOURCES_PREFIX)) return [objectKey(namespace, name)];
      const sources = ctx.api.listShared(SOURCES, namespace);
      if (!sources.length) return [];
      const pod = ev.object;
      const keys: string[] = [];
      for (const o of sources) {
        const ms = asMetricSource(o);
        if (!ms.spec?.queue) continue;
        const sel = compileLabelSelector(ms.spec.podSelector);
        // (a pod whose labels changed away from the selector is missed here until the next count change: kubemu's pods keep their labels)
        if (sel && sel.matches(pod.metadata.labels)) keys.push(objectKey(namespace, o.metadata.name ?? ''));
      }
      return keys;
    },
    sync(key: string, ctx: ControllerContext): void {
      const { namespace, name } = splitKey(key);
      const found = ctx.api.tryGet(SOURCES, namespace, name);
      if (!found) return;
      const ms = asMetricSource(found);
      const queue = ms.spec?.queue;
      if (!queue) return;
      const ready = readyConsumers(ctx.api, ms);
      if (!needsAnchor(ms.status?.anchor, ready, queue)) return;
      const now = ctx.clock.now();
      const anchor: QueueAnchor = {
        value: Math.round(queueValueAt(queueAnchorOf(ms, ready), now) * 1000) / 1000,
        readyConsumers: ready,
        producerRate: queue.producerRate,
        consumerRate: queue.consumerRate,
        time: anchorTime(now),
      };
      const next: MetricSource = { ...ms, metadata: { ...ms.metadata }, status: { ...(ms.status ?? {}), anchor } };
      ctx.api.updateStatus(SOURCES, next);
    },
  };
}
