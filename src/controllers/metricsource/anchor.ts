import type { QueueAnchor, QueueSpec } from '../../api/kubemu/v1alpha1/metric-source.js';

/**
 * Whether a queue needs a new anchor: it has none, or the Ready consumer count or a rate
 * differs from the one the anchor holds. Anything else leaves the status as written.
 */
export function needsAnchor(anchor: QueueAnchor | undefined, ready: number, queue: QueueSpec): boolean {
  if (!anchor) return true;
  return anchor.readyConsumers !== ready || anchor.producerRate !== queue.producerRate || anchor.consumerRate !== queue.consumerRate;
}

/** An anchor's time: RFC 3339 in UTC, with milliseconds when the instant has some (`19:00:01.5Z`-like: `.500Z`). */
export function anchorTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}
