/** core/v1 ContainerStatus and ContainerState, as the kubelet writes them and kubectl reads them. */

/** v1.ContainerStateWaiting. */
export interface ContainerStateWaiting {
  reason?: string;
  message?: string;
}

/** v1.ContainerStateRunning. */
export interface ContainerStateRunning {
  startedAt?: string;
}

/** v1.ContainerStateTerminated. */
export interface ContainerStateTerminated {
  exitCode?: number;
  signal?: number;
  reason?: string;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  containerID?: string;
}

/** v1.ContainerState: at most one of the three is set. */
export interface ContainerState {
  waiting?: ContainerStateWaiting;
  running?: ContainerStateRunning;
  terminated?: ContainerStateTerminated;
}

/** v1.ContainerStatus. */
export interface ContainerStatus {
  name: string;
  ready?: boolean;
  started?: boolean;
  restartCount?: number;
  image?: string;
  imageID?: string;
  containerID?: string;
  state?: ContainerState;
  lastState?: ContainerState;
}

/** The waiting and terminated reasons the kubelet writes and kubectl reads. */
export const CONTAINER_REASON = {
  /** waiting: the container has not started yet */
  ContainerCreating: 'ContainerCreating',
  /** waiting: pulling the image failed */
  ErrImagePull: 'ErrImagePull',
  /** waiting: held back before the next pull of an image that failed to pull */
  ImagePullBackOff: 'ImagePullBackOff',
  /** waiting: the container keeps exiting and is held back before its next restart */
  CrashLoopBackOff: 'CrashLoopBackOff',
  /** terminated with exit code 0 */
  Completed: 'Completed',
  /** terminated with another exit code */
  Error: 'Error',
} as const;
