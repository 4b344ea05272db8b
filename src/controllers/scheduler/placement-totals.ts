import type { KubeObject } from '../../api/meta/v1.js';
import type { ComponentState } from '../framework/state.js';
import { NodeTotals, type StoredTotals } from './node-pods.js';
import { rowHash } from './row-hash.js';
import { sameFlatRecords } from './same-json-text.js';

/**
 * The id of a spread group: the pods of one namespace with the same labels, which every spread
 * selector counts all of or none of.
 */
export function groupId(ns: string, labels: Record<string, string> | undefined): string {
  return `${ns}\u0000${JSON.stringify(labels ?? null)}`;
}

/** A spread group's counted pods (not being deleted) per node. */
export interface GroupCounts {
  ns: string;
  labels: Record<string, string> | undefined;
  perNode: Map<string, number>;
}

/** Group counts are kept in this many rows, by a hash of the group's id: a step rewrites the few its pods are in. */
const SHARDS = 64;

function shardOf(id: string): number {
  return rowHash(id) % SHARDS;
}

/**
 * The stored header: the nodes in the order they first had pods (a node once there stays, with
 * zero pods if need be), and which group rows exist. Node rows and group rows name a node by its
 * index in n, so rows written back before a node was added stay right; the header itself is
 * written only when a node or a group row is added or goes.
 */
interface StoredHeader {
  n: string[];
  g: number[];
}
/** namespace, labels, then [node index, pods, node index, pods...]: flat numbers, quick to parse */
type StoredGroup = [string, Record<string, string> | null, number[]];

/**
 * What the placements of a PlacementIndex add up to: per node the totals the filters and scores
 * read (NodePods), per spread group how many of its pods are on each node. Kept in the cluster
 * file next to the placement rows and changed with them (a row per node, 64 rows of groups), so
 * that a new process knows them without reading the placements: 103 nodes' totals and 500
 * groups' counts instead of 10,000 pods; a step rewrites the rows of the nodes and groups it changed.
 */
export class PlacementTotals {
  /** per node (in the order nodes first had pods; never removed) */
  readonly nodes = new Map<string, NodeTotals>();
  readonly groups = new Map<string, GroupCounts>();
  /**
   * The groups of each row (shard), in the order of groups: flush writes a changed row from its
   * own groups and tells which rows exist from this, instead of going through every group (500
   * groups at each of an apply's 500 steps).
   */
  private readonly byShard = new Map<number, Map<string, GroupCounts>>();
  /** the group change found last, with its id: the pods of a ReplicaSet come one after another */
  private last: { ns: string; labels: Record<string, string> | undefined; id: string } | undefined;
  private readonly dirtyNodes = new Set<string>();
  private readonly dirtyShards = new Set<number>();
  /** the header as stored (undefined: to be written) */
  private header: StoredHeader | undefined;
  /**
   * shardOf of the groups' ids, for flush, which looks at every group twice at every step (500
   * groups, 500 steps of an apply): a lookup by the map's own key strings, whose hash V8 keeps,
   * instead of hashing each id's ~40 characters again.
   */
  private readonly shards = new Map<string, number>();

  private shardOfGroup(id: string): number {
    let k = this.shards.get(id);
    if (k === undefined) this.shards.set(id, (k = shardOf(id)));
    return k;
  }

  /** pod (a placement: bound, not finished) comes (1) or goes (-1) */
  change(pod: KubeObject, node: string, sign: 1 | -1): void {
    let t = this.nodes.get(node);
    if (!t) {
      this.nodes.set(node, (t = new NodeTotals()));
      this.header = undefined;
    }
    t.change(pod, sign);
    this.dirtyNodes.add(node);
    if (pod.metadata.deletionTimestamp) return;
    this.count(pod, node, sign);
  }

  /**
   * pod (not being deleted, on node) was marked for deletion and counts on its node as before:
   * what change(pod, node, -1) and change(the marked pod, node, 1) come to, without adding up
   * its requests twice (750 graceful deletions of a rollout).
   */
  marked(pod: KubeObject, node: string): void {
    const t = this.nodes.get(node);
    if (!t) throw new Error(`placement totals: no node ${node} for a pod counted there`);
    t.recount(pod);
    this.dirtyNodes.add(node);
    if (pod.metadata.deletionTimestamp) return;
    this.count(pod, node, -1);
  }

  /** pod's spread group counts one more (1) or one less (-1) on node */
  private count(pod: KubeObject, node: string, sign: 1 | -1): void {
    const ns = pod.metadata.namespace ?? '';
    const labels = pod.metadata.labels;
    const last = this.last;
    // The same id (the labels' JSON text) as the last one's: no text to make.
    const id = last && last.ns === ns && sameFlatRecords(last.labels, labels) ? last.id : groupId(ns, labels);
    this.last = { ns, labels, id };
    const shard = this.shardOfGroup(id);
    let g = this.groups.get(id);
    if (!g) this.addGroup(id, shard, (g = { ns, labels, perNode: new Map() }));
    const n = (g.perNode.get(node) ?? 0) + sign;
    if (n) g.perNode.set(node, n);
    else g.perNode.delete(node);
    if (!g.perNode.size) {
      this.groups.delete(id);
      const inShard = this.byShard.get(shard);
      inShard?.delete(id);
      if (!inShard?.size) this.byShard.delete(shard);
    }
    this.dirtyShards.add(shard);
  }

  private addGroup(id: string, shard: number, g: GroupCounts): void {
    this.groups.set(id, g);
    let inShard = this.byShard.get(shard);
    if (!inShard) this.byShard.set(shard, (inShard = new Map()));
    inShard.set(id, g);
  }

  /** everything is to be written (totals made afresh from the placements) */
  allDirty(): void {
    for (const node of this.nodes.keys()) this.dirtyNodes.add(node);
    for (let i = 0; i < SHARDS; i++) this.dirtyShards.add(i);
    this.header = undefined;
  }

  get dirty(): boolean {
    return this.dirtyNodes.size > 0 || this.dirtyShards.size > 0 || !this.header;
  }

  /** Writes back what changed, under keys of this epoch. */
  flush(state: ComponentState, epoch: number): void {
    if (!this.dirty) return;
    const index = new Map<string, number>();
    for (const node of this.nodes.keys()) index.set(node, index.size);
    for (const node of this.dirtyNodes) {
      const t = this.nodes.get(node);
      if (t) state.set(nodeKey(epoch, index.get(node) ?? -1), t.stored());
    }
    this.dirtyNodes.clear();
    if (this.dirtyShards.size) {
      for (const k of this.dirtyShards) {
        const inShard = this.byShard.get(k);
        if (!inShard) {
          state.delete(shardKey(epoch, k));
          continue;
        }
        const list: StoredGroup[] = [];
        for (const g of inShard.values()) {
          const counts: number[] = [];
          // Every counted pod is in its node's totals, so its node has an index.
          for (const [node, n] of g.perNode) counts.push(index.get(node) ?? -1, n);
          list.push([g.ns, g.labels ?? null, counts]);
        }
        state.set(shardKey(epoch, k), list);
      }
      this.dirtyShards.clear();
    }
    const g = [...this.byShard.keys()].sort((a, b) => a - b);
    const old = this.header;
    if (!old || old.n.length !== this.nodes.size || old.g.length !== g.length || old.g.some((k, i) => k !== g[i])) {
      this.header = { n: [...this.nodes.keys()], g };
      state.set(headerKey(epoch), this.header);
    }
  }

  /** The totals as the last write-back of this epoch left them; undefined when there are none. */
  static load(state: ComponentState, epoch: number): PlacementTotals | undefined {
    const header = state.get<StoredHeader>(headerKey(epoch));
    if (!header) return undefined;
    const t = new PlacementTotals();
    header.n.forEach((node, i) => {
      const stored = state.get<StoredTotals>(nodeKey(epoch, i));
      t.nodes.set(node, stored ? NodeTotals.from(stored) : new NodeTotals());
    });
    for (const k of header.g) {
      for (const [ns, labels, counts] of state.get<StoredGroup[]>(shardKey(epoch, k)) ?? []) {
        const l = labels ?? undefined;
        const perNode = new Map<string, number>();
        for (let i = 0; i + 1 < counts.length; i += 2) perNode.set(header.n[counts[i] ?? -1] ?? '', counts[i + 1] ?? 0);
        const id = groupId(ns, l);
        t.addGroup(id, t.shardOfGroup(id), { ns, labels: l, perNode });
      }
    }
    t.header = header;
    return t;
  }
}

function headerKey(epoch: number): string {
  return `placement-header:${epoch}`;
}

function nodeKey(epoch: number, i: number): string {
  return `placement-node:${epoch}:${i}`;
}

function shardKey(epoch: number, k: number): string {
  return `placement-groups:${epoch}:${k}`;
}
