import type { KubeObject } from '../../api/meta/v1.js';
import type { ResourceInfo } from '../../apiserver/resources.js';

/** One object as the garbage collector's dependency graph knows it. */
export interface GraphNode {
  uid: string;
  info: ResourceInfo;
  namespace: string | undefined;
  name: string;
  ownerUids: string[];
  /** owners whose reference has blockOwnerDeletion */
  blockingOwnerUids: string[];
  revision: number;
}

/**
 * The GC's view of ownership (garbagecollector/graph.go): objects by uid and, for each owner,
 * its dependents. Built from a full list once per process, then kept current from watch events.
 */
export class OwnerGraph {
  private readonly nodes = new Map<string, GraphNode>();
  private readonly dependents = new Map<string, Set<string>>();

  get(uid: string): GraphNode | undefined {
    return this.nodes.get(uid);
  }

  has(uid: string): boolean {
    return this.nodes.has(uid);
  }

  dependentsOf(uid: string): GraphNode[] {
    return [...(this.dependents.get(uid) ?? [])].flatMap((d) => this.nodes.get(d) ?? []);
  }

  /** Adds or refreshes an object; an event older than what the graph holds is ignored. */
  upsert(info: ResourceInfo, obj: KubeObject): void {
    const uid = obj.metadata.uid;
    if (!uid) return;
    const revision = Number(obj.metadata.resourceVersion ?? '0');
    const old = this.nodes.get(uid);
    if (old && old.revision > revision) return;
    if (old) this.unlink(old);
    const refs = obj.metadata.ownerReferences ?? [];
    const node: GraphNode = {
      uid,
      info,
      namespace: obj.metadata.namespace,
      name: obj.metadata.name ?? '',
      ownerUids: refs.map((r) => r.uid),
      blockingOwnerUids: refs.filter((r) => r.blockOwnerDeletion).map((r) => r.uid),
      revision,
    };
    this.nodes.set(uid, node);
    for (const o of node.ownerUids) {
      let set = this.dependents.get(o);
      if (!set) this.dependents.set(o, (set = new Set()));
      set.add(uid);
    }
  }

  remove(uid: string, revision: number): GraphNode | undefined {
    const node = this.nodes.get(uid);
    if (!node || node.revision > revision) return undefined;
    this.unlink(node);
    this.nodes.delete(uid);
    return node;
  }

  private unlink(node: GraphNode): void {
    for (const o of node.ownerUids) this.dependents.get(o)?.delete(node.uid);
  }
}
