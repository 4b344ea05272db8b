import type { Keyspace } from '../../storage/keyspace.js';
import type { Container } from '../../api/core/v1/container.js';
import type { Pod } from '../../api/core/v1/pod.js';
import { parseImageReference } from '../../images/registry.js';
import { parseLogSpec } from '../../images/log-spec.js';
import type { AppRun } from '../../images/app-log-lines.js';
import { ComponentState } from '../framework/state.js';
import type { ContainerInstance, PodMemory, Termination } from './memory.js';

/**
 * The kubelet's side of `kubectl logs` (GetContainerLogs): the run of a container a containerID
 * names, as the kubelet remembers it (memory.ts: the current instance, and the one before it while
 * `lastState` shows it), turned into an AppRun whose lines src/images/app-log-lines.ts computes.
 * Which containerID to read (current, or --previous) is decided from the pod's status, as the
 * kubelet's validateContainerLogStatus decides it (kubectl/cmd/logs/container-log-status.ts).
 */

/** The kubelet's ComponentState name (controller.ts KUBELET_COMPONENT, not imported: a `logs` command loads no controller). */
const KUBELET_STATE = 'kubelet';

/** kubemu's `${NAME}`s that win over the container's environment (see src/images/log-spec.ts). */
function builtins(pod: Pod, container: string, inst: ContainerInstance): Record<string, string> {
  const name = pod.metadata.name ?? '';
  return {
    HOSTNAME: name,
    POD_NAME: name,
    POD_NAMESPACE: pod.metadata.namespace ?? '',
    CONTAINER_NAME: container,
    IMAGE_TAG: parseImageReference(inst.image).tag,
    MISSING_ENV: (inst.missingEnv ?? []).join(','),
    EXIT_CODE: String(inst.exitCode),
  };
}

/** A downward-API fieldRef's value, for the fields a log line may want. */
function fieldRefValue(pod: Pod, path: string): string | undefined {
  switch (path) {
    case 'metadata.name':
      return pod.metadata.name;
    case 'metadata.namespace':
      return pod.metadata.namespace;
    case 'metadata.uid':
      return pod.metadata.uid;
    case 'spec.nodeName':
      return pod.spec?.nodeName;
    case 'spec.serviceAccountName':
      return pod.spec?.serviceAccountName;
    case 'status.podIP':
      return pod.status?.podIP;
    case 'status.hostIP':
      return pod.status?.hostIP;
    default:
      return undefined;
  }
}

/** The container's environment as far as the log lines read it: literal values and fieldRefs (later entries win, as in a container). */
function envValues(pod: Pod, spec: Container | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of spec?.env ?? []) {
    if (!e.name) continue;
    if (typeof e.value === 'string') out.set(e.name, e.value);
    else {
      const path = e.valueFrom?.fieldRef?.fieldPath;
      const v = path === undefined ? undefined : fieldRefValue(pod, path);
      if (v !== undefined) out.set(e.name, v);
    }
  }
  return out;
}

/** The run a containerID names, with how it ended if it did. */
function findRun(mem: PodMemory, container: string, containerId: string): { inst: ContainerInstance; ended?: Termination; sigtermMs?: number } | undefined {
  const c = mem.containers.find((m) => m.name === container);
  if (!c) return undefined;
  if (c.instance?.containerId === containerId) {
    const ended = c.terminated?.containerId === containerId ? c.terminated : undefined;
    const sigtermMs = ended ? ended.sigtermMs : c.stopping?.sigtermMs;
    return { inst: c.instance, ...(ended ? { ended } : {}), ...(sigtermMs === undefined ? {} : { sigtermMs }) };
  }
  if (c.lastInstance?.containerId === containerId && c.last?.containerId === containerId) {
    return { inst: c.lastInstance, ended: c.last, ...(c.last.sigtermMs === undefined ? {} : { sigtermMs: c.last.sigtermMs }) };
  }
  return undefined;
}

/**
 * The run of `container` in `pod` that `containerId` names, as an AppRun; undefined when the
 * kubelet keeps nothing of it (a static pod, a run of an older kubemu, an image printing nothing).
 */
export function containerRun(store: Pick<Keyspace, 'getMeta' | 'setMeta' | 'getMetaEntry' | 'deleteMeta'>, pod: Pod, container: string, containerId: string): AppRun | undefined {
  const state = new ComponentState(store, KUBELET_STATE);
  const mem = state.peek<PodMemory>(`pod:${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`);
  if (!mem || mem.uid !== pod.metadata.uid) return undefined;
  const found = findRun(mem, container, containerId);
  if (!found) return undefined;
  const { inst, ended, sigtermMs } = found;
  const spec = (pod.spec?.containers ?? []).find((c) => c.name === container);
  const env = envValues(pod, spec);
  const own = builtins(pod, container, inst);
  // Ended without SIGTERM: the app's own exit (a crash, requiredEnv missing, or exitAfterSeconds).
  const appExitMs = ended && ended.sigtermMs === undefined ? ended.finishedMs : undefined;
  return {
    startedMs: inst.startedMs,
    spec: parseLogSpec(inst.behavior.logs),
    startSeconds: inst.behavior.startSeconds,
    ...(appExitMs === undefined ? {} : { appExitMs }),
    ...(sigtermMs === undefined ? {} : { sigtermMs }),
    vars: (name) => (Object.prototype.hasOwnProperty.call(own, name) ? own[name] : env.get(name)),
  };
}
