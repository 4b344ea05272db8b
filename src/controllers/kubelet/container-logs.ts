import type { Keyspace } from '../../storage/keyspace.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { isJsonObject } from '../../common/json.js';
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

/** Reads a ConfigMap or Secret of the pod's namespace (undefined: there is none). */
export type EnvSourceLookup = (kind: 'ConfigMap' | 'Secret', name: string) => KubeObject | undefined;

/** A key of a ConfigMap (data, binaryData) or Secret (data, base64-decoded; stringData). */
function sourceValue(obj: KubeObject | undefined, kind: 'ConfigMap' | 'Secret', key: string): string | undefined {
  if (!obj) return undefined;
  const data = obj['data'];
  if (isJsonObject(data) && typeof data[key] === 'string') return kind === 'Secret' ? Buffer.from(data[key], 'base64').toString('utf8') : data[key];
  const other = obj[kind === 'Secret' ? 'stringData' : 'binaryData'];
  if (isJsonObject(other) && typeof other[key] === 'string') return kind === 'ConfigMap' ? Buffer.from(other[key], 'base64').toString('utf8') : other[key];
  return undefined;
}

/**
 * The container's environment as far as the log lines read it: envFrom first, then env[] (later
 * entries win, as in a container): literal values, fieldRefs, ConfigMap and Secret keys. The
 * ConfigMaps and Secrets are read as they are now (a real container has the values of its start).
 */
function envValues(pod: Pod, spec: Container | undefined, lookup: EnvSourceLookup | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const src of spec?.envFrom ?? []) {
    const ref = src.configMapRef?.name ? { kind: 'ConfigMap' as const, name: src.configMapRef.name } : src.secretRef?.name ? { kind: 'Secret' as const, name: src.secretRef.name } : undefined;
    const obj = ref && lookup?.(ref.kind, ref.name);
    if (!ref || !obj) continue;
    for (const field of ['data', 'binaryData', 'stringData']) {
      const data = obj[field];
      if (!isJsonObject(data)) continue;
      for (const k of Object.keys(data)) {
        const v = sourceValue(obj, ref.kind, k);
        if (v !== undefined) out.set((src.prefix ?? '') + k, v);
      }
    }
  }
  for (const e of spec?.env ?? []) {
    if (!e.name) continue;
    let v: string | undefined;
    if (typeof e.value === 'string') v = e.value;
    else if (e.valueFrom?.fieldRef?.fieldPath !== undefined) v = fieldRefValue(pod, e.valueFrom.fieldRef.fieldPath);
    else if (e.valueFrom?.configMapKeyRef?.name && e.valueFrom.configMapKeyRef.key) {
      v = sourceValue(lookup?.('ConfigMap', e.valueFrom.configMapKeyRef.name), 'ConfigMap', e.valueFrom.configMapKeyRef.key);
    } else if (e.valueFrom?.secretKeyRef?.name && e.valueFrom.secretKeyRef.key) {
      v = sourceValue(lookup?.('Secret', e.valueFrom.secretKeyRef.name), 'Secret', e.valueFrom.secretKeyRef.key);
    }
    if (v !== undefined) out.set(e.name, v);
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
export function containerRun(
  store: Pick<Keyspace, 'getMeta' | 'setMeta' | 'getMetaEntry' | 'deleteMeta'>,
  pod: Pod,
  container: string,
  containerId: string,
  lookup?: EnvSourceLookup,
): AppRun | undefined {
  const state = new ComponentState(store, KUBELET_STATE);
  const mem = state.peek<PodMemory>(`pod:${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`);
  if (!mem || mem.uid !== pod.metadata.uid) return undefined;
  const found = findRun(mem, container, containerId);
  if (!found) return undefined;
  const { inst, ended, sigtermMs } = found;
  const spec = (pod.spec?.containers ?? []).find((c) => c.name === container);
  const env = envValues(pod, spec, lookup);
  const own = builtins(pod, container, inst);
  // Ended without SIGTERM: the app's own exit (a crash, requiredEnv missing, or exitAfterSeconds).
  // Still running: the exit it will make by itself, if any and if SIGTERM does not come first; its
  // crash lines are due then even before the kubelet's step records the exit (a pod being deleted
  // is forgotten in that very step).
  let appExitMs: number | undefined;
  if (ended) appExitMs = ended.sigtermMs === undefined ? ended.finishedMs : undefined;
  else if (inst.exitAtMs !== undefined && (sigtermMs === undefined || inst.exitAtMs < sigtermMs)) appExitMs = inst.exitAtMs;
  return {
    startedMs: inst.startedMs,
    spec: parseLogSpec(inst.behavior.logs),
    startSeconds: inst.behavior.startSeconds,
    ...(appExitMs === undefined ? {} : { appExitMs }),
    ...(sigtermMs === undefined ? {} : { sigtermMs }),
    vars: (name) => (Object.prototype.hasOwnProperty.call(own, name) ? own[name] : env.get(name)),
  };
}
