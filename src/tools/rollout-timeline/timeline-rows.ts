/**
 * The rows of `kubemu rollout timeline`: a Deployment's rollout replayed from its rollout history
 * (apiserver/rollout-history.ts: one row per committed write of the Deployment and of the
 * ReplicaSets it controls, kept beyond the revision log's compaction), purely (changes in, rows
 * out), so the step tables can be checked as data.
 *
 * Each change of the Deployment or of one of its ReplicaSets updates a snapshot: the
 * Deployment's generation and revision (the two diverge under an autoscaler: every rescale bumps
 * the generation, only a template change makes a revision), OLD = the desired replicas of every
 * ReplicaSet but the newest (the one of the highest revision), NEW = the newest's, READY = the
 * ReplicaSets' status.readyReplicas summed, AVAILABLE = the Deployment's
 * status.availableReplicas, PODS = the ReplicaSets' pods that exist, from their status
 * (replicas + terminatingReplicas). Pods themselves are not in the history: the counts are the
 * ReplicaSet controller's, as of its last status write.
 *
 * A change says what happened when it is one a reader looks for: the Deployment created, its
 * template changed (→ a new revision), rescaled (spec.replicas), paused or resumed, a new
 * revision; a ReplicaSet created, scaled, given a revision (a rollback), deleted; pods turning
 * Ready, or no longer Ready while they stay (a ReplicaSet's readyReplicas going down by more than
 * its pods that left). Other changes (status counts) only move the numbers: they are folded into
 * the row of the same instant before them, as they are its effect, or else make a row that says
 * what moved (`available 3 → 5, pods 7 → 5`). Readiness at one instant is one row
 * (`2 pods Ready`). A change that moves nothing is no row.
 */
import type { DeploymentSummary, ReplicaSetSummary } from '../../apiserver/rollout-history.js';

/** One write of the rollout history, as the timeline reads it. */
export type TimelineChange = {
  revision: number;
  timeMs: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  name: string;
  uid: string;
} & ({ resource: 'deployments'; summary: DeploymentSummary } | { resource: 'replicasets'; summary: ReplicaSetSummary });

/** The numbers after a row. */
export interface TimelineSnapshot {
  generation: number;
  revision: string;
  oldDesired: number;
  newDesired: number;
  ready: number;
  available: number;
  pods: number;
}

export interface TimelineRow extends TimelineSnapshot {
  timeMs: number;
  /** the revision of the row's last change */
  logRevision: number;
  event: string;
}

interface RsState {
  name: string;
  revision: number;
  replicas: number;
  /** status: active pods, Ready ones, terminating ones */
  active: number;
  ready: number;
  terminating: number;
}

interface Draft {
  timeMs: number;
  logRevision: number;
  events: string[];
  /** pods that turned Ready / not Ready at this row */
  readyPods: number;
  unreadyPods: number;
  snapshot: TimelineSnapshot;
  /** for a row that only says what moved: the numbers before it */
  movedFrom?: TimelineSnapshot;
}

/** Where the history starts when it does not start with the Deployment's creation. */
export interface TimelineStart {
  revision: number;
  timeMs: number;
  /** what the first row says */
  text: string;
}

function rsState(name: string, s: ReplicaSetSummary): RsState {
  return {
    name,
    revision: Number(s.revision ?? 0),
    replicas: s.replicas,
    active: s.status.replicas,
    ready: s.status.readyReplicas,
    terminating: s.status.terminatingReplicas,
  };
}

/**
 * The rows of a Deployment's history, in revision order. `seed`: the objects as they were where
 * the history starts, when it does not start with the Deployment's creation (trimmed, or kept
 * only since an upgrade), said in a first row at `start`.
 */
export function timelineRows(changes: readonly TimelineChange[], seed: readonly TimelineChange[] = [], start?: TimelineStart): TimelineRow[] {
  let dep: DeploymentSummary | undefined;
  const rss = new Map<string, RsState>();
  const apply = (ch: TimelineChange): void => {
    if (ch.resource === 'deployments') dep = ch.type === 'DELETED' ? undefined : ch.summary;
    else if (ch.type === 'DELETED') rss.delete(ch.uid);
    else rss.set(ch.uid, rsState(ch.name, ch.summary));
  };
  const snapshot = (): TimelineSnapshot => {
    let newest: RsState | undefined;
    for (const r of rss.values()) if (!newest || r.revision > newest.revision) newest = r;
    let oldDesired = 0;
    let ready = 0;
    let pods = 0;
    for (const r of rss.values()) {
      if (r !== newest) oldDesired += r.replicas;
      ready += r.ready;
      pods += r.active + r.terminating;
    }
    return {
      generation: dep?.generation ?? 0,
      revision: dep?.revision ?? '',
      oldDesired,
      newDesired: newest?.replicas ?? 0,
      ready,
      available: dep?.status.availableReplicas ?? 0,
      pods,
    };
  };

  // Where the history does not reach: the seed, taken as the state at the start
  for (const o of seed) if (o.resource === 'deployments') apply(o);
  for (const o of seed) if (o.resource === 'replicasets') apply(o);
  const drafts: Draft[] = [];
  let last = snapshot();
  if (start) drafts.push({ timeMs: start.timeMs, logRevision: start.revision, events: [start.text], readyPods: 0, unreadyPods: 0, snapshot: last });
  for (const ch of changes) {
    const events: string[] = [];
    const pods = { ready: 0, unready: 0 };
    describeChange(ch, dep, rss, events, pods);
    apply(ch);
    const now = snapshot();
    const before = last;
    const moved = JSON.stringify(now) !== JSON.stringify(last);
    last = now;
    if (!events.length && !pods.ready && !pods.unready) {
      if (!moved) continue;
      const prev = drafts[drafts.length - 1];
      // an effect of the row of the same instant
      if (prev && prev.timeMs === ch.timeMs) {
        prev.snapshot = now;
        prev.logRevision = ch.revision;
        if (prev.movedFrom) prev.events = [movedText(prev.movedFrom, now)];
        continue;
      }
      drafts.push({ timeMs: ch.timeMs, logRevision: ch.revision, events: [movedText(before, now)], readyPods: 0, unreadyPods: 0, snapshot: now, movedFrom: before });
      continue;
    } else if (!events.length) {
      const prev = drafts[drafts.length - 1];
      if (prev && prev.timeMs === ch.timeMs && !prev.events.length) {
        prev.readyPods += pods.ready;
        prev.unreadyPods += pods.unready;
        prev.snapshot = now;
        prev.logRevision = ch.revision;
        continue;
      }
    }
    drafts.push({ timeMs: ch.timeMs, logRevision: ch.revision, events, readyPods: pods.ready, unreadyPods: pods.unready, snapshot: now });
  }
  return drafts.map((d) => ({ timeMs: d.timeMs, logRevision: d.logRevision, event: eventText(d), ...d.snapshot }));
}

/** What moved between two snapshots, for a row no named event explains: `available 3 → 5, pods 7 → 5`. */
function movedText(a: TimelineSnapshot, b: TimelineSnapshot): string {
  const parts: string[] = [];
  const cols: [keyof TimelineSnapshot, string][] = [
    ['oldDesired', 'old desired'],
    ['newDesired', 'new desired'],
    ['ready', 'ready'],
    ['available', 'available'],
    ['pods', 'pods'],
  ];
  for (const [k, label] of cols) if (a[k] !== b[k]) parts.push(`${label} ${a[k]} → ${b[k]}`);
  return parts.join(', ');
}

function podsText(n: number, what: string): string {
  return n === 1 ? `1 pod ${what}` : `${n} pods ${what}`;
}

function eventText(d: Draft): string {
  const parts = [...d.events];
  if (d.readyPods) parts.push(podsText(d.readyPods, 'Ready'));
  if (d.unreadyPods) parts.push(podsText(d.unreadyPods, 'not Ready'));
  return parts.length ? parts.join('; ') : '-';
}

function describeChange(ch: TimelineChange, dep: DeploymentSummary | undefined, rss: ReadonlyMap<string, RsState>, events: string[], pods: { ready: number; unready: number }): void {
  if (ch.resource === 'deployments') {
    const s = ch.summary;
    if (ch.type === 'ADDED' || !dep) {
      events.push(`deployment created, replicas ${s.replicas}`);
      return;
    }
    if (ch.type === 'DELETED') {
      events.push('deployment deleted');
      return;
    }
    if (dep.template !== s.template) events.push(`template changed (generation ${s.generation})`);
    if (dep.replicas !== s.replicas) events.push(`rescaled ${dep.replicas} → ${s.replicas} (generation ${s.generation})`);
    if (dep.paused !== s.paused) events.push(s.paused ? 'paused' : 'resumed');
    if (s.revision !== undefined && dep.revision !== s.revision) events.push(`revision ${s.revision}`);
    return;
  }
  const s = ch.summary;
  const name = ch.name;
  const rev = s.revision ?? '?';
  const was = rss.get(ch.uid);
  if (ch.type === 'DELETED') {
    events.push(`${name} deleted`);
    return;
  }
  if (!was) events.push(`${name} (rev ${rev}) created, replicas ${s.replicas}`);
  else {
    if (String(was.revision) !== rev) events.push(`${name} now revision ${rev}`);
    if (was.replicas !== s.replicas) events.push(`${name} (rev ${rev}) scaled ${was.replicas} → ${s.replicas}`);
  }
  const ready0 = was?.ready ?? 0;
  const ready1 = s.status.readyReplicas;
  if (ready1 > ready0) pods.ready += ready1 - ready0;
  else if (ready1 < ready0) {
    // Ready pods that left (deleted, or marked for deletion: a scale-down, an eviction) are no failure
    const left = Math.max(0, (was?.active ?? 0) - s.status.replicas);
    pods.unready += Math.max(0, ready0 - ready1 - left);
  }
}
