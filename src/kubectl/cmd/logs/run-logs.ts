import type { KubeObject } from '../../../api/meta/v1.js';
import type { ApiServer } from '../../../apiserver/server.js';
import type { Keyspace } from '../../../storage/keyspace.js';
import { findByKind } from '../../../apiserver/resources.js';
import { asPod } from '../../../api/core/v1/pod.js';
import { selectorMatches } from '../../../labels/label-selector.js';
import { CONTROLLER_MANAGER_POD, formatKlogLine, readKlog } from '../../../logs/klog.js';
import { appLogLines, type AppRun, type TimedLine } from '../../../images/app-log-lines.js';
import { containerRun } from '../../../controllers/kubelet/container-logs.js';
import { labelSelectorOrBadRequest } from '../../resource/fetch.js';
import { containerIdForLogs } from './container-log-status.js';
import { getLogTarget, podForLogs, type LogTarget } from './pick-pod.js';
import { streamOutput, type LogSelection } from './select-lines.js';
import { CliError } from '../../util/errors.js';

const PODS = findByKind('v1', 'Pod')!;
const CONFIGMAPS = findByKind('v1', 'ConfigMap')!;
const SECRETS = findByKind('v1', 'Secret')!;

/** kubectl's annotation naming the container `logs` and `exec` default to. */
export const DEFAULT_CONTAINER_ANNOTATION = 'kubectl.kubernetes.io/default-container';

/** What `kubectl logs` asks for (LogsOptions and its PodLogOptions). */
export interface LogsRequest extends LogSelection {
  /** POD, or TYPE/NAME; absent with a selector */
  target?: string;
  /** -l */
  selector?: string;
  namespace: string;
  /** -c, or the second argument */
  container?: string;
  allContainers?: boolean;
  /** -p */
  previous?: boolean;
}

export interface LogsEnv {
  api: ApiServer;
  store: Pick<Keyspace, 'getMeta' | 'setMeta' | 'getMetaEntry' | 'deleteMeta'>;
  nowMs: number;
  err: (s: string) => void;
}

/** One stream a request reads: a container of a pod. */
export interface LogStream {
  pod: KubeObject;
  container: string;
}

/**
 * Complete's builder: the pod or workload named, or the pods a selector picks (none: `No
 * resources found in NS namespace.` on stderr, and nothing to read).
 */
export function resolveLogObjects(env: LogsEnv, req: LogsRequest): LogTarget[] {
  if (req.selector !== undefined) {
    const sel = labelSelectorOrBadRequest(req.selector);
    const pods = env.api.list(PODS, req.namespace).filter((p) => selectorMatches(sel, p.metadata.labels));
    if (!pods.length) env.err(`No resources found in ${req.namespace} namespace.\n`);
    return pods.map((pod) => ({ pod }));
  }
  return [getLogTarget(env.api, req.namespace, req.target ?? '')];
}

function containerNames(pod: KubeObject): string[] {
  return (asPod(pod).spec?.containers ?? []).map((c) => c.name ?? '');
}

/**
 * LogsForObject: the streams of each pod, in the pods' order: every container with
 * --all-containers, else the one named, else the pod's default container (its
 * `kubectl.kubernetes.io/default-container` annotation, else the first, saying so on stderr when
 * the pod has several: `Defaulted container "app" out of: app, sidecar`).
 */
export function planStreams(env: LogsEnv, req: LogsRequest, targets: readonly LogTarget[]): LogStream[] {
  const streams: LogStream[] = [];
  for (const target of targets) {
    const pod = podForLogs(env.api, req.namespace, target, env.err);
    const names = containerNames(pod);
    const podName = pod.metadata.name ?? '';
    if (req.allContainers) {
      for (const container of names) streams.push({ pod, container });
      continue;
    }
    let container = req.container;
    if (container === undefined) {
      const annotated = pod.metadata.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
      if (annotated) {
        if (names.includes(annotated)) container = annotated;
        else env.err(`Default container name "${annotated}" not found in pod ${podName}\n`);
      }
    }
    if (container === undefined) {
      container = names[0] ?? '';
      if (names.length > 1) env.err(`Defaulted container "${container}" out of: ${names.join(', ')}\n`);
    }
    if (!names.includes(container)) throw new CliError(`container ${container} is not valid for pod ${podName} out of: ${names.join(', ')}`);
    streams.push({ pod, container });
  }
  return streams;
}

/** Whether the stream is the controller-manager's, whose lines are the embedded controllers' klog. */
function isControllerManager(s: LogStream): boolean {
  return s.pod.metadata.namespace === CONTROLLER_MANAGER_POD.namespace && s.pod.metadata.name === CONTROLLER_MANAGER_POD.name;
}

/** A stream opened on the kubelet: the run it reads, and a reader of its lines in a window. */
export interface OpenStream extends LogStream {
  /** the containerID read */
  containerId: string;
  /** the lines at fromMs or later (all when undefined) up to toMs, the last `tail` of them */
  lines: (fromMs: number | undefined, toMs: number, tail?: number) => TimedLine[];
}

/** Opens a stream: the kubelet's validateContainerLogStatus (errors as BadRequest), then the run. */
export function openStream(env: LogsEnv, s: LogStream, previous: boolean): OpenStream {
  const containerId = containerIdForLogs(s.pod, s.container, previous);
  if (isControllerManager(s)) {
    return {
      ...s,
      containerId,
      lines: (fromMs, toMs, tail) => {
        let kept = readKlog(env.store).filter((l) => (fromMs === undefined || l.us >= fromMs * 1000) && l.us <= toMs * 1000 + 999);
        if (tail !== undefined && tail >= 0) kept = tail === 0 ? [] : kept.slice(-tail);
        return kept.map((l) => ({ us: l.us, text: formatKlogLine(l) }));
      },
    };
  }
  // Read again at each look (a followed run gets SIGTERM or crashes meanwhile); the last run seen
  // is kept for when the kubelet has forgotten it (a deleted pod's memory goes with its exit, and
  // its stop lines, at SIGTERM, were before that).
  let seen: AppRun | undefined;
  const namespace = s.pod.metadata.namespace;
  const lookup = (kind: 'ConfigMap' | 'Secret', name: string) => env.api.tryGet(kind === 'ConfigMap' ? CONFIGMAPS : SECRETS, namespace, name);
  return {
    ...s,
    containerId,
    lines: (fromMs, toMs, tail) => {
      seen = containerRun(env.store, asPod(s.pod), s.container, containerId, lookup) ?? seen;
      if (!seen) return [];
      return appLogLines(seen, { ...(fromMs === undefined ? {} : { fromMs }), toMs, ...(tail === undefined ? {} : { tail }) });
    },
  };
}

/** Where the window of a request starts: --since counts back from now (whole seconds, as kubectl rounds it), --since-time is absolute. */
export function windowStartMs(req: LogSelection, nowMs: number): number | undefined {
  if (req.sinceTimeMs !== undefined) return req.sinceTimeMs;
  if (req.sinceMs !== undefined && req.sinceMs > 0) return nowMs - Math.round(req.sinceMs / 1000) * 1000;
  return undefined;
}

/**
 * `kubectl logs` without -f: Complete's objects, then Validate (`validate`), then each stream in
 * turn, its lines as the kubelet returns them (the window, then the tail), written as they are
 * read; a stream that fails ends the command there (what the earlier ones printed stays
 * printed), as kubectl's sequential consume does.
 */
export function streamLogs(env: LogsEnv, req: LogsRequest, write: (s: string) => void, validate: () => void = () => undefined): void {
  const targets = resolveLogObjects(env, req);
  validate();
  const streams = planStreams(env, req, targets);
  const from = windowStartMs(req, env.nowMs);
  for (const s of streams) {
    const open = openStream(env, s, req.previous === true);
    write(streamOutput(open.lines(from, env.nowMs, req.tail), req, open));
  }
}

/** streamLogs into a string (tests and callers that print at the end). */
export function runLogs(env: LogsEnv, req: LogsRequest): string {
  let out = '';
  streamLogs(env, req, (s) => (out += s));
  return out;
}
