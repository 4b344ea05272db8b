import type { ApiServer } from '../../apiserver/server.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { isPodPhaseTerminal } from '../../api/core/v1/pod-util.js';
import { findByKind } from '../../apiserver/resources.js';

const POD = findByKind('v1', 'Pod')!;

/**
 * The scheduler cache (pkg/scheduler/backend/cache): the pods that hold resources on each node,
 * kept current from watch events and from the scheduler's own bindings ("assumed" pods, which
 * its informer only reports a moment later). Built from one list per process, so scheduling a
 * pod does not read every pod of the cluster again.
 */
export class SchedulerCache {
  private built = false;
  private readonly nodeOf = new Map<string, { node: string; pod: KubeObject; rev: number }>();
  private readonly byNode = new Map<string, Map<string, KubeObject>>();
  /** per node, the array handed out last; rebuilt only when the node's pods change */
  private readonly arrays = new Map<string, KubeObject[]>();

  private ensure(api: ApiServer): void {
    if (this.built) return;
    this.built = true;
    for (const p of api.list(POD, undefined)) this.upsert(p);
  }

  /** A pod event (or the result of our own binding): where the pod now holds resources. */
  upsert(pod: KubeObject): void {
    const uid = pod.metadata.uid ?? '';
    const rev = Number(pod.metadata.resourceVersion ?? 0);
    const old = this.nodeOf.get(uid);
    if (old && old.rev > rev) return;
    this.remove(uid, rev);
    const p = asPod(pod);
    const node = p.spec?.nodeName;
    if (!node || isPodPhaseTerminal(p.status?.phase)) return;
    this.nodeOf.set(uid, { node, pod, rev });
    let m = this.byNode.get(node);
    if (!m) this.byNode.set(node, (m = new Map()));
    m.set(uid, pod);
    this.arrays.delete(node);
  }

  remove(uid: string, rev: number): void {
    const old = this.nodeOf.get(uid);
    if (!old || old.rev > rev) return;
    this.nodeOf.delete(uid);
    this.byNode.get(old.node)?.delete(uid);
    this.arrays.delete(old.node);
  }

  /**
   * The pods holding resources on each node. The pod being scheduled has no node, so it is in
   * none of the lists. A node's array stays the same object until its pods change, so sums
   * over it can be remembered (requests.ts).
   */
  podsByNode(api: ApiServer): Map<string, KubeObject[]> {
    this.ensure(api);
    const out = new Map<string, KubeObject[]>();
    for (const [node, pods] of this.byNode) {
      let arr = this.arrays.get(node);
      if (!arr) this.arrays.set(node, (arr = [...pods.values()]));
      out.set(node, arr);
    }
    return out;
  }
}
