import type { KubeObject } from '../../../api/meta/v1.js';
import { asPod } from '../../../api/core/v1/pod.js';
import { CONTAINER_REASON } from '../../../api/core/v1/container-status.js';
import { badRequest } from '../../../apiserver/errors.js';

/**
 * Which run of a container a log request reads, decided from the pod's status as the kubelet's
 * validateContainerLogStatus decides it (its errors come back through the API server as
 * `Error from server (BadRequest): ...`):
 *
 *   not scheduled              `pod x does not have a host assigned` (the API server's answer)
 *   --previous                 lastState.terminated's container, else
 *                              `previous terminated container "app" in pod "x" not found`
 *   running                    the running container
 *   terminated                 that container (restartPolicy Never, or just exited)
 *   waiting after a run        lastState.terminated's (CrashLoopBackOff shows the crashed run)
 *   waiting, never run         `container "app" in pod "x" is waiting to start: ContainerCreating`
 *                              (ErrImagePull: `image can't be pulled`; ImagePullBackOff: `trying
 *                              and failing to pull image`)
 */
export function containerIdForLogs(pod: KubeObject, container: string, previous: boolean): string {
  const podName = pod.metadata.name ?? '';
  // The API server's own check (pod LogLocation), before it asks a kubelet: no node, no kubelet.
  if (!asPod(pod).spec?.nodeName) throw badRequest(`pod ${podName} does not have a host assigned`);
  const cs = (asPod(pod).status?.containerStatuses ?? []).find((s) => s.name === container);
  if (!cs) {
    // A pod the kubelet has not reported on yet: its status has no entry for the container.
    throw badRequest(`container "${container}" in pod "${podName}" is waiting to start: ${CONTAINER_REASON.ContainerCreating}`);
  }
  const last = cs.lastState?.terminated;
  const state = cs.state ?? {};
  const terminatedIn = `container "${container}" in pod "${podName}" is terminated`;
  if (previous) {
    if (!last || !last.containerID) throw badRequest(`previous terminated container "${container}" in pod "${podName}" not found`);
    return last.containerID;
  }
  if (state.running) return cs.containerID ?? '';
  if (state.terminated) {
    if (state.terminated.containerID) return state.terminated.containerID;
    if (last?.containerID) return last.containerID;
    throw badRequest(terminatedIn);
  }
  if (last) {
    if (!last.containerID) throw badRequest(terminatedIn);
    return last.containerID;
  }
  if (state.waiting) {
    const reason = state.waiting.reason ?? '';
    if (reason === CONTAINER_REASON.ErrImagePull) throw badRequest(`container "${container}" in pod "${podName}" is waiting to start: image can't be pulled`);
    if (reason === CONTAINER_REASON.ImagePullBackOff) {
      throw badRequest(`container "${container}" in pod "${podName}" is waiting to start: trying and failing to pull image`);
    }
    throw badRequest(`container "${container}" in pod "${podName}" is waiting to start: ${reason}`);
  }
  throw badRequest(`container "${container}" in pod "${podName}" is waiting to start - no logs yet`);
}
