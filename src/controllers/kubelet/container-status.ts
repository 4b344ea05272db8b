import type { JsonObject } from '../../common/json.js';
import { rfc3339 } from '../../sim/clock.js';
import type { Container } from '../../api/core/v1/container.js';
import { CONTAINER_REASON } from '../../api/core/v1/container-status.js';
import type { ContainerMemory, Termination } from './memory.js';

/**
 * containerStatuses[] as the kubelet writes them (convertToAPIContainerStatuses), from its memory.
 *
 *   before the first start: image from the spec, imageID "", waiting ContainerCreating (or the
 *     pull error: ErrImagePull / ImagePullBackOff with their messages)
 *   running: containerID, the runtime's image name and imageID, running.startedAt
 *   exited: terminated (Completed for 0, Error otherwise); in CrashLoopBackOff the state is
 *     waiting and the exit moves to lastState
 *
 * Fields of the 1.35 kubelet with its default feature gates: volumeMounts (RecursiveReadOnlyMounts),
 * resources and allocatedResources (InPlacePodVerticalScaling), user (SupplementalGroupsPolicy;
 * the emulated images run as root).
 */

function terminatedState(t: Termination): JsonObject {
  return {
    containerID: t.containerId,
    exitCode: t.exitCode,
    finishedAt: rfc3339(t.finishedMs),
    reason: t.reason,
    startedAt: rfc3339(t.startedMs),
  };
}

function volumeMounts(spec: Container): JsonObject[] | undefined {
  const mounts = spec.volumeMounts ?? [];
  if (!mounts.length) return undefined;
  return mounts.map((m) => {
    const out: JsonObject = { mountPath: m.mountPath ?? '', name: m.name ?? '' };
    if (m.readOnly) {
      out['readOnly'] = true;
      out['recursiveReadOnly'] = 'Disabled';
    }
    return out;
  });
}

/** state and lastState for the container's phase. */
function states(c: ContainerMemory): { state: JsonObject; lastState: JsonObject } {
  const last: JsonObject = c.last ? { terminated: terminatedState(c.last) } : {};
  const waiting = (reason: string, message?: string): JsonObject => ({ waiting: message ? { message, reason } : { reason } });
  switch (c.phase) {
    case 'ErrImagePull':
    case 'ImagePullBackOff':
    case 'ErrImageNeverPull':
      return { state: waiting(c.phase, c.waitingMessage), lastState: last };
    case 'Running':
    case 'Stopping':
      return { state: { running: { startedAt: rfc3339(c.instance?.startedMs ?? 0) } }, lastState: last };
    case 'CrashLoopBackOff':
      return {
        state: waiting(CONTAINER_REASON.CrashLoopBackOff, c.waitingMessage),
        lastState: c.terminated ? { terminated: terminatedState(c.terminated) } : last,
      };
    case 'Exited':
    case 'Done':
      if (c.terminated) return { state: { terminated: terminatedState(c.terminated) }, lastState: last };
      return { state: waiting(CONTAINER_REASON.ContainerCreating), lastState: last };
    default:
      return { state: waiting(CONTAINER_REASON.ContainerCreating), lastState: last };
  }
}

export function containerStatus(c: ContainerMemory, spec: Container): JsonObject {
  const { state, lastState } = states(c);
  const inst = c.instance;
  const out: JsonObject = {
    image: inst?.image ?? spec.image,
    imageID: inst?.imageId ?? '',
    lastState,
    name: c.name,
    ready: c.ready && (c.phase === 'Running' || c.phase === 'Stopping'),
    restartCount: c.restartCount,
    started: c.started && (c.phase === 'Running' || c.phase === 'Stopping'),
    state,
  };
  if (inst) {
    out['containerID'] = inst.containerId;
    out['resources'] = spec.resources ?? {};
    const requests = spec.resources?.requests;
    if (requests && Object.keys(requests).length) out['allocatedResources'] = requests;
    out['user'] = { linux: { gid: 0, supplementalGroups: [0], uid: 0 } };
  }
  const mounts = volumeMounts(spec);
  if (mounts) out['volumeMounts'] = mounts;
  return out;
}
