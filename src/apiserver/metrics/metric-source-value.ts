/**
 * The value of a MetricSource at an instant: pure arithmetic over its spec, its anchor and the
 * count of Ready consumers, no reads and no writes.
 *
 * Series (points at durations since creation):
 *   points 0s→10, 10m→300, Step:   at 5m → 10, at 10m → 300, at 1h → 300 (the last holds)
 *   the same, Linear:              at 5m → 155 (halfway), at 10m → 300
 *   before the first point the first point's value holds.
 *
 * Queue (producers add P/s, each Ready consumer removes C/s): between two changes of the Ready
 * count n the lag moves in a straight line at P − n·C per second, never below 0:
 *   lag(t) = max(0, lag(t0) + (P − n·C) × (t − t0))
 * with t0 the anchor (the last change of n) or the creation (lag `initial`). P=50, C=10:
 *   n=0 from t0=0, lag 0:      at 60s → 3000 (dead consumers: it only grows)
 *   n=10 from 60s, lag 3000:   −50/s → at 90s → 1500, at 120s → 0, at 300s → 0 (clamped)
 *   n=3 from 300s, lag 0:      +20/s → at 310s → 200
 * The clamp is exact per segment since the rate is constant within one.
 */
import { parseGoDuration } from '../../common/go-duration.js';
import { formatQuantity } from '../validation/quantity.js';
import { INTERPOLATION, type MetricSource, type QueueAnchor } from '../../api/kubemu/v1alpha1/metric-source.js';

/** ms since the epoch of an RFC 3339 time, or undefined */
export function timeMs(t: string | undefined): number | undefined {
  if (!t) return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A series' value `elapsedMs` after the object's creation. */
export function seriesValueAt(points: readonly { after: string; value: number }[], interpolation: string | undefined, elapsedMs: number): number {
  const pts = points
    .map((p) => ({ at: parseGoDuration(p.after) ?? 0, value: p.value }))
    .sort((a, b) => a.at - b.at);
  if (!pts.length) return 0;
  let prev = pts[0]!;
  if (elapsedMs <= prev.at) return prev.value;
  for (const p of pts.slice(1)) {
    if (elapsedMs < p.at) {
      if (interpolation !== INTERPOLATION.Linear) return prev.value;
      return prev.value + ((p.value - prev.value) * (elapsedMs - prev.at)) / (p.at - prev.at);
    }
    prev = p;
  }
  return prev.value;
}

/** A queue's anchor with its time in ms. */
export interface Anchor {
  value: number;
  readyConsumers: number;
  producerRate: number;
  consumerRate: number;
  timeMs: number;
}

/** The lag of a queue at `nowMs`, from an anchor and the Ready consumer count since it. */
export function queueValueAt(anchor: Anchor, nowMs: number): number {
  const rate = anchor.producerRate - anchor.readyConsumers * anchor.consumerRate;
  const dt = Math.max(0, nowMs - anchor.timeMs) / 1000;
  return Math.max(0, anchor.value + rate * dt);
}

/** The messages per second one Ready consumer removes: all it can while there is a lag, else its share of what arrives. */
export function queuePerConsumerRate(lag: number, readyConsumers: number, producerRate: number, consumerRate: number): number {
  if (readyConsumers <= 0) return 0;
  if (lag > 0) return consumerRate;
  return Math.min(consumerRate, producerRate / readyConsumers);
}

/**
 * The anchor a queue's value is computed from: the one in its status, else its creation with
 * the initial lag and the count of Ready consumers there are now (the controller has not
 * anchored it yet).
 */
export function queueAnchorOf(ms: MetricSource, readyNow: number): Anchor {
  const a: QueueAnchor | undefined = ms.status?.anchor;
  const at = timeMs(a?.time);
  if (a && at !== undefined) return { value: a.value, readyConsumers: a.readyConsumers, producerRate: a.producerRate, consumerRate: a.consumerRate, timeMs: at };
  const q = ms.spec?.queue;
  return {
    value: q?.initial ?? 0,
    readyConsumers: readyNow,
    producerRate: q?.producerRate ?? 0,
    consumerRate: q?.consumerRate ?? 0,
    timeMs: timeMs(ms.metadata.creationTimestamp) ?? 0,
  };
}

/** A source's value at nowMs (a queue's in whole messages); readyConsumers is the number of Ready pods its podSelector selects now. */
export function metricSourceValueAt(ms: MetricSource, readyConsumers: number, nowMs: number): number {
  const spec = ms.spec ?? {};
  // A lag is a count of messages: whole ones are served (the anchor keeps the exact value).
  if (spec.queue) return Math.floor(queueValueAt(queueAnchorOf(ms, readyConsumers), nowMs));
  const created = timeMs(ms.metadata.creationTimestamp) ?? nowMs;
  return seriesValueAt(spec.series?.points ?? [], spec.series?.interpolation, nowMs - created);
}

/**
 * A value as a quantity string, at milli precision, in canonical form as
 * resource.NewMilliQuantity(v, DecimalSI).String() prints it:
 * 1500 → "1500", 2000 → "2k", 2.5 → "2500m", 0 → "0".
 */
export function valueQuantity(v: number): string {
  const milli = Math.round(v * 1000);
  return formatQuantity({ nanos: BigInt(milli) * 1_000_000n, format: 'DecimalSI' });
}
