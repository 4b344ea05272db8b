import type { Cluster } from './cluster.js';
import { settle } from './time.js';
import { execInContainer, type KubeletExec } from '../controllers/kubelet/exec/session.js';

/**
 * An exec into a pod's container, at the cluster's current instant, in one write transaction:
 *
 * 1. the kubelet syncs the pod, so its memory is brought up to now with the files as they were
 *    (probe ticks it had folded as quiet, or whose events were dropped, are folded up to here);
 * 2. the command runs on the container's files (controllers/kubelet/exec/session.ts);
 * 3. if it changed them, the kubelet syncs the pod again: its probes are planned anew with the
 *    new files, so the next tick that may see the change is a step (the kubelet asks to be woken
 *    then) — no polling, and nothing earlier changes.
 *
 * A readiness probe `cat /tmp/ready` every 5 s from S, reported failing: `touch /tmp/ready` at
 * S+12 → the tick at S+15 succeeds → Ready at S+15 (successThreshold 1).
 */
export function execInPod(cluster: Cluster, namespace: string, name: string, uid: string, container: string, argv: readonly string[], cwd?: string): KubeletExec {
  const key = `${namespace}/${name}`;
  const result = cluster.store.transaction(() =>
    cluster.controlPlane.withController('kubelet', (kubelet, ctx) => {
      kubelet.sync(key, ctx);
      const r = execInContainer(ctx, key, uid, container, argv, cwd);
      if (r.kind !== 'container-not-found' && r.changed) kubelet.sync(key, ctx);
      return r;
    }),
  );
  // The other controllers react to what the kubelet's syncs wrote (a status), as after any command.
  settle(cluster);
  return result;
}
