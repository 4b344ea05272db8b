import type { ApiServer, WatchEvent } from '../../apiserver/server.js';
import type { ComponentState } from '../framework/state.js';
import { type PlacementIndex, placementOf } from './placements.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { isPodPhaseTerminal } from '../../api/core/v1/pod-util.js';
import { findByKind } from '../../apiserver/resources.js';
import { type NodePods, type NodePodsByName, NodeTotals, sameDemand } from './node-pods.js';
import { groupId } from './placement-totals.js';
import { sameFlatRecords } from './same-json-text.js';

const POD = findByKind('v1', 'Pod')!;

/** Where one pod holds resources, as the cache knows it. */
interface Entry {
  node: string;
  pod: KubeObject;
  rev: number;
  group: SpreadGroup | undefined;
}

/**
 * One node as the cache hands it out: its running totals, always; its pods, once the cache knows
 * every pod (asking for them makes it learn them).
 */
class NodeState extends NodeTotals implements NodePods {
  readonly list: KubeObject[] = [];
  /** where each pod sits in list */
  readonly at = new Map<string, number>();

  constructor(private readonly learnAll: () => void) {
    super();
  }

  pods(): readonly KubeObject[] {
    this.learnAll();
    return this.list;
  }
}

/** The cache's nodes by name, with a layout that any change of entries bumps (NodePodsByName). */
class NodeStates extends Map<string, NodeState> implements NodePodsByName {
  layout = 0;

  override set(key: string, value: NodeState): this {
    this.layout++;
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    this.layout++;
    return super.delete(key);
  }

  override clear(): void {
    this.layout++;
    super.clear();
  }
}

/**
 * The scheduler cache (pkg/scheduler/backend/cache): the pods that hold resources on each node,
 * kept current from watch events and from the scheduler's own bindings ("assumed" pods, which
 * its informer only reports a moment later). At its first use in a process it learns where every
 * pod is: from the placements its informer has seen (placements.ts, kept in the cluster file),
 * brought up to now with the writes after the informer's cursor — what a list of every pod gave,
 * at the cost of what changed since the cursor rather than of the cluster.
 *
 * What placing a pod reads of a node is mostly its totals (NodePods: the pod count, the requests
 * added up) and, for spreading, how many pods of each group are there; the placements index
 * keeps both in the file (placement-totals.ts). So the cache starts from those totals and learns
 * pods one by one only as they change (an event, a binding, a write since the cursor), each
 * from its placement just before it changes: a new process that places 5 pods reads the totals
 * of 103 nodes and a few placements, not 10,000. It reads every placement only when a filter
 * needs the pods themselves (host ports, preemption victims) or the index is about to be dropped.
 */
export class SchedulerCache {
  private built = false;
  /** the pods known one by one: where each holds resources, or null where it holds none */
  private readonly nodeOf = new Map<string, Entry | null>();
  /**
   * whether nodeOf knows every pod. Until then (once built) a pod it does not know is where the
   * placements index had it when the cache was built, and the totals count it there: no event
   * has changed it since, as the cache learns each pod from the index before the index takes
   * the pod's event (seen).
   */
  private complete = false;
  /** the index's generation when the cache was built: another means the index read its rows again */
  private generation = -1;
  private api: ApiServer | undefined;
  private state: ComponentState | undefined;
  /** per node, its totals (and pods once complete) */
  private readonly byNode = new NodeStates();
  /** the counted pods (not being deleted) by namespace and labels, per node */
  private readonly groups = new Map<string, SpreadGroup>();
  /** per spread selector key: how many counted pods it selects on each node */
  private readonly spreads = new Map<string, SpreadCounts>();
  /**
   * The groups by each label they have (labelKey), and the spread selectors by the label they
   * require, if any (else in spreadsAnyLabel): a new selector looks only at the groups with its
   * label, a new group only at the selectors requiring one of its labels. 500 Deployments: 1 of
   * 500 each time, not all of them.
   */
  private readonly groupsByLabel = new Map<string, SpreadGroup[]>();
  private readonly spreadsByLabel = new Map<string, SpreadCounts[]>();
  private readonly spreadsAnyLabel: SpreadCounts[] = [];
  /** the group groupOf found last: the pods of a ReplicaSet are bound one after another */
  private lastGroup: SpreadGroup | undefined;
  private readonly learnAll = () => this.knowAll();

  constructor(
    private readonly placements: PlacementIndex,
    private readonly cursor: (api: ApiServer) => number,
  ) {}

  /** The informer delivered a pod event: the placements it has seen follow it. */
  seen(api: ApiServer, state: ComponentState, ev: WatchEvent): void {
    // The pod's placement as the totals count it, before the index takes the event. A pod not
    // bound yet has none (a node once set stays): no need to look.
    if (this.built && !this.complete) {
      const uid = ev.object.metadata.uid ?? '';
      if (this.stale(api, state)) this.reset();
      else if (asPod(ev.object).spec?.nodeName) this.known(uid);
      else if (!this.nodeOf.has(uid)) this.nodeOf.set(uid, null);
    }
    this.placements.event(api, state, ev);
  }

  /** The index is about to start over from a list (a relist): learn every pod from it first. */
  beforeRelist(api: ApiServer, state: ComponentState): void {
    if (!this.built || this.complete) return;
    if (this.stale(api, state)) this.reset();
    else this.knowAll();
  }

  /**
   * Another process wrote the index back (or it was dropped): the placements of the pods the cache
   * does not know may have moved under it, so it starts over. (A rollback makes the index read its
   * rows again too, but the pods whose placements that can change are those of this process's
   * events since the last write-back, all known to the cache.)
   */
  private stale(api: ApiServer, state: ComponentState): boolean {
    return this.placements.generation(api, state) !== this.generation;
  }

  private reset(): void {
    this.built = false;
    this.complete = false;
    this.clear();
  }

  /** Forgets every pod, group and spread selector the cache holds. */
  private clear(): void {
    this.nodeOf.clear();
    this.byNode.clear();
    this.groups.clear();
    this.spreads.clear();
    this.groupsByLabel.clear();
    this.spreadsByLabel.clear();
    this.spreadsAnyLabel.length = 0;
    this.lastGroup = undefined;
  }

  private ensure(api: ApiServer, state: ComponentState): void {
    if (this.built) {
      if (this.complete || !this.stale(api, state)) return;
      this.reset();
    }
    this.built = true;
    this.api = api;
    this.state = state;
    // The pods the informer's events told before the first use, replayed on what the cache starts
    // from (with those that went: the index took their events, so they are known from it too).
    const pre = [...this.nodeOf];
    this.clear();
    // The pods as a list now would give them: the placements up to the cursor, then every write
    // after it. A pod that finished or went since is not among them; one that finished is also
    // dropped from the cache, as its listed (finished) object would have done.
    const since = this.writesSinceCursor(api);
    if (!since) {
      this.complete = true;
      for (const [, e] of pre) if (e) this.upsert(e.pod);
      for (const p of api.list(POD, undefined)) this.upsert(p);
      return;
    }
    this.generation = this.placements.generation(api, state);
    const totals = this.placements.totalsNow(api, state);
    for (const [node, t] of totals.nodes) t.copyInto(this.nodeState(node));
    for (const [id, g] of totals.groups) this.addGroup(id, { ns: g.ns, labels: g.labels, perNode: new Map(g.perNode), spreads: [] });
    // Every other pod is its placement, counted above; these are as the list and writes make them.
    const touched = new Set<string>();
    for (const [uid] of pre) touched.add(uid);
    for (const ev of since) touched.add(ev.object.metadata.uid ?? '');
    const now = new Map<string, KubeObject>();
    for (const uid of touched) {
      const placed = this.known(uid);
      if (placed) now.set(uid, placed.pod);
    }
    // Each pod the events told goes from its placement to its last entry in one change (touched
    // starts with pre's pods, in pre's order): most (a step's status writes) are on the same node
    // with the same demand, so the node's totals stay as they are (1,000 pods of a rollout's first
    // step: no requests taken away and added again).
    const last = new Map(pre);
    for (const uid of touched) {
      const e = last.get(uid);
      if (!e) {
        this.setEntry(uid, null);
        continue;
      }
      const next = this.entryOf(e.pod);
      const old = this.nodeOf.get(uid);
      const demand = !!old && old.node === next.node && sameDemand(old.pod, next.pod);
      this.setEntry(uid, next, demand && old.group === next.group, demand);
    }
    const finished = new Map<string, number>();
    for (const ev of since) {
      const uid = ev.object.metadata.uid ?? '';
      const p = asPod(ev.object);
      if (ev.type === 'DELETED') {
        now.delete(uid);
        finished.delete(uid);
      } else if (!p.spec?.nodeName) continue;
      else if (isPodPhaseTerminal(p.status?.phase)) {
        now.delete(uid);
        finished.set(uid, ev.revision);
      } else now.set(uid, placementOf(ev.object));
    }
    for (const p of now.values()) this.upsert(p);
    for (const [uid, rev] of finished) this.remove(uid, rev);
  }

  /** The pod writes after the informer's cursor; undefined when compaction took them (then a list serves). */
  private writesSinceCursor(api: ApiServer): WatchEvent[] | undefined {
    const from = this.cursor(api);
    return from < api.store.compactedRevision() ? undefined : api.changesSince(from, POD, undefined);
  }

  /** Where the pod holds resources as far as the cache knows; learnt from the index if need be. */
  private known(uid: string): Entry | undefined {
    let e = this.nodeOf.get(uid);
    if (e === undefined && this.built && !this.complete && this.api && this.state) {
      const placed = this.placements.placement(this.api, this.state, uid);
      e = placed ? this.entryOf(placed) : null;
      this.nodeOf.set(uid, e);
    }
    return e ?? undefined;
  }

  /** Learns every pod the cache does not know yet from the index, and the pods of each node. */
  private knowAll(): void {
    if (!this.built || this.complete || !this.api || !this.state) return;
    for (const p of this.placements.all(this.api, this.state)) {
      const uid = p.metadata.uid ?? '';
      if (!this.nodeOf.has(uid)) this.nodeOf.set(uid, this.entryOf(p));
    }
    this.complete = true;
    for (const [uid, e] of this.nodeOf) {
      if (!e) this.nodeOf.delete(uid);
      else this.place(this.nodeState(e.node), uid, e.pod);
    }
  }

  private entryOf(pod: KubeObject): Entry {
    return {
      node: asPod(pod).spec?.nodeName ?? '',
      pod,
      rev: Number(pod.metadata.resourceVersion ?? 0),
      group: pod.metadata.deletionTimestamp ? undefined : this.groupOf(pod),
    };
  }

  private nodeState(node: string): NodeState {
    let n = this.byNode.get(node);
    if (!n) this.byNode.set(node, (n = new NodeState(this.learnAll)));
    return n;
  }

  private place(n: NodeState, uid: string, pod: KubeObject): void {
    n.at.set(uid, n.list.length);
    n.list.push(pod);
  }

  /**
   * The pod now holds resources as e says (null: none): its old place and counts go, the new come.
   * sameCounts: e counts exactly as the old entry did (same node, group and demand, see upsert), so
   * the totals and spread counts would come back to what they are: only the entry and place change.
   * sameDemand: e is on the old entry's node with the same demand (a graceful deletion's mark):
   * the node's totals come back to what they are (NodeTotals.recount), its group's counts change.
   */
  private setEntry(uid: string, e: Entry | null, sameCounts = false, sameDemand = false): void {
    // Before the first use nothing is counted: ensure starts over from each pod's last entry.
    if (!this.built) {
      this.nodeOf.set(uid, e);
      return;
    }
    const old = this.nodeOf.get(uid);
    if (old) {
      const n = this.nodeState(old.node);
      if (sameDemand && !sameCounts) n.recount(old.pod);
      else if (!sameCounts) n.change(old.pod, -1);
      const i = n.at.get(uid);
      if (i !== undefined) {
        // The last pod takes the leaving one's place.
        const last = n.list.pop()!;
        n.at.delete(uid);
        if (i < n.list.length) {
          n.list[i] = last;
          n.at.set(last.metadata.uid ?? '', i);
        }
      }
      if (old.group && !sameCounts) countIn(old.group, old.node, -1);
    }
    if (e) {
      const n = this.nodeState(e.node);
      if (!sameCounts && !sameDemand) n.change(e.pod, 1);
      if (this.complete) this.place(n, uid, e.pod);
      if (e.group && !sameCounts) countIn(e.group, e.node, 1);
      this.nodeOf.set(uid, e);
    } else if (this.complete) this.nodeOf.delete(uid);
    else this.nodeOf.set(uid, null);
  }

  /**
   * A pod event (or the result of our own binding): where the pod now holds resources. True when
   * the pod now counts for spreading where it did not (bound, relabelled, its deletion mark gone),
   * or, before the cache's first use, when that cannot be told: what PodTopologySpread's queueing
   * hint asks of an assigned pod's change (a status write answers false).
   */
  upsert(pod: KubeObject): boolean {
    const uid = pod.metadata.uid ?? '';
    const rev = Number(pod.metadata.resourceVersion ?? 0);
    const old = this.known(uid);
    if (old && old.rev > rev) return false;
    const p = asPod(pod);
    const node = p.spec?.nodeName;
    if (!node || isPodPhaseTerminal(p.status?.phase)) {
      if (old) this.setEntry(uid, null);
      return false;
    }
    // Before the first use only the pod is noted (ensure reads nothing else of what the events
    // told): a new process's first step delivers ~1,000 pod events before its first sync.
    if (!this.built) {
      this.nodeOf.set(uid, { node, pod, rev, group: undefined });
      return true;
    }
    // Most events change a pod's status only: its group stays (no labels to compare as text).
    const sameGroup = old?.group && !pod.metadata.deletionTimestamp && old.pod.metadata.namespace === pod.metadata.namespace && sameLabels(old.pod.metadata.labels, pod.metadata.labels) ? old.group : undefined;
    const group = pod.metadata.deletionTimestamp ? undefined : (sameGroup ?? this.groupOf(pod));
    // A status write (most events) keeps what the pod counts: its requests are not added up again.
    const demand = !!old && old.node === node && sameDemand(old.pod, pod);
    this.setEntry(uid, { node, pod, rev, group }, demand && old.group === group, demand);
    return group !== undefined && (!old || old.node !== node || old.group !== group);
  }

  remove(uid: string, rev: number): void {
    const old = this.known(uid);
    if (!old || old.rev > rev) return;
    this.setEntry(uid, null);
  }

  /** The group of pods with this pod's namespace and labels; a new one learns which known selectors count it. */
  private groupOf(pod: KubeObject): SpreadGroup {
    const ns = pod.metadata.namespace ?? '';
    const labels = pod.metadata.labels;
    const last = this.lastGroup;
    // The same id (the labels' JSON text) as the last one's: no text to make.
    if (last && last.ns === ns && sameFlatRecords(last.labels, labels)) return last;
    const id = groupId(ns, labels);
    let g = this.groups.get(id);
    if (g) return (this.lastGroup = g);
    g = { ns, labels, perNode: new Map(), spreads: [] };
    // A selector requiring a label only picks groups with it: each is filed under one label, so
    // it is met once at most.
    for (const s of this.spreadsAnyLabel) if (s.ns === ns && s.matches(labels)) g.spreads.push(s);
    if (labels) {
      for (const k in labels) {
        if (!Object.prototype.hasOwnProperty.call(labels, k)) continue;
        for (const s of this.spreadsByLabel.get(labelKey(ns, k, labels[k] ?? '')) ?? []) if (s.matches(labels)) g.spreads.push(s);
      }
    }
    this.addGroup(id, g);
    return (this.lastGroup = g);
  }

  private addGroup(id: string, g: SpreadGroup): void {
    this.groups.set(id, g);
    const labels = g.labels;
    if (!labels) return;
    for (const k in labels) {
      if (!Object.prototype.hasOwnProperty.call(labels, k)) continue;
      const key = labelKey(g.ns, k, labels[k] ?? '');
      const list = this.groupsByLabel.get(key);
      if (list) list.push(g);
      else this.groupsByLabel.set(key, [g]);
    }
  }

  /**
   * How many pods (not being deleted) of namespace ns the selector picks on a node: what
   * PodTopologySpread counts (topology-spread.ts, topology-spread-score.ts). `key` names the selector (equal keys select alike); the first ask goes
   * through the groups of pods once, afterwards the counts follow every pod event. `required`, a
   * label every pod the selector picks has (when it requires one), narrows that look to the
   * groups with that label.
   */
  spreadCounter(
    api: ApiServer,
    state: ComponentState,
    key: string,
    ns: string,
    matches: (labels: Record<string, string> | undefined) => boolean,
    required?: readonly [string, string],
  ): (node: string) => number {
    this.ensure(api, state);
    const id = `${ns}\u0000${key}`;
    let s = this.spreads.get(id);
    if (!s) {
      s = { ns, matches, perNode: new Map() };
      this.spreads.set(id, s);
      let groups: Iterable<SpreadGroup> = this.groups.values();
      if (required) {
        const byLabel = labelKey(ns, required[0], required[1]);
        groups = this.groupsByLabel.get(byLabel) ?? [];
        const list = this.spreadsByLabel.get(byLabel);
        if (list) list.push(s);
        else this.spreadsByLabel.set(byLabel, [s]);
      } else this.spreadsAnyLabel.push(s);
      for (const g of groups) {
        if (g.ns !== ns || !matches(g.labels)) continue;
        g.spreads.push(s);
        for (const [node, n] of g.perNode) s.perNode.set(node, (s.perNode.get(node) ?? 0) + n);
      }
    }
    const perNode = s.perNode;
    return (node) => perNode.get(node) ?? 0;
  }

  /**
   * What the filters and scores read of each node's pods (a node without pods may be missing).
   * The pod being scheduled has no node, so it is in none. The map and its values are the
   * cache's own, kept up to date in place: read them before the next event (a scheduling cycle does).
   */
  nodePods(api: ApiServer, state: ComponentState): NodePodsByName {
    this.ensure(api, state);
    return this.byNode;
  }

  /** The pods holding resources on each node (every pod learnt). */
  podsByNode(api: ApiServer, state: ComponentState): ReadonlyMap<string, readonly KubeObject[]> {
    this.ensure(api, state);
    this.knowAll();
    return new Map([...this.byNode].map(([node, n]) => [node, n.list]));
  }
}

function sameLabels(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && a[k] === b[k]);
}

/** Pods of one namespace with the same labels: every spread selector counts all of them or none. */
interface SpreadGroup {
  ns: string;
  labels: Record<string, string> | undefined;
  /** counted pods per node */
  perNode: Map<string, number>;
  /** the selectors known so far that pick these labels */
  spreads: SpreadCounts[];
}

interface SpreadCounts {
  ns: string;
  matches: (labels: Record<string, string> | undefined) => boolean;
  perNode: Map<string, number>;
}

/** The index key of a label of the pods of a namespace. */
function labelKey(ns: string, key: string, value: string): string {
  return `${ns}\u0000${key}\u0000${value}`;
}

function countIn(g: SpreadGroup, node: string, delta: number): void {
  g.perNode.set(node, (g.perNode.get(node) ?? 0) + delta);
  for (const s of g.spreads) s.perNode.set(node, (s.perNode.get(node) ?? 0) + delta);
}
