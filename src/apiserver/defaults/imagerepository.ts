import type { JsonObject } from '../../common/json.js';
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
  /** pulls take up to this many percent more or less than pullSeconds (seeded draws); 0: exactly */
  pullJitterPercent: number;
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
}

/**
 * The documented defaults (issue 3): a healthy app that starts in 3 s and stops in 2 s, ended by
 * SIGTERM (exit code 143, as a process without a handler for it, issue 12).
 */
export const DEFAULT_IMAGE_BEHAVIOR: Readonly<ImageBehavior> = Object.freeze({
  pullSeconds: 1,
  pullJitterPercent: 0,
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
    if (behavior[k] === undefined || behavior[k] === null) behavior[k] = Array.isArray(v) ? [...v] : v;
  }
}
