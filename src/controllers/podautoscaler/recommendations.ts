/**
 * The controller's memory of each HPA (horizontal.go's recommendations, scaleUpEvents and
 * scaleDownEvents maps), kept in its ComponentState so that it outlives one kubemu command.
 *
 * Upstream records one timestamped recommendation per sync. Syncs come every sync period on
 * the same grid (the HPA rate limiter's fixed 15 s), so a run of equal recommendations is kept
 * as one segment: samples at every sync from `from` to `to`. The last segment is `open` while
 * each sync since `to` recorded the same value again: its last sample is then the previous sync,
 * and a sync that recommends what the one before did writes nothing. A sync that records
 * nothing (an error, a range clamp) closes it.
 */
export interface RecommendationSegment {
  r: number;
  from: number;
  to: number;
  open?: boolean;
}

/** timestampedScaleEvent. */
export interface ScaleEvent {
  change: number;
  ts: number;
  outdated?: boolean;
}

export interface HpaMemory {
  recs?: RecommendationSegment[];
  up?: ScaleEvent[];
  down?: ScaleEvent[];
}

/** The time of a segment's last sample as of a sync at now. */
export function lastSample(seg: RecommendationSegment, nowMs: number, periodMs: number): number {
  if (!seg.open || seg.to >= nowMs) return seg.to;
  return Math.max(seg.to, nowMs - periodMs);
}

/**
 * The list after recording value at now, or the same list when nothing changes (the open
 * segment goes on). Segments with no sample within keepMs of now are dropped as a new one
 * starts (upstream reuses such a slot).
 */
export function recordRecommendation(recs: readonly RecommendationSegment[] | undefined, value: number, nowMs: number, periodMs: number, keepMs: number): RecommendationSegment[] | undefined {
  const list = recs ?? [];
  const last = list[list.length - 1];
  if (last && last.open && last.r === value) return undefined;
  const kept = list
    .map((s, i) => (i === list.length - 1 && s.open ? { r: s.r, from: s.from, to: lastSample(s, nowMs, periodMs) } : s))
    .filter((s) => s.to >= nowMs - keepMs);
  kept.push({ r: value, from: nowMs, to: nowMs, open: true });
  return kept;
}

/** The list with its open segment closed at its last sample, or undefined when none is open. */
export function closeRecommendations(recs: readonly RecommendationSegment[] | undefined, nowMs: number, periodMs: number): RecommendationSegment[] | undefined {
  const last = recs?.[recs.length - 1];
  if (!recs || !last?.open) return undefined;
  return [...recs.slice(0, -1), { r: last.r, from: last.from, to: lastSample(last, nowMs, periodMs) }];
}
