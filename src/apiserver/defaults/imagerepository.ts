import { isJsonObject, type JsonObject, type JsonValue } from '../../common/json.js';
import { ensureObj } from '../validation/json-fields.js';

/**
 * kubemu.io/v1alpha1 ImageRepository: the emulated registry. One object describes one image
 * repository (`ghcr.io/example/hello`): which tags exist and how a container made from each tag
 * behaves on the simulated kubelet. A repository without an object pulls any tag and runs
 * healthy with DEFAULT_IMAGE_BEHAVIOR.
 *
 * Defaulting works like a CRD's structural-schema defaults: `spec.behavior` gets every
 * documented default, per-tag overrides are left as written (they override the defaults).
 */

/** How a container of an image behaves. Every duration is in seconds of cluster time. */
export interface ImageBehavior {
  /** how long a pull takes */
  pullSeconds: number;
  /**
   * pulls take up to this many percent more or less than pullSeconds (a per-pull draw, on a
   * 100 ms grid: src/controllers/kubelet/spread.ts); 0: exactly pullSeconds. At most 100.
   */
  pullJitterPercent: number;
  /**
   * a pod's start varies by up to this many milliseconds twice over (per-pod draws on a 100 ms
   * grid): its pod worker's start (the volume wait before its runtime sync) and its sandbox and
   * container start. 0: every pod starts alike. A pod takes the largest of its containers' images.
   */
  startJitterMilliseconds: number;
  /**
   * nodes whose container runtime holds the image from the start (pulled there before the
   * cluster's story begins, as an article's cluster has the images of its earlier parts): a pod
   * there finds it already present and pulls nothing; elsewhere it is pulled as usual
   */
  presentOn?: string[];
  /** how long after start the app answers /healthz and /readyz */
  startSeconds: number;
  /** how long the app takes to exit after SIGTERM */
  stopSeconds: number;
  /**
   * the exit code the app exits with on SIGTERM: 143 (128 + 15) for an app that lets the signal
   * end it, 0 for one that handles it and exits cleanly (terminated reason Completed)
   */
  sigtermExitCode: number;
  /** /readyz never answers 200 (readiness probes fail with 503) */
  neverReady: boolean;
  /** the exit code when the app exits by itself */
  exitCode: number;
  /** the app exits by itself this long after start (0: it does not, unless exitCode is non-zero) */
  exitAfterSeconds: number;
  /** environment variables the app needs; a missing one makes it exit 1 right after start */
  requiredEnv: string[];
  /** /healthz starts failing (500) this long after start; 0: never (kubemu extension for liveness drills) */
  unhealthyAfterSeconds: number;
  /** the size the Pulled event reports; derived from the digest when unset */
  imageSizeBytes?: number;
  /** response headers for a later port-forward */
  httpHeaders?: Record<string, string>;
  /** response body for a later port-forward */
  body?: string;
  /** what the app prints to stdout (src/images/log-spec.ts; validated by validation/imagerepository-logs.ts) */
  logs?: JsonValue;
  /** files the container starts with: absolute path → content (images/image-files.ts) */
  files?: Record<string, string>;
  /** files the app writes once started (startSeconds after start): absolute path → content */
  appFiles?: Record<string, string>;
  /** the CPU and memory a running container uses, as metrics-server samples it (ImageUsage) */
  usage?: ImageUsage;
}

/**
 * `usage:` of a behaviour: what a running container of the image uses, computed when metrics are
 * read (src/apiserver/metrics/usage-model.ts), never stored:
 *
 *   cpu (millicores) = idleMillicores
 *                    + startSpikeMillicores × (1 − age / startSpikeSeconds)   while age < startSpikeSeconds
 *                    + perLoadMillicores × load
 *   memory (MiB)     = idleMiB + perLoadMiB × load
 *
 * age is the container's time since its start; load is the pod's share of a MetricSource's load
 * (`load.metricSource`, in the pod's namespace: a queue's messages per second the pod removes, or a
 * series' value spread over the Ready pods the source's podSelector selects). jitterPercent moves
 * each sample up or down by up to that many percent, a hash of the pod's uid, the container and the
 * sample time (the same cluster gives the same figures). A container that is not running uses nothing.
 */
export interface ImageUsage {
  cpu: { idleMillicores: number; startSpikeMillicores: number; startSpikeSeconds: number; perLoadMillicores: number };
  memory: { idleMiB: number; perLoadMiB: number };
  load?: { metricSource: string };
  jitterPercent: number;
}

/**
 * What an image without `usage:` uses: a few millicores and some MiB, as an idle web server
 * (metrics-server shows an idle nginx at 1–3m and a few Mi). Filled into a `usage:` that is
 * written, block by block, as a structural schema's defaults are.
 */
export const DEFAULT_IMAGE_USAGE: Readonly<ImageUsage> = Object.freeze({
  cpu: Object.freeze({ idleMillicores: 2, startSpikeMillicores: 0, startSpikeSeconds: 0, perLoadMillicores: 0 }),
  memory: Object.freeze({ idleMiB: 8, perLoadMiB: 0 }),
  jitterPercent: 0,
});

/** The numeric fields of `usage.cpu` and `usage.memory`; validation requires each to be a number >= 0. */
export const USAGE_NUMERIC_FIELDS = {
  cpu: ['idleMillicores', 'startSpikeMillicores', 'startSpikeSeconds', 'perLoadMillicores'],
  memory: ['idleMiB', 'perLoadMiB'],
} as const;

/** Fills a written `usage:` (behaviour or tag) with the defaults of what it leaves out. */
export function defaultUsage(usage: JsonObject): void {
  for (const block of ['cpu', 'memory'] as const) {
    const b = ensureObj(usage, block);
    for (const [k, v] of Object.entries(DEFAULT_IMAGE_USAGE[block])) if (b[k] === undefined || b[k] === null) b[k] = v;
  }
  if (usage['jitterPercent'] === undefined || usage['jitterPercent'] === null) usage['jitterPercent'] = DEFAULT_IMAGE_USAGE.jitterPercent;
}

/**
 * The documented defaults (issue 3): a healthy app that starts in 3 s and stops in 2 s, ended by
 * SIGTERM (exit code 143, as a process without a handler for it, issue 12). Pods started together
 * come apart a little, as on a real node (issue 14, kubelet/spread.ts): each pod's start by up to
 * 300 ms twice over, each pull by up to ±10 %; a repository that declares 0 for both starts them alike.
 */
export const DEFAULT_IMAGE_BEHAVIOR: Readonly<ImageBehavior> = Object.freeze({
  pullSeconds: 1,
  pullJitterPercent: 10,
  startJitterMilliseconds: 300,
  startSeconds: 3,
  stopSeconds: 2,
  sigtermExitCode: 143,
  neverReady: false,
  exitCode: 0,
  exitAfterSeconds: 0,
  requiredEnv: [],
  unhealthyAfterSeconds: 0,
});

/** The numeric behavior fields; validation requires each to be >= 0. */
export const NUMERIC_BEHAVIOR_FIELDS = [
  'pullSeconds',
  'pullJitterPercent',
  'startJitterMilliseconds',
  'startSeconds',
  'stopSeconds',
  'exitCode',
  'exitAfterSeconds',
  'unhealthyAfterSeconds',
  'imageSizeBytes',
] as const;

export function defaultImageRepository(obj: JsonObject): void {
  const spec = ensureObj(obj, 'spec');
  const behavior = ensureObj(spec, 'behavior');
  for (const [k, v] of Object.entries(DEFAULT_IMAGE_BEHAVIOR)) {
    if (behavior[k] === undefined || behavior[k] === null) behavior[k] = Array.isArray(v) ? [...v] : (v as JsonValue);
  }
  if (isJsonObject(behavior['usage'])) defaultUsage(behavior['usage']);
  const tags = spec['tags'];
  if (isJsonObject(tags)) {
    for (const t of Object.values(tags)) if (isJsonObject(t) && isJsonObject(t['usage'])) defaultUsage(t['usage']);
  }
}
