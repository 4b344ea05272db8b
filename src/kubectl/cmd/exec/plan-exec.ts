import type { KubeObject } from '../../../api/meta/v1.js';
import { asPod } from '../../../api/core/v1/pod.js';
import { isPodPhaseTerminal } from '../../../api/core/v1/pod-util.js';
import { CliError } from '../../util/errors.js';

/**
 * What `kubectl exec POD [-c C] -- COMMAND...` can do on an emulated cluster: no container runs
 * a process, so the one command kubemu answers is the etcd pod's `etcdctl`, which reads the
 * cluster's keyspace (kubemu's own `etcdctl`). Anything else fails loudly instead of pretending.
 */
export type ExecPlan = { kind: 'etcdctl'; args: string[] };

/** The etcd static pod: label component=etcd in kube-system (kubeadm's labels). */
function isEtcdPod(pod: KubeObject): boolean {
  return pod.metadata.namespace === 'kube-system' && pod.metadata.labels?.['component'] === 'etcd';
}

function containerNames(pod: KubeObject): string[] {
  return (asPod(pod).spec?.containers ?? []).map((c) => c.name ?? '');
}

/**
 * Decides what an exec runs. `command` is everything after `--`; `container` is -c. A container
 * the pod does not have gets kubectl's own error; a pod that is not running gets the API
 * server's (checked by the caller, which has the pod's phase).
 */
export function planExec(pod: KubeObject, command: readonly string[], container?: string): ExecPlan {
  const podName = pod.metadata.name ?? '';
  if (command.length === 0) throw new CliError('you must specify at least one command for the container');
  const names = containerNames(pod);
  if (container !== undefined && !names.includes(container)) {
    throw new CliError(`container ${container} not found in pod ${podName}`);
  }
  const program = command[0] ?? '';
  if (isEtcdPod(pod) && (program === 'etcdctl' || program.endsWith('/etcdctl'))) {
    return { kind: 'etcdctl', args: command.slice(1) };
  }
  throw new CliError(
    `kubemu does not emulate exec of "${program}" in pod ${pod.metadata.namespace ?? 'default'}/${podName}: ` +
      'only etcdctl in the etcd pod (kube-system/etcd-k8s-master-1) runs, on the cluster keyspace',
  );
}

/** The pod phase check kube-apiserver makes before it connects: a finished pod cannot be exec'd into. */
export function checkPodRunning(pod: KubeObject): void {
  const phase = asPod(pod).status?.phase ?? '';
  if (isPodPhaseTerminal(phase)) {
    throw new CliError(`cannot exec into a container in a completed pod; current phase is ${phase}`);
  }
}
