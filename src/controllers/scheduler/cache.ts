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
  private readonly byNode = new Map<string, Map<string, KubeObject>>();
  /** per node, the requests of its pods added up as they come and go (NodeInfo.Requested / NonZeroRequested) */
  private readonly totals = new Map<string, { plain: ResourceAmounts; nonZero: ResourceAmounts }>();
  /** the counted pods (not being deleted) by namespace and labels, per node */
  private readonly groups = new Map<string, SpreadGroup>();
  /** per spread selector key: how many counted pods it selects on each node */
  private readonly spreads = new Map<string, SpreadCounts>();
  /** per node, the array handed out last; rebuilt only when the node's pods change */
  private readonly arrays = new Map<string, KubeObject[]>();

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
    this.remove(uid, rev);
    const p = asPod(pod);
    const node = p.spec?.nodeName;
    if (!node || isPodPhaseTerminal(p.status?.phase)) return;
    const group = pod.metadata.deletionTimestamp ? undefined : this.groupOf(pod);
    this.nodeOf.set(uid, { node, pod, rev, group });
    let m = this.byNode.get(node);
    if (!m) this.byNode.set(node, (m = new Map()));
    m.set(uid, pod);
    this.arrays.delete(node);
    let t = this.totals.get(node);
    if (!t) this.totals.set(node, (t = { plain: new Map(), nonZero: new Map() }));
    addAmounts(t.plain, sharedPodRequests(pod, false));
    addAmounts(t.nonZero, sharedPodRequests(pod, true));
    if (group) countIn(group, node, 1);
  }

  remove(uid: string, rev: number): void {
    const old = this.nodeOf.get(uid);
    if (!old || old.rev > rev) return;
    this.nodeOf.delete(uid);
    this.byNode.get(old.node)?.delete(uid);
    this.arrays.delete(old.node);
    const t = this.totals.get(old.node);
    if (t) {
      subtractAmounts(t.plain, sharedPodRequests(old.pod, false));
      subtractAmounts(t.nonZero, sharedPodRequests(old.pod, true));
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
   * none of the lists. A node's array stays the same object until its pods change, so sums
   * over it can be remembered (requests.ts).
   */
  podsByNode(api: ApiServer, state: ComponentState): Map<string, KubeObject[]> {
    this.ensure(api, state);
    const out = new Map<string, KubeObject[]>();
    for (const [node, pods] of this.byNode) {
      let arr = this.arrays.get(node);
      if (!arr) {
        this.arrays.set(node, (arr = [...pods.values()]));
        const t = this.totals.get(node);
        // A copy: the running totals move on with the next pod, this array's sum does not.
        if (t) rememberSums(arr, new Map(t.plain), new Map(t.nonZero));
      }
      out.set(node, arr);
    }
    return out;
  }
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
