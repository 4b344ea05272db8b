import { isJsonObject } from '../common/json.js';

/**
 * ImageRepository `logs:` — what an emulated app prints to stdout, per repository (`behavior.logs`)
 * or per tag (`tags["1.1"].logs`, which replaces the repository's whole `logs` object, as every
 * other behaviour field a tag sets replaces the repository's):
 *
 *   logs:
 *     start: ["Starting hello ${IMAGE_TAG} on ${HOSTNAME}"]   # when the container starts
 *     listening: ["Listening on :8080"]                   # startSeconds later, when the app answers
 *     every:                                              # while it runs (a list, or one object)
 *       - {seconds: 10, line: "GET /healthz 200"}        #   at start+10 s, +20 s, ... before it ends
 *     crash: ["fatal: ${MISSING_ENV} is not set"]          # when the app exits by itself
 *     stop: ["Received SIGTERM, shutting down"]           # when the kubelet sends SIGTERM
 *
 * Lines are computed from the container's start time and the clock when they are read (see
 * app-log-lines.ts): none of them is a step of the cluster. `${NAME}` is replaced by the container's
 * environment variable NAME (env[].value; a fieldRef to the pod's name, namespace, uid, node,
 * service account or IPs; a ConfigMap or Secret key, by valueFrom or envFrom, as the object reads
 * when the log is read) or one of kubemu's names, which win: HOSTNAME and POD_NAME (the pod's name),
 * POD_NAMESPACE, CONTAINER_NAME, IMAGE_TAG, MISSING_ENV (the requiredEnv variables the container
 * lacks, comma-separated; empty when none) and EXIT_CODE (the code the app exits with). An unknown
 * name becomes empty, as in a shell; `$${` is a literal `${`.
 *
 * An image without `logs:` prints nothing (an app that writes nothing to stdout).
 *
 * The API server validates the same shape (src/apiserver/validation/imagerepository-logs.ts: the
 * apiserver sits below src/images and cannot import it); this reader takes what validation let
 * through and ignores anything else, so an object stored before a rule was added still reads.
 */

/** A line the app prints periodically while it runs. */
export interface PeriodicLine {
  /** the period: the first line comes this long after start */
  seconds: number;
  line: string;
}

/** The parsed `logs:` of an image. */
export interface AppLogSpec {
  start: readonly string[];
  listening: readonly string[];
  every: readonly PeriodicLine[];
  crash: readonly string[];
  stop: readonly string[];
}

/** The keys `logs:` may hold (validation refuses any other). */
export const LOG_SPEC_KEYS = ['start', 'listening', 'every', 'crash', 'stop'] as const;

/** What an image without `logs:` prints: nothing. */
export const NO_LOGS: AppLogSpec = Object.freeze({ start: [], listening: [], every: [], crash: [], stop: [] });

function lines(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  return Array.isArray(v) ? v.filter((l): l is string => typeof l === 'string') : [];
}

function periodic(v: unknown): PeriodicLine[] {
  const items = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  const out: PeriodicLine[] = [];
  for (const item of items) {
    if (!isJsonObject(item)) continue;
    const seconds = item['seconds'];
    const line = item['line'];
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 && typeof line === 'string') out.push({ seconds, line });
  }
  return out;
}

/** Parses a behavior's `logs` value (undefined or anything but an object: NO_LOGS). */
export function parseLogSpec(value: unknown): AppLogSpec {
  if (!isJsonObject(value)) return NO_LOGS;
  return {
    start: lines(value['start']),
    listening: lines(value['listening']),
    every: periodic(value['every']),
    crash: lines(value['crash']),
    stop: lines(value['stop']),
  };
}

/** The spec prints nothing at all. */
export function isSilent(spec: AppLogSpec): boolean {
  return !spec.start.length && !spec.listening.length && !spec.every.length && !spec.crash.length && !spec.stop.length;
}

/**
 * `${NAME}` substitution: vars first, then the container's environment; unknown names become
 * empty; `$${` stays a literal `${`. "up on ${HOSTNAME}" with HOSTNAME=web-1 → "up on web-1".
 */
export function substituteLine(text: string, vars: (name: string) => string | undefined): string {
  return text.replace(/\$(\$?)\{([A-Za-z_][A-Za-z0-9_.-]*)\}/g, (_m, escaped: string, name: string) => (escaped ? `\${${name}}` : vars(name) ?? ''));
}
