/**
 * Which pods of a node `kubectl drain` deletes or evicts (staging/src/k8s.io/kubectl/pkg/drain/
 * filters.go). Every pod goes through the filters in upstream's order, stopping at the first that
 * keeps it: pods being deleted for longer than --skip-wait-for-delete-timeout, DaemonSet pods,
 * mirror pods (the kubelet's static pods: skipped silently), pods with emptyDir volumes, pods with
 * no controller. A filter that keeps a pod either skips it, warns, or fails the drain:
 *
 *   pod                                  flags                    → outcome
 *   a ReplicaSet's pod                   (none)                   → deleted
 *   no controller                        (none)                   → error `cannot delete Pods that declare no controller (use --force to override)` (said `cannot delete cannot delete ...`, see errors())
 *   no controller                        --force                  → deleted, warning `deleting Pods that declare no controller`
 *   emptyDir volume, Running             (none)                   → error `cannot delete Pods with local storage (use --delete-emptydir-data to override)`
 *   emptyDir volume, Running             --delete-emptydir-data   → deleted (its warning is replaced by the next filter's verdict)
 *   DaemonSet's pod                      --ignore-daemonsets      → kept, warning `ignoring DaemonSet-managed Pods`
 *   a finished (Succeeded/Failed) pod    any                      → deleted (the emptyDir, DaemonSet and controller checks let it go)
 *
 * Upstream gathers warnings and errors in Go maps keyed by message, so with two kinds of each their
 * order changes from run to run; kubemu keeps the order in which the first pod of each kind came.
 * The texts are kubectl 1.33's (test/golden/drain/runs.json records them from the real binary).
 */
import type { KubeObject } from '../../api/meta/v1.js';
import { asPod, POD_PHASE } from '../../api/core/v1/pod.js';
import { MIRROR_POD_ANNOTATION } from '../../api/core/v1/annotation-keys.js';
import { controllerOf } from '../../api/meta/controller-of.js';

const DAEMON_SET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
const DAEMON_SET_WARNING = 'ignoring DaemonSet-managed Pods';
const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)';
const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage';
const UNMANAGED_FATAL = 'cannot delete Pods that declare no controller (use --force to override)';
const UNMANAGED_WARNING = 'deleting Pods that declare no controller';

/** PodDeleteStatus: whether drain deletes the pod, and why (Okay, Skip, Warning, Error). */
export interface PodDeleteStatus {
  delete: boolean;
  reason: 'Okay' | 'Skip' | 'Warning' | 'Error';
  message: string;
}

const OKAY: PodDeleteStatus = { delete: true, reason: 'Okay', message: '' };
const SKIP: PodDeleteStatus = { delete: false, reason: 'Skip', message: '' };
const warning = (del: boolean, message: string): PodDeleteStatus => ({ delete: del, reason: 'Warning', message });
const error = (message: string): PodDeleteStatus => ({ delete: false, reason: 'Error', message });

/** The drain flags the filters read, and the lookups they make. */
export interface FilterOptions {
  force: boolean;
  ignoreAllDaemonSets: boolean;
  deleteEmptyDirData: boolean;
  /** --skip-wait-for-delete-timeout in seconds; 0 skips nothing */
  skipWaitForDeleteTimeoutSeconds: number;
  /** the cluster's clock, in ms */
  nowMs: number;
  /**
   * The GET of a pod's DaemonSet: undefined when it exists, else the API error's text and whether
   * it was NotFound (an orphaned DaemonSet pod is deleted with --force).
   */
  daemonSetError: (namespace: string, name: string) => { message: string; notFound: boolean } | undefined;
}

/** A pod that has run to its end (Succeeded or Failed). */
export const finished = (pod: KubeObject): boolean => {
  const phase = asPod(pod).status?.phase;
  return phase === POD_PHASE.Succeeded || phase === POD_PHASE.Failed;
};

/** A mirror pod: the API's copy of a kubelet's static pod (the `kubernetes.io/config.mirror` annotation). */
export const isMirrorPod = (pod: KubeObject): boolean => pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined;

/** A pod whose controller is a DaemonSet. */
export const hasDaemonSetController = (pod: KubeObject): boolean => controllerOf(pod)?.kind === 'DaemonSet';

/** shouldSkipPod: deleted more than N (> 0) seconds ago. */
export function deletedLongAgo(pod: KubeObject, skipSeconds: number, nowMs: number): boolean {
  const ts = pod.metadata.deletionTimestamp;
  return skipSeconds > 0 && !!ts && Math.trunc((nowMs - Date.parse(ts)) / 1000) > skipSeconds;
}

type Filter = (pod: KubeObject, o: FilterOptions) => PodDeleteStatus;

const skipDeleted: Filter = (pod, o) => (deletedLongAgo(pod, o.skipWaitForDeleteTimeoutSeconds, o.nowMs) ? SKIP : OKAY);

const daemonSet: Filter = (pod, o) => {
  const ref = controllerOf(pod);
  if (!ref || !hasDaemonSetController(pod)) return OKAY;
  if (finished(pod)) return OKAY;
  const err = o.daemonSetError(pod.metadata.namespace ?? '', ref.name);
  if (err) return err.notFound && o.force ? warning(true, err.message) : error(err.message);
  return o.ignoreAllDaemonSets ? warning(false, DAEMON_SET_WARNING) : error(DAEMON_SET_FATAL);
};

const mirrorPod: Filter = (pod) => (isMirrorPod(pod) ? SKIP : OKAY);

const localStorage: Filter = (pod, o) => {
  if (!(asPod(pod).spec?.volumes ?? []).some((v) => v.emptyDir !== undefined && v.emptyDir !== null)) return OKAY;
  if (finished(pod)) return OKAY;
  return o.deleteEmptyDirData ? warning(true, LOCAL_STORAGE_WARNING) : error(LOCAL_STORAGE_FATAL);
};

const unreplicated: Filter = (pod, o) => {
  if (finished(pod)) return OKAY;
  if (controllerOf(pod)) return OKAY;
  return o.force ? warning(true, UNMANAGED_WARNING) : error(UNMANAGED_FATAL);
};

const FILTERS: readonly Filter[] = [skipDeleted, daemonSet, mirrorPod, localStorage, unreplicated];

/** The status of one pod: the last filter's, stopping at the first that keeps the pod. */
export function podDeleteStatus(pod: KubeObject, o: FilterOptions): PodDeleteStatus {
  let status = OKAY;
  for (const f of FILTERS) {
    status = f(pod, o);
    if (!status.delete) break;
  }
  return status;
}

export interface PodDelete {
  pod: KubeObject;
  status: PodDeleteStatus;
}

/** PodDeleteList: every pod of the node with its status. */
export class PodDeleteList {
  constructor(readonly items: readonly PodDelete[]) {}

  /** The pods drain deletes or evicts. */
  pods(): KubeObject[] {
    return this.items.filter((i) => i.status.delete).map((i) => i.pod);
  }

  /** `message: ns/a, ns/b; message2: ns/c`, or '' when there is no warning. */
  warnings(): string {
    return grouped(this.items, 'Warning')
      .map(([msg, pods]) => `${msg}: ${pods.join(', ')}`)
      .join('; ');
  }

  /**
   * One error per message, `cannot delete` put in front of each, even of the one that already
   * starts with it: `cannot delete cannot delete Pods that declare no controller (use --force to
   * override): default/bare` is what kubectl 1.33 to 1.35 print (kubernetes/kubectl#1808).
   */
  errors(): string[] {
    return grouped(this.items, 'Error').map(([msg, pods]) => `cannot delete ${msg || 'unexpected error'}: ${pods.join(', ')}`);
  }
}

function grouped(items: readonly PodDelete[], reason: PodDeleteStatus['reason']): [string, string[]][] {
  const byMessage = new Map<string, string[]>();
  for (const { pod, status } of items) {
    if (status.reason !== reason) continue;
    const list = byMessage.get(status.message) ?? [];
    list.push(`${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`);
    byMessage.set(status.message, list);
  }
  return [...byMessage];
}

/** filterPods: the node's pods, each with its status. */
export function filterPods(pods: readonly KubeObject[], o: FilterOptions): PodDeleteList {
  return new PodDeleteList(pods.map((pod) => ({ pod, status: podDeleteStatus(pod, o) })));
}
