import type { Cluster } from '../../../cluster/cluster.js';
import { FOREVER_MS, waitUntil } from '../../../cluster/time.js';
import { findByKind } from '../../../apiserver/resources.js';
import { asPod } from '../../../api/core/v1/pod.js';
import type { TimedLine } from '../../../images/app-log-lines.js';
import { CliError } from '../../util/errors.js';
import { openStream, planStreams, resolveLogObjects, windowStartMs, type LogsEnv, type LogsRequest, type OpenStream } from './run-logs.js';
import { streamOutput } from './select-lines.js';

const PODS = findByKind('v1', 'Pod')!;

/**
 * On a virtual clock `logs -f` of a container that keeps running ends once a minute of cluster time
 * has passed with no change to the followed pods (as `get -w` ends after a quiet minute,
 * watch-get.ts); the clock then reads that minute's end, and the periodic lines up to it are printed.
 */
export const VIRTUAL_FOLLOW_QUIET_MS = 60_000;

export interface FollowRequest extends LogsRequest {
  /** --max-log-requests: how many streams -f may follow at once (kubectl's default 5) */
  maxRequests: number;
}

/** The run a stream reads still goes on: its pod is there and its status shows that container running. */
function stillRunning(cluster: Cluster, s: OpenStream): boolean {
  const pod = cluster.api.tryGet(PODS, s.pod.metadata.namespace, s.pod.metadata.name ?? '');
  if (!pod || pod.metadata.uid !== s.pod.metadata.uid) return false;
  const cs = (asPod(pod).status?.containerStatuses ?? []).find((c) => c.name === s.container);
  return Boolean(cs?.state?.running) && cs?.containerID === s.containerId;
}

/**
 * `kubectl logs -f`: the lines so far (the window and --tail, as without -f), then every new line
 * as cluster time passes, until each stream's run ends (the kubelet closes a stream when its
 * container exits: a crash loop's `logs -f` prints the crashed run and returns) or, on a wall
 * clock, Ctrl-C. Periodic lines are no steps: each look (after a step, and at every poll of a
 * wall clock, ~100 ms) prints what fell due since the last one, from the clock. Several streams
 * (-l, --all-containers) are followed together, their new lines in time order.
 */
export async function followLogs(cluster: Cluster, req: FollowRequest, write: (s: string) => void, err: (s: string) => void, validate: () => void): Promise<void> {
  const env = (): LogsEnv => ({ api: cluster.api, store: cluster.store, nowMs: cluster.clock.now(), err });
  const targets = resolveLogObjects(env(), req);
  validate();
  const planned = planStreams(env(), req, targets);
  if (planned.length > 1 && planned.length > req.maxRequests) {
    throw new CliError(
      `you are attempting to follow ${planned.length} log streams, but maximum allowed concurrency is ${req.maxRequests}, use --max-log-requests to increase the limit`,
    );
  }
  const streams = planned.map((s) => openStream(env(), s, req.previous === true));
  const startMs = cluster.clock.now();
  const from = windowStartMs(req, startMs);
  // Bytes each stream may still print under --limit-bytes.
  const budget = streams.map(() => (req.limitBytes !== undefined && req.limitBytes > 0 ? req.limitBytes : Infinity));
  const emit = (i: number, lines: readonly TimedLine[]) => {
    const s = streams[i]!;
    if (!lines.length || budget[i]! <= 0) return;
    const left = budget[i]!;
    const text = streamOutput(lines, { ...req, ...(left === Infinity ? {} : { limitBytes: left }) }, s);
    budget[i] = left - Buffer.byteLength(streamOutput(lines, { ...req, prefix: false, ...(left === Infinity ? {} : { limitBytes: left }) }, s), 'utf8');
    write(text);
  };
  streams.forEach((s, i) => emit(i, s.lines(from, startMs, req.tail)));

  let lastMs = startMs;
  const open = streams.map((s) => !req.previous && stillRunning(cluster, s));
  const versions = () => streams.map((s) => cluster.api.tryGet(PODS, s.pod.metadata.namespace, s.pod.metadata.name ?? '')?.metadata.resourceVersion ?? '').join(',');
  let seenVersions = versions();
  let lastChangeMs = startMs;
  const look = () => {
    const now = cluster.clock.now();
    if (now > lastMs) {
      // New lines of every open stream, merged in time order (stable: the streams' order at one instant).
      const fresh: { i: number; line: TimedLine }[] = [];
      streams.forEach((s, i) => {
        if (open[i]) for (const line of s.lines(lastMs + 1, now)) fresh.push({ i, line });
      });
      fresh.sort((a, b) => a.line.us - b.line.us || a.i - b.i);
      for (const f of fresh) emit(f.i, [f.line]);
      lastMs = now;
    }
    streams.forEach((s, i) => {
      if (open[i] && !stillRunning(cluster, s)) open[i] = false;
    });
    const v = versions();
    if (v !== seenVersions) {
      seenVersions = v;
      lastChangeMs = now;
    }
  };
  const running = () => open.some(Boolean);
  if (!running()) return;
  if (cluster.clock.settings.mode !== 'virtual') {
    await waitUntil(cluster, { watching: true, deadlineMs: startMs + FOREVER_MS, done: () => !running(), onStep: look });
    look();
    return;
  }
  // Virtual: wait a quiet minute at a time; a change to a followed pod starts the minute again.
  for (;;) {
    const mark = lastChangeMs;
    await waitUntil(cluster, { watching: true, deadlineMs: mark + VIRTUAL_FOLLOW_QUIET_MS, done: () => !running() || lastChangeMs !== mark, onStep: look });
    look();
    if (!running() || lastChangeMs === mark) return;
  }
}
