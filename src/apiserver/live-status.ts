import type { KubeObject } from '../api/meta/v1.js';

/**
 * Fields that move with time without a write: a running kubelet's Lease renewTime and its node
 * conditions' lastHeartbeatTime. On a real cluster each renewal is a write every 10 s per node;
 * here nothing can change while a kubelet runs, so no step writes them (issue 11) and they are
 * filled in where objects are read, from the instant of the read. The layer that knows the
 * machines implements this (controllers/kubelet/live-heartbeats.ts); the cluster installs it.
 *
 * Watches do not see these renewals (no event every 10 s), and resourceVersion does not move
 * with them: the only parts of a read that differ from a real cluster's.
 */
export interface LiveStatus {
  /** the resources (`leases`, `nodes`) whose objects it may change */
  readonly resources: ReadonlySet<string>;
  /**
   * obj (a stored, frozen object of `resource`) as it reads at nowMs: obj itself when nothing
   * moved, else a new object (the same one for the same obj and instant, so a caller keeping
   * results by identity keeps them).
   */
  project(resource: string, obj: KubeObject, nowMs: number): KubeObject;
}

/** Projected lists by the stored list they came from, so listShared stays the same array while nothing moves. */
export class LiveLists {
  private readonly lists = new WeakMap<readonly KubeObject[], { from: readonly KubeObject[]; out: readonly KubeObject[] }>();
  /** the last answer: the scheduler asks for the nodes at every pod of a step, at one instant */
  private last: { list: readonly KubeObject[]; nowMs: number; rev: number; out: readonly KubeObject[] } | undefined;

  /** `rev`: the store's revision, which moves with every write (a machine that stops at this instant reads the same either way). */
  shared(live: LiveStatus, resource: string, list: readonly KubeObject[], nowMs: number, rev: number): readonly KubeObject[] {
    const last = this.last;
    if (last && last.list === list && last.nowMs === nowMs && last.rev === rev) return last.out;
    const out = this.project(live, resource, list, nowMs);
    this.last = { list, nowMs, rev, out };
    return out;
  }

  private project(live: LiveStatus, resource: string, list: readonly KubeObject[], nowMs: number): readonly KubeObject[] {
    const projected = list.map((o) => live.project(resource, o, nowMs));
    if (projected.every((o, i) => o === list[i])) return list;
    const known = this.lists.get(list);
    if (known && known.from.length === projected.length && known.from.every((o, i) => o === projected[i])) return known.out;
    const out = Object.freeze(projected);
    this.lists.set(list, { from: projected, out });
    return out;
  }
}
