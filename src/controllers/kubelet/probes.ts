import type { AppHealth } from '../../images/app-health.js';
import type { Probe } from '../../api/core/v1/container.js';
import type { ContainerFs } from './exec/fs.js';
import { filesProbeCommand, runFilesProbe } from './exec/probe.js';

/**
 * Probe arithmetic of the kubelet's prober workers (pkg/kubelet/prober/worker.go), on cluster
 * time. Each probe of a running container ticks every periodSeconds from the container's start;
 * ticks before initialDelaySeconds are skipped. A result changes only after failureThreshold
 * consecutive failures or successThreshold consecutive successes. Readiness and liveness wait
 * for the startup probe; when it succeeds, readiness runs at once (the prober's manual trigger).
 *
 * The hello container of the article (startup period 2, readiness period 5, app up 3 s after
 * start), started at S:
 *   S+0 startup fails (connection refused), S+2 fails, S+4 succeeds → started;
 *   S+4 readiness runs at once and succeeds → Ready. With the 1 s sandbox, Ready 5 s after creation.
 *
 * timeoutSeconds never matters here: the emulated app answers or refuses at once, it never hangs.
 */

export type ProbeKind = 'startup' | 'readiness' | 'liveness';

/** The three probes in the order the kubelet considers them. */
export const PROBE_KINDS: readonly ProbeKind[] = ['startup', 'readiness', 'liveness'];

export type ProbeResult = 'success' | 'failure';

/** The prober worker's memory of one probe. */
export interface ProbeMemory {
  /** the next tick */
  nextMs: number;
  /** the last raw result and how many times in a row it came */
  lastRaw?: ProbeResult;
  run: number;
  /** the result the worker has reported (undefined: not yet, the probe's initial value holds) */
  reported?: ProbeResult;
}

/** The probe's period (periodSeconds, default 10, at least 1). */
export const periodMs = (p: Probe): number => Math.max(1, p.periodSeconds ?? 10) * 1000;

/**
 * The first tick that is not skipped: ticks fall on start + n·period, and a tick earlier than
 * initialDelaySeconds after start is skipped. initialDelay 5, period 10 → first probe at +10;
 * initialDelay 0 → at +0; initialDelay 20, period 10 → at +20.
 */
export function firstProbeMs(startMs: number, p: Probe): number {
  const period = periodMs(p);
  const delay = (p.initialDelaySeconds ?? 0) * 1000;
  return startMs + Math.ceil(delay / period) * period;
}

export function nextTickMs(tickMs: number, p: Probe): number {
  return tickMs + periodMs(p);
}

/** How many ticks of the grid through tickMs fall in [tickMs, untilMs): period 5, tick 4 s, until 20 s → 4 (4, 9, 14, 19). */
export function ticksBefore(tickMs: number, untilMs: number, p: Probe): number {
  return untilMs <= tickMs ? 0 : Math.ceil((untilMs - tickMs) / periodMs(p));
}

/** The first tick of the grid through tickMs at or after atMs (tickMs itself when atMs is not later). */
export function tickAtOrAfter(tickMs: number, atMs: number, p: Probe): number {
  return tickMs + ticksBefore(tickMs, atMs, p) * periodMs(p);
}

/**
 * Folds one raw result into the worker's memory. Returns the result to report when it changes
 * what the worker reports (thresholds reached), else undefined.
 *
 * failureThreshold 3: fail, fail → nothing; third fail → 'failure'. A success in between
 * restarts the count. successThreshold 2 (readiness only): two successes in a row → 'success'.
 */
export function foldResult(mem: ProbeMemory, raw: ProbeResult, p: Probe): { mem: ProbeMemory; report?: ProbeResult } {
  const run = mem.lastRaw === raw ? mem.run + 1 : 1;
  const next: ProbeMemory = { ...mem, lastRaw: raw, run };
  const threshold = raw === 'failure' ? (p.failureThreshold ?? 3) : (p.successThreshold ?? 1);
  if (run < threshold) return { mem: next };
  return { mem: { ...next, reported: raw }, report: raw };
}


/** The container ports by name, to resolve `port: http`. */
export type NamedPorts = Record<string, number>;

function resolvePort(port: number | string | undefined, ports: NamedPorts): number | string {
  if (typeof port === 'number') return port;
  if (port === undefined) return 0;
  if (/^\d+$/.test(port)) return Number(port);
  return ports[port] ?? port;
}

/**
 * Runs one probe against the app: the raw result and, on failure, the prober's message
 * (the part after `Readiness probe failed: `). An exec probe that only reads files is run on
 * the container's files (`files`, exec/probe.ts) instead, whatever the app's health.
 */
export function runProbe(
  kind: ProbeKind,
  p: Probe,
  app: AppHealth,
  podIP: string,
  ports: NamedPorts,
  files?: () => ContainerFs,
): { result: ProbeResult; message: string } {
  const command = files && filesProbeCommand(p);
  if (command && files) return runFilesProbe(command, files());
  const ok = kind === 'readiness' ? app.ready : app.healthy;
  if (ok) return { result: 'success', message: '' };
  if (p.httpGet) {
    const port = resolvePort(p.httpGet.port, ports);
    const scheme = (p.httpGet.scheme ?? 'HTTP').toLowerCase();
    const host = p.httpGet.host || podIP;
    let path = p.httpGet.path ?? '/';
    if (!path.startsWith('/')) path = '/' + path;
    if (!app.listening) {
      return {
        result: 'failure',
        message: `Get "${scheme}://${host}:${port}${path}": dial tcp ${host}:${port}: connect: connection refused`,
      };
    }
    const code = kind === 'readiness' && app.healthy ? 503 : 500;
    return { result: 'failure', message: `HTTP probe failed with statuscode: ${code}` };
  }
  if (p.tcpSocket) {
    const port = resolvePort(p.tcpSocket.port, ports);
    const host = p.tcpSocket.host || podIP;
    if (!app.listening) return { result: 'failure', message: `dial tcp ${host}:${port}: connect: connection refused` };
    return { result: 'success', message: '' };
  }
  if (p.grpc) {
    const port = p.grpc.port ?? 0;
    if (!app.listening) {
      return {
        result: 'failure',
        message: `timeout: failed to connect service "${podIP}:${port}" within 1s: context deadline exceeded`,
      };
    }
    return { result: 'failure', message: `service unhealthy (responded with "NOT_SERVING")` };
  }
  // exec: the command's output is unknown to the emulator; it fails as the app does.
  return { result: 'failure', message: '' };
}

/** `Readiness`, `Liveness`, `Startup`: the prefix of the Unhealthy event. */
export function probeTitle(kind: ProbeKind): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}
