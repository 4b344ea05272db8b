import type { ImageBehavior } from '../../apiserver/defaults/imagerepository.js';
import type { BackoffEntry } from './backoff.js';
import type { ProbeKind, ProbeMemory } from './probes.js';
import type { FilesState } from './exec/fs.js';

/**
 * The kubelet's private memory of a pod (what a real kubelet holds in its pod workers, runtime
 * cache, prober workers and back-offs), kept in ctx.state between syncs as plain JSON.
 */

/**
 * Where a container is in its life, as the kubelet sees it. The STATUS column follows from it
 * (see container-status.ts): Creating/Starting/Pulling show ContainerCreating.
 */
export type ContainerPhase =
  /** the pod sandbox is being set up */
  | 'Creating'
  /** about to make sure the image is there (EnsureImageExists) */
  | 'Starting'
  /** pulling the image */
  | 'Pulling'
  /** the last pull failed */
  | 'ErrImagePull'
  /** waiting out the pull back-off */
  | 'ImagePullBackOff'
  /** imagePullPolicy Never and the node lacks the image */
  | 'ErrImageNeverPull'
  /** the app runs */
  | 'Running'
  /** preStop / SIGTERM sent, waiting for the app to exit */
  | 'Stopping'
  /** the app exited; the kubelet has not decided about a restart yet */
  | 'Exited'
  /** waiting out the restart back-off */
  | 'CrashLoopBackOff'
  /** finished for good (no restart, or the pod is going away) */
  | 'Done';

/** A finished run of a container: containerStatuses[].state.terminated / lastState.terminated. */
export interface Termination {
  exitCode: number;
  reason: 'Completed' | 'Error';
  startedMs: number;
  finishedMs: number;
  containerId: string;
  /** when the kubelet sent SIGTERM, for a run it stopped (the app's stop lines: src/images/app-log-lines.ts) */
  sigtermMs?: number;
}

/** One run of a container in the runtime. */
export interface ContainerInstance {
  containerId: string;
  /** the image name the runtime reports */
  image: string;
  imageId: string;
  startedMs: number;
  behavior: ImageBehavior;
  /** when the app exits by itself, if it does */
  exitAtMs?: number;
  /** the exit code it then has */
  exitCode: number;
  /** the requiredEnv variables it did not get (why it exits at once), when any */
  missingEnv?: string[];
  /**
   * The run's files once an exec changed them (exec/fs.ts); absent, the image's files
   * (behavior.files) as the run started with them. A restart is a new run: its image's files again.
   */
  files?: FilesState;
}

/** Why a container is being stopped. */
export type StopCause = 'deletion' | 'liveness' | 'startup';

/** A stop under way (termination.ts's plan): how it ends, and what is due before. */
export interface StopState {
  cause: StopCause;
  /** the exit code the container will have */
  exitCode: number;
  /** when it exits (absent in a memory an older kubemu kept: its dueMs says) */
  exitAtMs?: number;
  /** when the preStop hook fails (FailedPreStopHook), until it is recorded */
  hookFailsAtMs?: number;
  /** when SIGTERM is sent (after the preStop hook), if the app still runs then (its stop lines: src/images/app-log-lines.ts) */
  sigtermMs?: number;
}

export interface ContainerMemory {
  name: string;
  phase: ContainerPhase;
  /** when the current phase's next step is due; undefined: nothing is due */
  dueMs?: number;
  /** waiting.message for ErrImagePull and friends */
  waitingMessage?: string;
  restartCount: number;
  /** the latest run (kept after it ends: CrashLoopBackOff shows its containerID) */
  instance?: ContainerInstance;
  /** state.terminated of the latest run, while it is the current state */
  terminated?: Termination;
  /** lastState.terminated */
  last?: Termination;
  /** the run `last` ended, kept for `kubectl logs --previous` when its image prints anything */
  lastInstance?: ContainerInstance;
  /** the startup probe has passed (or there is none) */
  started: boolean;
  ready: boolean;
  probes: Partial<Record<ProbeKind, ProbeMemory>>;
  pullBackoff?: BackoffEntry;
  /** consecutive failed pulls (the first one is looked at again after one relist, later ones after a worker resync) */
  pullFailures: number;
  crashBackoff?: BackoffEntry;
  stopping?: StopState;
  /** the pull under way: how long it takes once its turn comes, and how long it waits for it */
  pull?: { pullMs: number; waitMs: number };
}

export interface PodMemory {
  uid: string;
  node: string;
  /** when the kubelet admitted the pod (status.startTime) */
  firstSeenMs: number;
  /** when the pod's sandbox is up (absent in a memory an older kubemu kept: firstSeenMs + SANDBOX_MS) */
  sandboxDueMs?: number;
  sandboxReady: boolean;
  podIP?: string;
  /** the kubelet has started tearing the pod down (deletionTimestamp seen) */
  deleting: boolean;
  containers: ContainerMemory[];
  /** the resourceVersion of the kubelet's last status write of the pod (its own write, coming back through the watch) */
  writtenRv?: string;
  /**
   * The due time of the last wake-up the kubelet asked for (controller.ts wakeAt), null before
   * the first. Absent in a memory an older kubemu kept: it kept the wake-up apart, in the entry
   * `wake:<ns>/<name>` (LEGACY_WAKE_PREFIX), which is read then and dropped once the memory takes
   * the wake-up over.
   */
  wakeMs?: number | null;
}

/** Where an older kubemu kept a pod's wakeMs: an entry of its own, `wake:<ns>/<name>`. */
export const LEGACY_WAKE_PREFIX = 'wake:';

/** A container the kubelet has just admitted: its sandbox is due at dueMs. */
export function newContainerMemory(name: string, dueMs: number): ContainerMemory {
  return { name, phase: 'Creating', dueMs, restartCount: 0, started: false, ready: false, probes: {}, pullFailures: 0 };
}

/**
 * The container without a due time. Keys are left out of a copy, never deleted from one: V8 turns
 * an object a key was deleted from into a dictionary, and every later copy of it ({...c}, what
 * each step does) is then built key by key, ~100 times slower (6 us instead of 40 ns for a
 * container's memory).
 */
export function withoutDue(c: ContainerMemory): ContainerMemory {
  const { dueMs: _dueMs, ...rest } = c;
  return rest;
}

/**
 * The two memories are the same but for `except`. A step or a probe tick copies the memory and
 * sets what it changes (lifecycle.ts, probing.ts), so what it left alone is the same value: a
 * shallow comparison.
 */
export function sameExcept(a: ContainerMemory, b: ContainerMemory, except: keyof ContainerMemory): boolean {
  // Each side's keys in turn: a key both have is compared twice, which costs less than a set of them.
  return sameKeysOf(a, b, except) && sameKeysOf(b, a, except);
}

/** Every key of x but `except` has the same value in y. */
function sameKeysOf(x: ContainerMemory, y: ContainerMemory, except: keyof ContainerMemory): boolean {
  for (const k of Object.keys(x) as (keyof ContainerMemory)[]) {
    if (k !== except && x[k] !== y[k]) return false;
  }
  return true;
}
