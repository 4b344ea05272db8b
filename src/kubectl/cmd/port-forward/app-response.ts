import type { KubeObject } from '../../../api/meta/v1.js';
import { asPod } from '../../../api/core/v1/pod.js';
import type { Container } from '../../../api/core/v1/container.js';
import type { ImageBehavior } from '../../../apiserver/defaults/imagerepository.js';
import { appHealth } from '../../../images/app-health.js';
import { parseImageReference } from '../../../images/registry.js';
import { setOwn } from '../../../common/own-keys.js';

/**
 * What the emulated app in a pod answers to one HTTP request that came through port-forward.
 * The same health model the kubelet's probes use (probes.ts appHealth), so `curl /readyz` agrees
 * with the pod's READY column:
 *
 *   startSeconds 3, started at 19:00:10, asked at 19:00:12 → connection refused
 *   asked at 19:00:14 → GET / = 200 with the image's httpHeaders and body
 *   neverReady → GET /readyz = 503; unhealthyAfterSeconds 60, asked 61 s after start → /healthz 500
 *
 * `{{pod}}` and `{{version}}` in headers and body become the pod's name and the image's tag:
 *   body "hello from {{pod}}\n", pod hello-85854d9fd8-lnnbv → "hello from hello-85854d9fd8-lnnbv\n"
 */

export type AppAnswer =
  | { kind: 'response'; status: number; headers: Record<string, string>; body: string }
  /** nothing listens on that port in the pod (yet): the kubelet's connect fails */
  | { kind: 'refused' };

/**
 * The container that serves a port: the one declaring it; when no container declares ports
 * at all, the first (an app may listen without declaring). Undefined: nothing listens there.
 */
export function containerForPort(pod: KubeObject, port: number): Container | undefined {
  const containers = asPod(pod).spec?.containers ?? [];
  const declared = containers.find((c) => (c.ports ?? []).some((p) => p.containerPort === port));
  if (declared) return declared;
  return containers.every((c) => (c.ports ?? []).length === 0) ? containers[0] : undefined;
}

/** When the named container's current process started (ms), undefined when it is not running. */
export function containerStartedMs(pod: KubeObject, name: string): number | undefined {
  const cs = (asPod(pod).status?.containerStatuses ?? []).find((c) => c.name === name);
  const running = cs?.state?.running;
  if (!running || typeof running.startedAt !== 'string') return undefined;
  const t = Date.parse(running.startedAt);
  return Number.isNaN(t) ? undefined : t;
}

/** Replaces {{pod}} and {{version}}. */
export function substitute(text: string, vars: { pod: string; version: string }): string {
  return text.replace(/\{\{\s*(pod|version)\s*\}\}/g, (_m, k: string) => (k === 'pod' ? vars.pod : vars.version));
}

/**
 * The answer of the app behind `port` of `pod` at cluster time `nowMs`, for a request to `path`.
 * behaviorOf resolves a container's image against the emulated registry.
 */
export function appAnswer(
  pod: KubeObject,
  port: number,
  path: string,
  nowMs: number,
  behaviorOf: (image: string) => ImageBehavior,
): AppAnswer {
  const container = containerForPort(pod, port);
  if (!container || typeof container.name !== 'string') return { kind: 'refused' };
  const started = containerStartedMs(pod, container.name);
  if (started === undefined) return { kind: 'refused' };
  const image = typeof container.image === 'string' ? container.image : '';
  const behavior = behaviorOf(image);
  const health = appHealth(behavior, nowMs - started);
  if (!health.listening) return { kind: 'refused' };
  const route = path.split('?')[0];
  // The app's clock is the cluster's: a virtual cluster answers the same Date on every run.
  const date = new Date(nowMs).toUTCString();
  const plain = { 'Content-Type': 'text/plain; charset=utf-8', Date: date };
  if (route === '/healthz') {
    return health.healthy ? { kind: 'response', status: 200, headers: plain, body: 'ok\n' } : { kind: 'response', status: 500, headers: plain, body: 'unhealthy\n' };
  }
  if (route === '/readyz') {
    return health.ready ? { kind: 'response', status: 200, headers: plain, body: 'ok\n' } : { kind: 'response', status: 503, headers: plain, body: 'not ready\n' };
  }
  const vars = { pod: pod.metadata.name ?? '', version: parseImageReference(image).tag };
  const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8', Date: date };
  for (const [k, v] of Object.entries(behavior.httpHeaders ?? {})) setOwn(headers, k, substitute(String(v), vars));
  return { kind: 'response', status: 200, headers, body: substitute(behavior.body ?? '', vars) };
}
