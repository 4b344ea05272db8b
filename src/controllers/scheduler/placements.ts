import type { KubeObject } from '../../api/meta/v1.js';
import { type Pod, type PodSpec, asPod } from '../../api/core/v1/pod.js';
import type { Container } from '../../api/core/v1/container.js';
import { isPodPhaseTerminal } from '../../api/core/v1/pod-util.js';
import type { ApiServer, WatchEvent } from '../../apiserver/server.js';
import { findByKind } from '../../apiserver/resources.js';
import type { ComponentState } from '../framework/state.js';
import { PlacementTotals } from './placement-totals.js';
import { sameRequestsAs } from './requests.js';
import { rowHash } from './row-hash.js';
import { sameFlatRecords, sameJsonText } from './same-json-text.js';

/** A container as placing other pods needs it: its requests, host ports and restart policy. */
interface StoredContainer {
  r?: NonNullable<Container['resources']>['requests'];
  p?: { hostPort?: number; protocol?: string; hostIP?: string }[];
  rp?: string;
}

/**
 * A bound pod as the scheduler needs to know it while it places others, as its row keeps it (short
 * names: 10,000 of them): what the filters and scores read of the pods already on a node
 * (requests, host ports, priority, labels, namespace, whether it is being deleted) and what the
 * cache reads (uid, resourceVersion, phase; the node is the row's). The rest of the pod (its
 * status, names, images, env, probes) never matters to placing another pod.
 */
interface StoredPlacement {
  u: string;
  /** the node */
  nd: string;
  v: string | undefined;
  n: string | undefined;
  l?: Record<string, string>;
  d?: string;
  c: StoredContainer[];
  i?: StoredContainer[];
  o?: PodSpec['overhead'];
  pr?: PodSpec['priority'];
  ph?: string;
}

function storedContainer(c: Container): StoredContainer {
  const out: StoredContainer = {};
  if (c.resources?.requests) out.r = c.resources.requests;
  const ports = (c.ports ?? []).filter((x) => x.hostPort);
  if (ports.length) out.p = ports.map((x) => ({ hostPort: x.hostPort, protocol: x.protocol, hostIP: x.hostIP }));
  if (c.restartPolicy !== undefined) out.rp = c.restartPolicy;
  return out;
}

function storedPlacement(pod: KubeObject): StoredPlacement {
  const p = asPod(pod);
  const spec = p.spec ?? {};
  const meta = pod.metadata;
  const out: StoredPlacement = {
    u: meta.uid ?? '',
    nd: spec.nodeName ?? '',
    v: meta.resourceVersion,
    n: meta.namespace,
    c: (spec.containers ?? []).map(storedContainer),
  };
  if (meta.labels) out.l = meta.labels;
  if (meta.deletionTimestamp) out.d = meta.deletionTimestamp;
  if (spec.initContainers) out.i = spec.initContainers.map(storedContainer);
  if (spec.overhead) out.o = spec.overhead;
  if (spec.priority !== undefined) out.pr = spec.priority;
  if (p.status?.phase) out.ph = p.status.phase;
  return out;
}

function container(s: StoredContainer): Container {
  const out: Container = { name: '', image: '' };
  if (s.r) out.resources = { requests: s.r };
  if (s.p) out.ports = s.p;
  if (s.rp !== undefined) out.restartPolicy = s.rp;
  return out;
}

/** The placement as a Pod that the filters and scores read like any other. */
function placementPod(s: StoredPlacement): Pod {
  const metadata: KubeObject['metadata'] = { uid: s.u, resourceVersion: s.v, namespace: s.n };
  if (s.l) metadata.labels = s.l;
  if (s.d) metadata.deletionTimestamp = s.d;
  const spec: PodSpec = { nodeName: s.nd, containers: s.c.map(container) };
  if (s.i) spec.initContainers = s.i.map(container);
  if (s.o) spec.overhead = s.o;
  if (s.pr !== undefined) spec.priority = s.pr;
  const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata, spec };
  if (s.ph) pod.status = { phase: s.ph };
  // Frozen as the API server's objects are (read-only; requests.ts remembers a frozen pod's sums);
  // its parts are this placement's own and never handed to a writer.
  return Object.freeze(pod);
}

/** A bound pod reduced to what placing other pods reads of it (see StoredPlacement). */
export function placementOf(pod: KubeObject): Pod {
  return placementPod(storedPlacement(pod));
}

/**
 * Whether two placements of a pod count alike in the totals (placement-totals.ts): the same node,
 * requests, host ports, priority, namespace, labels and deletion mark (what differs is a phase or
 * a resourceVersion). Equal requests written differently ("1" and "1000m") are told apart: then
 * the pod is taken away and added again, which is right too.
 */
function sameContribution(a: StoredPlacement, b: StoredPlacement): boolean {
  return (
    a.nd === b.nd &&
    a.n === b.n &&
    !a.d === !b.d &&
    a.pr === b.pr &&
    sameFlat(a.l, b.l) &&
    JSON.stringify(a.o) === JSON.stringify(b.o) &&
    sameContainers(a.c, b.c) &&
    sameContainers(a.i, b.i)
  );
}

function sameContainers(a: StoredContainer[] | undefined, b: StoredContainer[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i];
    return !!y && x.rp === y.rp && sameFlat(x.r, y.r) && JSON.stringify(x.p) === JSON.stringify(y.p);
  });
}

function sameFlat(a: Readonly<Record<string, unknown>> | undefined, b: Readonly<Record<string, unknown>> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && a[k] === b[k]);
}

/**
 * Whether storedPlacement(pod) would have placement's text: the same fields in the same order with
 * the same values (flat records compared key by key in order, as their JSON texts would be), so a
 * status write that changes nothing of it is told without building and writing out its placement.
 * Only for a placement storedPlacement made (its records are a decoded pod's, in the pod's order);
 * a nested value it does not expect answers false, which only costs the text comparison.
 */
function matchesStored(s: StoredPlacement, pod: KubeObject): boolean {
  const p = asPod(pod);
  const spec = p.spec ?? {};
  const meta = pod.metadata;
  return (
    s.u === (meta.uid ?? '') &&
    s.nd === (spec.nodeName ?? '') &&
    s.n === meta.namespace &&
    sameStoredContainers(s.c, spec.containers ?? []) &&
    (s.l === undefined ? !meta.labels : !!meta.labels && sameFlatRecords(s.l, meta.labels)) &&
    (s.d === undefined ? !meta.deletionTimestamp : s.d === meta.deletionTimestamp) &&
    (s.i === undefined ? !spec.initContainers : !!spec.initContainers && sameStoredContainers(s.i, spec.initContainers)) &&
    (s.o === undefined ? !spec.overhead : !!spec.overhead && sameFlatRecords(s.o, spec.overhead)) &&
    (s.pr === undefined ? spec.priority === undefined : spec.priority !== undefined && s.pr === spec.priority) &&
    (s.ph === undefined ? !p.status?.phase : s.ph === p.status?.phase)
  );
}

function sameStoredContainers(stored: StoredContainer[], cs: readonly Container[]): boolean {
  if (stored.length !== cs.length) return false;
  for (let i = 0; i < cs.length; i++) {
    const s = stored[i]!;
    const c = cs[i]!;
    const r = c.resources?.requests;
    if (s.r === undefined ? !!r : !r || !sameFlatRecords(s.r, r)) return false;
    if (s.rp !== c.restartPolicy) return false;
    const ports = s.p ?? [];
    let j = 0;
    for (const x of c.ports ?? []) {
      if (!x.hostPort) continue;
      const y = ports[j++];
      if (!y || y.hostPort !== x.hostPort || y.protocol !== x.protocol || y.hostIP !== x.hostIP) return false;
    }
    if (j !== ports.length) return false;
  }
  return true;
}

/** Placements with the same text but for their resourceVersions: equal placements (told without making the texts). */
function samePlacement(a: StoredPlacement, b: StoredPlacement): boolean {
  // What a change of placement mostly is (a phase, a deletion mark) first: a string member that
  // differs makes the texts differ, wherever it stands.
  if (differ(a.ph, b.ph) || differ(a.d, b.d) || differ(a.nd, b.nd) || differ(a.u, b.u) || differ(a.n, b.n)) return false;
  return sameJsonText(a, b, 'v');
}

/** Members whose texts differ for sure: not the same, and one a string (or absent and the other a string). */
function differ(x: unknown, y: unknown): boolean {
  return x !== y && (typeof x === 'string' || typeof y === 'string');
}

interface Header {
  /** bumped when the index is dropped (an informer relist): older rows are never read again */
  epoch: number;
  built: boolean;
  /** the rows that hold placements (rewritten only when that set changes) */
  rows: number[];
}

const HEADER = 'placements';
/**
 * `epoch:version:t` of the rows, bumped at every write-back and read at every use (small, compared
 * as stored text): another process's write-back makes what this one holds stale. The `t` says the
 * totals (placement-totals.ts) were written back with the rows: a build that does not keep them
 * writes back `epoch:version`, and the next that does adds them up again from the rows.
 */
const VERSION = 'placements-version';
const TOTALS_KEPT = 't';
const POD = findByKind('v1', 'Pod')!;
/**
 * Placements are kept in this many rows, by a hash of the pod's UID: a step that binds 50 pods
 * rewrites 50 rows of ~10 pods each, not the rows of every node it touched (100 pods each).
 */
const ROWS = 1024;

/**
 * The row of each pod UID this process met: a pod's events (a rollout's ~6 each: bind, phases, its
 * deletion) find their row by one lookup, not by hashing its 36 characters again.
 */
const rowsOfUid = new Map<string, number>();
const ROWS_OF_UID_KEPT = 50_000;

function rowOf(uid: string): number {
  let n = rowsOfUid.get(uid);
  if (n === undefined) {
    if (rowsOfUid.size >= ROWS_OF_UID_KEPT) rowsOfUid.clear();
    rowsOfUid.set(uid, (n = rowHash(uid) % ROWS));
  }
  return n;
}

interface Row {
  /**
   * each pod's placement; its Pod form and its JSON text (what the row holds of it) made when first
   * needed; made: storedPlacement made it in this process (not read from the file, whose records
   * may be in another order)
   */
  pods: Map<string, { stored: StoredPlacement; pod?: Pod; json?: string; made?: true }>;
}

/**
 * The pods that hold resources on a node, as the scheduler's informer has seen them: kept in the
 * cluster file (the scheduler's own memory) so that a new process knows where 10,000 pods are
 * without reading them, and changed by the events that change a placement (a bind, labels, a
 * deletion, a pod finishing); a status write that changes none of that writes nothing. Rows
 * changed in a step are written back once, at its end.
 */
export class PlacementIndex {
  private header: Header | undefined;
  private readonly rows = new Map<number, Row>();
  private readonly dirty = new Set<number>();
  private rollbacks = -1;
  /** the version this process holds, and its stored text */
  private version = 0;
  private versionText: string | undefined;
  /** whether the file's totals are those of its rows */
  private totalsKept = false;
  /** the totals of the rows, read or added up when first needed */
  private totals: PlacementTotals | undefined;
  /**
   * bumped when what this process holds is dropped (a relist) or another process wrote the rows
   * back: a reader that keeps what the placements were when it read them starts over
   */
  private generationNo = 0;

  /** What this process holds is what the file holds (else read again). */
  private ready(api: ApiServer, state: ComponentState): Header {
    const version = state.text(VERSION);
    const rollbacks = api.store.rollbackEpoch();
    if (!this.header || rollbacks !== this.rollbacks || version !== this.versionText) {
      this.rows.clear();
      this.dirty.clear();
      this.totals = undefined;
      if (this.header && version !== this.versionText) this.generationNo++;
      this.rollbacks = rollbacks;
      this.header = state.get<Header>(HEADER) ?? { epoch: 0, built: false, rows: [] };
      this.versionText = version;
      const parts = (version === undefined ? '' : (JSON.parse(version) as string)).split(':');
      this.version = Number(parts[1] ?? 0) || 0;
      this.totalsKept = parts[2] === TOTALS_KEPT;
    }
    if (!this.header.built) this.build(api, state, this.header);
    return this.header;
  }

  private build(api: ApiServer, state: ComponentState, header: Header): void {
    header.built = true;
    this.totals = new PlacementTotals();
    this.totals.allDirty();
    for (const p of api.list(POD, undefined)) this.apply(state, p, false);
    this.flush(state, true);
  }

  private heldRows: { of: Header; rows: Set<number> } | undefined;

  /** The header's rows as a set. */
  private held(): Set<number> {
    const header = this.header;
    if (!header) return new Set();
    if (this.heldRows?.of !== header) this.heldRows = { of: header, rows: new Set(header.rows) };
    return this.heldRows.rows;
  }

  private rowName(row: number): string {
    return `placements:${this.header?.epoch ?? 0}:${row}`;
  }

  private row(state: ComponentState, n: number): Row {
    let row = this.rows.get(n);
    if (!row) {
      const stored = this.held().has(n) ? (state.get<StoredPlacement[]>(this.rowName(n)) ?? []) : [];
      row = { pods: new Map(stored.map((p) => [p.u, { stored: p }])) };
      this.rows.set(n, row);
    }
    return row;
  }

  /** A watch event of a pod. */
  event(api: ApiServer, state: ComponentState, ev: WatchEvent): void {
    this.ready(api, state);
    this.apply(state, ev.object, ev.type === 'DELETED');
  }

  private apply(state: ComponentState, obj: KubeObject, deleted: boolean): void {
    const p = asPod(obj);
    const uid = obj.metadata.uid ?? '';
    if (!p.spec?.nodeName) return;
    // The totals first: added up from the rows as they were before this change, if need be.
    const totals = this.totalsOf(state);
    const n = rowOf(uid);
    const row = this.row(state, n);
    const held = row.pods.get(uid);
    if (deleted || isPodPhaseTerminal(p.status?.phase)) {
      if (!held) return;
      row.pods.delete(uid);
      totals.change((held.pod ??= placementPod(held.stored)), held.stored.nd, -1);
      this.dirty.add(n);
      return;
    }
    // Most events are status writes that change nothing of the placement.
    if (held?.made && matchesStored(held.stored, obj)) return;
    const stored = storedPlacement(obj);
    if (held && samePlacement(held.stored, stored)) {
      // The file's record has the text storedPlacement makes (its resourceVersion aside), so its
      // records are in the order matchesStored needs: the next status writes are told by it.
      held.made = true;
      return;
    }
    const pod = placementPod(stored);
    sameRequestsAs(pod, obj);
    // Most changes (a phase, a resourceVersion) add the same to the totals: nothing to take away and add.
    if (!held || !sameContribution(held.stored, stored)) {
      if (held && !held.stored.d && stored.d && sameContribution(held.stored, { ...stored, d: undefined })) {
        // A graceful deletion (the mark alone added): the node counts the pod as before; only its
        // spread group stops counting it (what taking it away and adding it again comes to).
        totals.marked((held.pod ??= placementPod(held.stored)), stored.nd);
      } else {
        if (held) totals.change((held.pod ??= placementPod(held.stored)), held.stored.nd, -1);
        totals.change(pod, stored.nd, 1);
      }
    }
    row.pods.set(uid, { stored, pod, made: true });
    this.dirty.add(n);
  }

  /** The totals of the rows this process holds: as written back with them, else added up from them. */
  private totalsOf(state: ComponentState): PlacementTotals {
    if (this.totals) return this.totals;
    const epoch = this.header?.epoch ?? 0;
    const kept = this.totalsKept ? PlacementTotals.load(state, epoch) : undefined;
    if (kept) return (this.totals = kept);
    const totals = new PlacementTotals();
    for (const n of this.header?.rows ?? []) {
      for (const e of this.row(state, n).pods.values()) totals.change((e.pod ??= placementPod(e.stored)), e.stored.nd, 1);
    }
    totals.allDirty();
    return (this.totals = totals);
  }

  /** Every placement the index holds. */
  all(api: ApiServer, state: ComponentState): Pod[] {
    const header = this.ready(api, state);
    return header.rows.flatMap((n) => [...this.row(state, n).pods.values()].map((e) => (e.pod ??= placementPod(e.stored))));
  }

  /** What the placements add up to per node and spread group (to read, never to change). */
  totalsNow(api: ApiServer, state: ComponentState): PlacementTotals {
    this.ready(api, state);
    return this.totalsOf(state);
  }

  /** The placement of one pod, if the index holds one. */
  placement(api: ApiServer, state: ComponentState, uid: string): Pod | undefined {
    this.ready(api, state);
    const e = this.row(state, rowOf(uid)).pods.get(uid);
    return e ? (e.pod ??= placementPod(e.stored)) : undefined;
  }

  /** Changes whenever what the index holds is read again from the file or dropped (see generationNo). */
  generation(api: ApiServer, state: ComponentState): number {
    this.ready(api, state);
    return this.generationNo;
  }

  /** The informer relisted: start over from a list. */
  drop(api: ApiServer, state: ComponentState): void {
    const old = state.get<Header>(HEADER);
    this.rows.clear();
    this.dirty.clear();
    this.header = { epoch: (old?.epoch ?? 0) + 1, built: false, rows: [] };
    this.totals = undefined;
    this.generationNo++;
    this.rollbacks = api.store.rollbackEpoch();
    state.set(HEADER, this.header);
    this.version = 0;
    this.writeVersion(state);
  }

  private writeVersion(state: ComponentState): void {
    const v = `${this.header?.epoch ?? 0}:${this.version}:${TOTALS_KEPT}`;
    state.set(VERSION, v);
    this.versionText = JSON.stringify(v);
  }

  /** Writes back the rows this step changed. */
  flush(state: ComponentState, force = false): void {
    const header = this.header;
    if (!header || (!this.dirty.size && !force && !this.totals?.dirty)) return;
    this.totalsOf(state).flush(state, header.epoch);
    this.totalsKept = true;
    // The rows that come and go: the header's list is copied only then (an apply's 500 steps
    // went through its 1,024 rows at each).
    const held = this.held();
    const added: number[] = [];
    const removed: number[] = [];
    for (const n of this.dirty) {
      const row = this.rows.get(n);
      if (row?.pods.size) {
        // JSON.stringify of the row's placements, from their texts: a step that binds one pod of
        // the row's ten makes one text, not ten (10,000 binds of an apply: ~50,000 texts)
        const texts: string[] = [];
        for (const e of row.pods.values()) texts.push((e.json ??= JSON.stringify(e.stored)));
        state.setText(this.rowName(n), `[${texts.join(',')}]`);
        if (!held.has(n)) added.push(n);
      } else {
        state.delete(this.rowName(n));
        if (held.has(n)) removed.push(n);
      }
    }
    this.dirty.clear();
    if (force || added.length || removed.length) {
      const rows = new Set(header.rows);
      for (const n of added) rows.add(n);
      for (const n of removed) rows.delete(n);
      header.rows = [...rows].sort((a, b) => a - b);
      this.heldRows = undefined;
      state.set(HEADER, header);
    }
    this.version++;
    this.writeVersion(state);
  }
}
