/**
 * metrics-server's scrape grid. metrics-server scrapes every kubelet's /metrics/resource once per
 * --metric-resolution and serves the last scrape; kubemu uses 15 s, the value of many installs
 * (the Helm chart and components.yaml set `--metric-resolution=15s`; the binary's default is 60 s).
 * Scrapes fall on multiples of 15 s of cluster time: a read at 19:00:37 sees the scrape of
 * 19:00:30.
 *
 * A container has a sample in a scrape when it was running then. Its first sample's window runs
 * from its start (metrics-server ≥ 0.6 takes the container's start time as the previous point of
 * a new container, so a pod appears at the first scrape after its containers start); later
 * windows are one resolution long:
 *   started 19:00:03, scrape 19:00:15 → window 12s;   scrape 19:00:30 → window 15s
 */
import type { ContainerStatus } from '../../api/core/v1/container-status.js';
import { timeMs } from './metric-source-value.js';

/** metrics-server's --metric-resolution, in ms. */
export const METRIC_RESOLUTION_MS = 15_000;

/** The last scrape at or before nowMs. */
export function lastScrapeMs(nowMs: number): number {
  return Math.floor(nowMs / METRIC_RESOLUTION_MS) * METRIC_RESOLUTION_MS;
}

/**
 * When the container, as its status reads now, was started if it was running at `atMs`
 * (started before it and not finished by then): its current run, or the one before it.
 */
export function runningSinceAt(cs: ContainerStatus | undefined, atMs: number): number | undefined {
  if (!cs) return undefined;
  for (const st of [cs.state, cs.lastState]) {
    if (!st) continue;
    if (st.running) {
      const s = timeMs(st.running.startedAt);
      if (s !== undefined && s < atMs) return s;
    } else if (st.terminated) {
      const s = timeMs(st.terminated.startedAt);
      const f = timeMs(st.terminated.finishedAt);
      if (s !== undefined && f !== undefined && s < atMs && atMs < f) return s;
    }
  }
  return undefined;
}

/** The window of a sample at scrapeMs of a container running since startedMs. */
export function sampleWindowMs(startedMs: number, scrapeMs: number): number {
  return Math.min(METRIC_RESOLUTION_MS, scrapeMs - startedMs);
}
