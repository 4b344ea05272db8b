/**
 * The cluster a `kubemu node remove --drain` acts on, as the autoscaler's removal sees it
 * (scale-down.ts): API reads and writes, its events (recorded as client-go's recorder would, source
 * `cluster-autoscaler`), the machine's deletion, and cluster time passing while it waits.
 */
import type { Cluster } from '../../cluster/cluster.js';
import { waitUntil } from '../../cluster/time.js';
import { findByKind } from '../../apiserver/resources.js';
import { asPod } from '../../api/core/v1/pod.js';
import { EventRecorder } from '../../controllers/framework/events.js';
import { ComponentState } from '../../controllers/framework/state.js';
import { removeMachine } from '../../controllers/kubelet/machine-power.js';
import { AUTOSCALER_COMPONENT, type ScaleDownClient } from './scale-down.js';

const NODES = findByKind('v1', 'Node')!;
const PODS = findByKind('v1', 'Pod')!;
const PDBS = findByKind('policy/v1', 'PodDisruptionBudget')!;

export function clusterScaleDownClient(cluster: Cluster, io: { out(text: string): void; err(text: string): void }): ScaleDownClient {
  const { api } = cluster;
  const recorder = new EventRecorder(api, () => cluster.clock.now(), new ComponentState(cluster.store, 'event-recorder'));
  return {
    now: () => cluster.clock.now(),
    passUntil: async (ms) => {
      await waitUntil(cluster, { deadlineMs: ms, done: () => false });
    },
    getPod: (ns, name) => api.tryGet(PODS, ns, name),
    getNode: (name) => api.tryGet(NODES, undefined, name),
    updateNode: (node) => api.update(NODES, node),
    nodePods: (node) => api.list(PODS, undefined, (p) => asPod(p).spec?.nodeName === node),
    budgets: (ns) => api.list(PDBS, ns),
    evict: (pod, eviction) => {
      api.evict(pod.metadata.namespace ?? '', pod.metadata.name ?? '', eviction);
    },
    deleteNode: (name) => cluster.store.transaction(() => removeMachine({ api, timers: cluster.timers }, name)),
    event: (involved, type, reason, message) => recorder.record({ involved, type, reason, message, component: AUTOSCALER_COMPONENT }),
    out: (t) => io.out(t),
    err: (t) => io.err(t),
  };
}
