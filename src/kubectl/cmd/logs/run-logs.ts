import type { KubeObject } from '../../../api/meta/v1.js';
import type { ApiServer } from '../../../apiserver/server.js';
import { badRequest } from '../../../apiserver/errors.js';
import { findByKind } from '../../../apiserver/resources.js';
import { isJsonObject } from '../../../common/json.js';
import { asPod } from '../../../api/core/v1/pod.js';
import { isPodReady } from '../../../api/core/v1/pod-util.js';
import { CONTAINER_REASON } from '../../../api/core/v1/container-status.js';
import { compileLabelSelector } from '../../../labels/label-selector.js';
import { CONTROLLER_MANAGER_POD, readKlog, type KlogStore } from '../../../logs/klog.js';
import { CliError } from '../../util/errors.js';
import { parseResourceArgs } from '../../resource/resource-args.js';
import { type LogSelection, selectLogLines } from './select-lines.js';

const PODS = findByKind('v1', 'Pod')!;

export interface LogsRequest extends LogSelection {
  /** POD, or TYPE/NAME */
  target: string;
  namespace: string;
  /** -c */
  container?: string;
}

export interface LogsEnv {
  api: ApiServer;
  store: Pick<KlogStore, 'getMeta'>;
  nowMs: number;
  err: (s: string) => void;
}


/**
 * ByLogging's order (kubectl's podutils): the pod kubectl picks for `logs TYPE/NAME` is the
 * first of: bound to a node, then Running before Unknown before Pending, then Ready, then the
 * older one.
 */
function loggingRank(a: KubeObject, b: KubeObject): number {
  const bound = (p: KubeObject) => (asPod(p).spec?.nodeName ? 0 : 1);
  const phase = (p: KubeObject) => ({ Running: 0, Unknown: 1, Pending: 2 } as Record<string, number>)[asPod(p).status?.phase ?? ''] ?? 3;
  const ready = (p: KubeObject) => (isPodReady(p) ? 0 : 1);
  return (
    bound(a) - bound(b) ||
    phase(a) - phase(b) ||
    ready(a) - ready(b) ||
    String(a.metadata.creationTimestamp ?? '').localeCompare(String(b.metadata.creationTimestamp ?? ''))
  );
}

/** The pod a `logs` argument names: a pod, or one pod of a workload chosen as kubectl does. */
function resolvePod(env: LogsEnv, req: LogsRequest): KubeObject {
  if (!req.target.includes('/')) return env.api.get(PODS, req.namespace, req.target);
  const [sel] = parseResourceArgs([req.target]);
  if (!sel || sel.name === undefined) throw new CliError('arguments in resource/name form must have a single resource and name');
  if (sel.info === PODS) return env.api.get(PODS, req.namespace, sel.name);
  const owner = env.api.get(sel.info, sel.info.namespaced ? req.namespace : undefined, sel.name);
  const spec = isJsonObject(owner['spec']) ? owner['spec'] : {};
  const selector = compileLabelSelector(isJsonObject(spec['selector']) ? spec['selector'] : undefined);
  if (!selector) throw new CliError(`cannot get the logs from ${sel.info.kind}: selecting pods is not supported for it`);
  const pods = env.api.list(PODS, req.namespace).filter((p) => selector.matches(p.metadata.labels)).sort(loggingRank);
  const first = pods[0];
  if (!first) throw new CliError('timed out waiting for the condition');
  if (pods.length > 1) env.err(`Found ${pods.length} pods, using pod/${first.metadata.name ?? ''}\n`);
  return first;
}

/** The kubelet's answer for a container that has not run yet (ValidateContainerLogStatus). */
function checkContainerStarted(pod: KubeObject, container: string): void {
  const cs = (asPod(pod).status?.containerStatuses ?? []).find((s) => s.name === container);
  const podName = pod.metadata.name ?? '';
  const state = cs?.state;
  const waiting = state?.waiting;
  if (!cs || !state || Object.keys(state).length === 0) {
    throw badRequest(`container "${container}" in pod "${podName}" is waiting to start: ${CONTAINER_REASON.ContainerCreating}`);
  }
  if (waiting && !cs.lastState?.terminated) {
    const reason = waiting.reason ?? '';
    if (reason === CONTAINER_REASON.ErrImagePull || reason === CONTAINER_REASON.ImagePullBackOff) {
      throw badRequest(`container "${container}" in pod "${podName}" is waiting to start: trying and failing to pull image`);
    }
    throw badRequest(`container "${container}" in pod "${podName}" is waiting to start: ${reason}`);
  }
}

/**
 * `kubectl logs`: the controller-manager's mirror pod prints the embedded controllers' klog
 * lines (see src/logs/klog.ts); every other emulated container writes nothing, so
 * its log is empty once it has started.
 */
export function runLogs(env: LogsEnv, req: LogsRequest): string {
  const pod = resolvePod(env, req);
  const containers = (asPod(pod).spec?.containers ?? []).map((c) => c.name ?? '');
  const podName = pod.metadata.name ?? '';
  let container = req.container;
  if (container === undefined) {
    container = containers[0] ?? '';
    if (containers.length > 1) env.err(`Defaulted container "${container}" out of: ${containers.join(', ')}\n`);
  } else if (!containers.includes(container)) {
    throw badRequest(`container ${container} is not valid for pod ${podName}`);
  }
  checkContainerStarted(pod, container);
  const isControllerManager = pod.metadata.namespace === CONTROLLER_MANAGER_POD.namespace && podName === CONTROLLER_MANAGER_POD.name;
  if (!isControllerManager) return '';
  return selectLogLines(readKlog(env.store), env.nowMs, req);
}
