import { isJsonObject, jsonEqual, type JsonObject, type JsonValue } from '../../common/json.js';
import { type KubeObject, objectJson } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { rfc3339 } from '../../sim/clock.js';
import { conditionSpecs, podConditions, podPhase, type ContainerPhaseInput } from './conditions.js';
import { containerStatus } from './container-status.js';
import type { Container } from '../../api/core/v1/container.js';
import { isPodPhaseTerminal } from '../../api/core/v1/pod-util.js';
import type { PodMemory } from './memory.js';
import { allDone } from './pod-sync.js';

/**
 * The pod status the kubelet writes (generateAPIPodStatus): container statuses, phase,
 * conditions, hostIP(s), podIP(s), startTime and observedGeneration; fields owned by others
 * (qosClass from the API server, nominatedNodeName, reason/message) are kept.
 */

function view(s: JsonObject): ContainerPhaseInput {
  const state = isJsonObject(s['state']) ? s['state'] : {};
  const last = isJsonObject(s['lastState']) ? s['lastState'] : {};
  const term = isJsonObject(state['terminated']) ? state['terminated'] : undefined;
  const lastTerm = isJsonObject(last['terminated']) ? last['terminated'] : undefined;
  const kind = state['running'] ? 'running' : term ? 'terminated' : 'waiting';
  const exit = (term ?? lastTerm)?.['exitCode'];
  const v: ContainerPhaseInput = { name: String(s['name']), ready: s['ready'] === true, state: kind, hasRun: lastTerm !== undefined };
  if (typeof exit === 'number') v.exitCode = exit;
  return v;
}

export function buildPodStatus(
  pod: KubeObject,
  mem: PodMemory,
  specs: readonly Container[],
  hostIP: string,
  restartPolicy: string,
  nowMs: number,
): JsonObject {
  const old = asPod(pod).status ?? {};
  const statuses = mem.containers.map((c, i) => containerStatus(c, specs[i] ?? { name: c.name, image: '' }));
  const views = statuses.map(view);
  const terminal = allDone(mem);
  let phase = podPhase(views, restartPolicy, terminal);
  // Pods do not leave a terminal phase.
  if (old.phase !== undefined && isPodPhaseTerminal(old.phase)) phase = old.phase;
  const generation = pod.metadata.generation ?? 1;
  const oldConditions = (old.conditions ?? []).map(objectJson);
  const kept: JsonObject = objectJson(old);
  const condSpecs = conditionSpecs(views, phase, mem.sandboxReady);
  // podConditions keeps the conditions the kubelet does not own (mergePodStatus), first.
  const conditions = podConditions(condSpecs, oldConditions, nowMs, generation);
  const status: JsonObject = {
    ...kept,
    conditions,
    containerStatuses: statuses,
    hostIP,
    hostIPs: ipList(hostIP, kept['hostIPs']),
    observedGeneration: generation,
    phase,
    startTime: old.startTime ?? rfc3339(mem.firstSeenMs),
  };
  if (mem.podIP) {
    status['podIP'] = mem.podIP;
    status['podIPs'] = ipList(mem.podIP, kept['podIPs']);
  }
  return status;
}

/**
 * `[{ ip }]`, or the old list when it is that to the letter (as the conditions, podConditions:
 * compared and stored without walking it).
 */
function ipList(ip: string, old: JsonValue | undefined): JsonValue {
  if (Array.isArray(old) && Object.getPrototypeOf(old) === Array.prototype && old.length === 1) {
    const e = old[0];
    if (isJsonObject(e) && Object.getPrototypeOf(e) === Object.prototype && e['ip'] === ip) {
      const keys = Object.keys(e);
      if (keys.length === 1 && keys[0] === 'ip') return old;
    }
  }
  return [{ ip }];
}

/**
 * jsonEqual(status, old), with the container statuses compared first: a sync that changes the
 * status mostly changes them (a crash loop's restart and relist: restartCount, state), while the
 * conditions before them in key order stay as they were and were compared in full every time.
 */
export function sameStatus(status: JsonObject, old: JsonObject | undefined): boolean {
  if (old === undefined) return false;
  const statuses = 'containerStatuses';
  if (!jsonEqual(status[statuses], old[statuses])) return false;
  const keys = Object.keys(status);
  if (keys.length !== Object.keys(old).length) return false;
  for (const k of keys) {
    if (!Object.prototype.hasOwnProperty.call(old, k)) return false;
    if (k !== statuses && !jsonEqual(status[k], old[k])) return false;
  }
  return true;
}
