import type { KubeObject } from '../../../api/meta/v1.js';
import { asPod } from '../../../api/core/v1/pod.js';
import { isPodPhaseTerminal } from '../../../api/core/v1/pod-util.js';
import { CliError } from '../../util/errors.js';

/**
 * What `kubectl exec POD [-c C] -- COMMAND...` runs on an emulated cluster. The etcd pod's
 * `etcdctl` is kubemu's own etcdctl on the cluster's keyspace; every other command runs in the
 * container's emulated files (controllers/kubelet/exec/: touch, rm, cat, ls, test, mkdir, echo,
 * sh -c joining them), as the kubelet serves an exec.
 */
export type ExecPlan =
  | { kind: 'etcdctl'; args: string[] }
  | {
      kind: 'container';
      container: string;
      /** kubectl's `Defaulted container "a" out of: a, b` line, when it says one */
      defaulted?: string;
    };

/** kubectl's annotation naming the container exec, logs, attach and cp pick without -c. */
export const DEFAULT_CONTAINER_ANNOTATION = 'kubectl.kubernetes.io/default-container';

/** The etcd static pod: label component=etcd in kube-system (kubeadm's labels). */
function isEtcdPod(pod: KubeObject): boolean {
  return pod.metadata.namespace === 'kube-system' && pod.metadata.labels?.['component'] === 'etcd';
}

/**
 * podcmd.AllContainerNames: containers, then ephemeral ones `(ephem)`, then init ones `(init)`
 * (ephemeral containers are not emulated: `kubectl debug` is not).
 */
export function allContainerNames(pod: KubeObject): string {
  const spec = asPod(pod).spec;
  return [...(spec?.containers ?? []).map((c) => c.name ?? ''), ...(spec?.initContainers ?? []).map((c) => `${c.name ?? ''} (init)`)].join(', ');
}

function hasContainer(pod: KubeObject, name: string): boolean {
  const spec = asPod(pod).spec;
  return [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])].some((c) => c.name === name);
}

/**
 * podcmd.FindOrDefaultContainerByName (kubectl 1.33): -c must name one of the pod's containers;
 * without it, the default-container annotation's (when the pod has it), else the first
 * container, said on stderr when the pod has others (`-q` keeps that quiet).
 */
export function chooseContainer(pod: KubeObject, name: string | undefined, quiet: boolean): { container: string; defaulted?: string } {
  const podName = pod.metadata.name ?? '';
  if (name !== undefined && name !== '') {
    if (!hasContainer(pod, name)) throw new CliError(`container ${name} not found in pod ${podName}`);
    return { container: name };
  }
  const spec = asPod(pod).spec;
  const containers = spec?.containers ?? [];
  if (containers.length === 0) throw new CliError(`pod ${pod.metadata.namespace ?? 'default'}/${podName} does not have any containers`);
  const annotated = pod.metadata.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
  if (annotated && hasContainer(pod, annotated)) return { container: annotated };
  const first = containers[0]!.name ?? '';
  const others = containers.length > 1 || (spec?.initContainers ?? []).length > 0;
  if (!quiet && others) return { container: first, defaulted: `Defaulted container "${first}" out of: ${allContainerNames(pod)}\n` };
  return { container: first };
}

/** Decides what an exec runs. `command` is everything after `--`; `container` is -c. */
export function planExec(pod: KubeObject, command: readonly string[], container?: string, quiet = false): ExecPlan {
  if (command.length === 0) throw new CliError('you must specify at least one command for the container');
  const chosen = chooseContainer(pod, container, quiet);
  const program = command[0] ?? '';
  if (isEtcdPod(pod) && (program === 'etcdctl' || program.endsWith('/etcdctl'))) {
    return { kind: 'etcdctl', args: command.slice(1) };
  }
  return { kind: 'container', ...chosen };
}

/** The pod phase check kubectl makes before it connects: a finished pod cannot be exec'd into. */
export function checkPodRunning(pod: KubeObject): void {
  const phase = asPod(pod).status?.phase ?? '';
  if (isPodPhaseTerminal(phase)) {
    throw new CliError(`cannot exec into a container in a completed pod; current phase is ${phase}`);
  }
}
