import type { ApiServer, WatchEvent } from '../../apiserver/server.js';
import type { ComponentState } from '../framework/state.js';
import { PlacementIndex, placementOf } from './placements.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { isPodPhaseTerminal } from '../../api/core/v1/pod-util.js';
import { findByKind } from '../../apiserver/resources.js';
import { type ResourceAmounts, addAmounts, rememberSums, sharedPodRequests, subtractAmounts } from './requests.js';

const POD = findByKind('v1', 'Pod')!;

/**
 * The scheduler cache (pkg/scheduler/backend/cache): the pods that hold resources on each node,
 * kept current from watch events and from the scheduler's own bindings ("assumed" pods, which
 * its informer only reports a moment later). At its first use in a process it learns where every
 * pod is: from the placements its informer has seen (placements.ts, kept in the cluster file),
 * brought up to now with the writes after the informer's cursor — what a list of every pod gave,
 * at the cost of what changed since the cursor rather than of the cluster.
 */
export class SchedulerCache {
  private built = false;
  private readonly nodeOf = new Map<string, { node: string; pod: KubeObject; rev: number; group: SpreadGroup | undefined }>();
  /**
   * per node, its pods (in no particular order: every reader counts, sums or asks "any") and where
   * each sits, and the requests of its pods added up as they come and go (NodeInfo.Requested and
   * NonZeroRequested)
   */
  private readonly byNode = new Map<string, NodePods>();
  /** what podsByNode hands out: every node's array, the same objects kept up to date */
  private readonly view = new Map<string, KubeObject[]>();
  /** nodes whose pods changed since podsByNode last told requests.ts their sums */
  private readonly dirty = new Set<string>();
  /** the counted pods (not being deleted) by namespace and labels, per node */
  private readonly groups = new Map<string, SpreadGroup>();
  /** per spread selector key: how many counted pods it selects on each node */
  private readonly spreads = new Map<string, SpreadCounts>();

  constructor(
    private readonly placements: PlacementIndex,
    private readonly cursor: (api: ApiServer) => number,
  ) {}

  /** The informer delivered a pod event: the placements it has seen follow it. */
  seen(api: ApiServer, state: ComponentState, ev: WatchEvent): void {
    this.placements.event(api, state, ev);
  }

  private ensure(api: ApiServer, state: ComponentState): void {
    if (this.built) return;
    this.built = true;
    // The pods as a list now would give them: the placements up to the cursor, then every write
    // after it. A pod that finished or went since is not among them; one that finished is also
    // dropped from the cache, as its listed (finished) object would have done.
    const since = this.writesSinceCursor(api);
    if (!since) {
      for (const p of api.list(POD, undefined)) this.upsert(p);
      return;
    }
    const now = new Map<string, KubeObject>();
    for (const p of this.placements.all(api, state)) now.set(p.metadata.uid ?? '', p);
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

  /** A pod event (or the result of our own binding): where the pod now holds resources. */
  upsert(pod: KubeObject): void {
    const uid = pod.metadata.uid ?? '';
    const rev = Number(pod.metadata.resourceVersion ?? 0);
    const old = this.nodeOf.get(uid);
    if (old && old.rev > rev) return;
    // Most events change a pod's status only: its group stays (no labels to compare as text).
    const sameGroup = old?.group && !pod.metadata.deletionTimestamp && old.pod.metadata.namespace === pod.metadata.namespace && sameLabels(old.pod.metadata.labels, pod.metadata.labels) ? old.group : undefined;
    this.remove(uid, rev);
    const p = asPod(pod);
    const node = p.spec?.nodeName;
    if (!node || isPodPhaseTerminal(p.status?.phase)) return;
    const group = pod.metadata.deletionTimestamp ? undefined : (sameGroup ?? this.groupOf(pod));
    this.nodeOf.set(uid, { node, pod, rev, group });
    let n = this.byNode.get(node);
    if (!n) {
      this.byNode.set(node, (n = { list: [], at: new Map(), plain: new Map(), nonZero: new Map() }));
      this.view.set(node, n.list);
    }
    n.at.set(uid, n.list.length);
    n.list.push(pod);
    this.dirty.add(node);
    addAmounts(n.plain, sharedPodRequests(pod, false));
    addAmounts(n.nonZero, sharedPodRequests(pod, true));
    if (group) countIn(group, node, 1);
  }

  remove(uid: string, rev: number): void {
    const old = this.nodeOf.get(uid);
    if (!old || old.rev > rev) return;
    this.nodeOf.delete(uid);
    const n = this.byNode.get(old.node);
    const i = n?.at.get(uid);
    if (n && i !== undefined) {
      // The last pod takes the leaving one's place.
      const last = n.list.pop()!;
      n.at.delete(uid);
      if (i < n.list.length) {
        n.list[i] = last;
        n.at.set(last.metadata.uid ?? '', i);
      }
      subtractAmounts(n.plain, sharedPodRequests(old.pod, false));
      subtractAmounts(n.nonZero, sharedPodRequests(old.pod, true));
      this.dirty.add(old.node);
    }
    if (old.group) countIn(old.group, old.node, -1);
  }

  /** The group of pods with this pod's namespace and labels; a new one learns which known selectors count it. */
  private groupOf(pod: KubeObject): SpreadGroup {
    const ns = pod.metadata.namespace ?? '';
    const labels = pod.metadata.labels;
    const id = `${ns}\u0000${JSON.stringify(labels ?? null)}`;
    let g = this.groups.get(id);
    if (g) return g;
    g = { ns, labels, perNode: new Map(), spreads: [] };
    for (const s of this.spreads.values()) if (s.ns === ns && s.matches(labels)) g.spreads.push(s);
    this.groups.set(id, g);
    return g;
  }

  /**
   * How many pods (not being deleted) of namespace ns the selector picks on a node: what
   * spreadScores counts. `key` names the selector (equal keys select alike); the first ask goes
   * through the groups of pods once, afterwards the counts follow every pod event.
   */
  spreadCounter(
    api: ApiServer,
    state: ComponentState,
    key: string,
    ns: string,
    matches: (labels: Record<string, string> | undefined) => boolean,
  ): (node: string) => number {
    this.ensure(api, state);
    const id = `${ns}\u0000${key}`;
    let s = this.spreads.get(id);
    if (!s) {
      s = { ns, matches, perNode: new Map() };
      this.spreads.set(id, s);
      for (const g of this.groups.values()) {
        if (g.ns !== ns || !matches(g.labels)) continue;
        g.spreads.push(s);
        for (const [node, n] of g.perNode) s.perNode.set(node, (s.perNode.get(node) ?? 0) + n);
      }
    }
    const perNode = s.perNode;
    return (node) => perNode.get(node) ?? 0;
  }

  /**
   * The pods holding resources on each node. The pod being scheduled has no node, so it is in
   * none of the lists. The map and its arrays are the cache's own, kept up to date in place:
   * read them before the next event (a scheduling cycle does). Their sums of requests are told
   * to requests.ts, so sumRequests never adds up a node's pods.
   */
  podsByNode(api: ApiServer, state: ComponentState): ReadonlyMap<string, readonly KubeObject[]> {
    this.ensure(api, state);
    for (const node of this.dirty) {
      const n = this.byNode.get(node);
      // Copies: the running totals move on with the next pod.
      if (n) rememberSums(n.list, new Map(n.plain), new Map(n.nonZero));
    }
    this.dirty.clear();
    return this.view;
  }
}

interface NodePods {
  list: KubeObject[];
  at: Map<string, number>;
  plain: ResourceAmounts;
  nonZero: ResourceAmounts;
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

function countIn(g: SpreadGroup, node: string, delta: number): void {
  g.perNode.set(node, (g.perNode.get(node) ?? 0) + delta);
  for (const s of g.spreads) s.perNode.set(node, (s.perNode.get(node) ?? 0) + delta);
}
