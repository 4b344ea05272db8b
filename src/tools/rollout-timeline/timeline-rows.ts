/**
 * The rows of `kubemu rollout timeline`: a Deployment's rollout replayed from the revision log,
 * purely (changes in, rows out), so the step tables can be checked as data.
 *
 * Each change of the Deployment, of a ReplicaSet it controls or of a pod those control updates a
 * snapshot: the Deployment's generation and revision (the two diverge under an autoscaler: every
 * rescale bumps the generation, only a template change makes a revision), OLD = the desired
 * replicas of every ReplicaSet but the newest (the one of the highest revision), NEW = the
 * newest's, READY = its pods Ready and not terminating, AVAILABLE = the Deployment's
 * status.availableReplicas, PODS = its pods that exist (terminating ones included).
 *
 * A change says what happened when it is one a reader looks for: the Deployment created, its
 * template changed (→ a new revision), rescaled (spec.replicas), paused or resumed, a new
 * revision; a ReplicaSet created, scaled, given a revision (a rollback), deleted; a pod Ready or
 * no longer Ready. Other changes (pods created, terminating, gone, status counts) only move the
 * numbers: they are folded into the row of the same instant before them, as they are its effect
 * (a scale-up at t creates its pods at t), or else make a row that says what moved
 * (`available 3 → 5, pods 7 → 5`). Pod readiness at one instant is one row (`2 pods Ready`). A
 * change that moves nothing is no row.
 */
import type { KubeObject } from '../../api/meta/v1.js';
import { REVISION_ANNOTATION } from '../../api/apps/v1/annotations.js';
import { isPodReady } from '../../api/core/v1/pod-util.js';
import { controllerOf } from '../../api/meta/controller-of.js';

/** One write of the log, as the timeline reads it. */
export interface TimelineChange {
  revision: number;
  timeMs: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  kind: 'Deployment' | 'ReplicaSet' | 'Pod';
  object: KubeObject;
}

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
  /** the log revision of the row's last change */
  logRevision: number;
  event: string;
}

interface RsState {
  name: string;
  revision: number;
  replicas: number;
}

interface PodState {
  ready: boolean;
  terminating: boolean;
}

interface Draft {
  timeMs: number;
  logRevision: number;
  events: string[];
  /** pods that turned Ready / not Ready at this row */
  readyPods: string[];
  unreadyPods: string[];
  snapshot: TimelineSnapshot;
  /** for a row that only says what moved: the numbers before it */
  movedFrom?: TimelineSnapshot;
}

const num = (v: unknown, d = 0): number => (typeof v === 'number' ? v : d);
const objectField = (o: KubeObject, k: string): Record<string, unknown> => {
  const v = o[k];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
};

/**
 * The rows for the Deployment of uid `uid` from changes in revision order. `seed`: the objects as
 * the log no longer holds them (compaction), said in a first row at `compacted`.
 */
export function timelineRows(
  uid: string,
  changes: readonly TimelineChange[],
  seed: readonly KubeObject[] = [],
  compacted?: { revision: number; timeMs: number },
): TimelineRow[] {
  let dep: KubeObject | undefined;
  const rss = new Map<string, RsState>();
  const pods = new Map<string, PodState>();
  const isOurs = (o: KubeObject, kind: TimelineChange['kind']): boolean => {
    if (kind === 'Deployment') return o.metadata.uid === uid;
    const ref = controllerOf(o);
    if (!ref) return false;
    return kind === 'ReplicaSet' ? ref.uid === uid : rss.has(ref.uid);
  };
  const apply = (kind: TimelineChange['kind'], type: TimelineChange['type'], o: KubeObject): void => {
    const id = o.metadata.uid ?? '';
    if (kind === 'Deployment') dep = type === 'DELETED' ? undefined : o;
    else if (kind === 'ReplicaSet') {
      if (type === 'DELETED') rss.delete(id);
      else rss.set(id, { name: o.metadata.name ?? '', revision: Number(o.metadata.annotations?.[REVISION_ANNOTATION] ?? 0), replicas: num(objectField(o, 'spec')['replicas'], 1) });
    } else if (type === 'DELETED') pods.delete(id);
    else pods.set(id, { ready: isPodReady(o), terminating: Boolean(o.metadata.deletionTimestamp) });
  };
  const snapshot = (): TimelineSnapshot => {
    let newest: RsState | undefined;
    for (const r of rss.values()) if (!newest || r.revision > newest.revision) newest = r;
    let oldDesired = 0;
    for (const r of rss.values()) if (r !== newest) oldDesired += r.replicas;
    let ready = 0;
    for (const p of pods.values()) if (p.ready && !p.terminating) ready++;
    return {
      generation: num(dep?.metadata.generation),
      revision: dep?.metadata.annotations?.[REVISION_ANNOTATION] ?? '',
      oldDesired,
      newDesired: newest?.replicas ?? 0,
      ready,
      available: dep ? num(objectField(dep, 'status')['availableReplicas']) : 0,
      pods: pods.size,
    };
  };

  // What the log no longer has: the seed, taken as the state at the start
  for (const kind of ['Deployment', 'ReplicaSet', 'Pod'] as const) {
    for (const o of seed) if (o.kind === kind && isOurs(o, kind)) apply(kind, 'ADDED', o);
  }
  const drafts: Draft[] = [];
  let last = snapshot();
  // the log starts at its compacted revision: the first row is the state then, as far as it is known
  if (compacted && seed.some((o) => o.kind === 'Deployment' && isOurs(o, 'Deployment'))) {
    drafts.push({ timeMs: compacted.timeMs, logRevision: compacted.revision, events: [`log compacted at revision ${compacted.revision}: earlier changes are gone, objects as first written after it`], readyPods: [], unreadyPods: [], snapshot: last });
  }
  for (const ch of changes) {
    if (!isOurs(ch.object, ch.kind)) continue;
    const events: string[] = [];
    const readyPods: string[] = [];
    const unreadyPods: string[] = [];
    describeChange(ch, dep, rss, pods, events, readyPods, unreadyPods);
    apply(ch.kind, ch.type, ch.object);
    const now = snapshot();
    const before = last;
    const moved = JSON.stringify(now) !== JSON.stringify(last);
    last = now;
    if (!events.length && !readyPods.length && !unreadyPods.length) {
      if (!moved) continue;
      const prev = drafts[drafts.length - 1];
      // an effect of the row of the same instant
      if (prev && prev.timeMs === ch.timeMs) {
        prev.snapshot = now;
        prev.logRevision = ch.revision;
        if (prev.movedFrom) prev.events = [movedText(prev.movedFrom, now)];
        continue;
      }
      drafts.push({ timeMs: ch.timeMs, logRevision: ch.revision, events: [movedText(before, now)], readyPods, unreadyPods, snapshot: now, movedFrom: before });
      continue;
    } else if (!events.length) {
      const prev = drafts[drafts.length - 1];
      if (prev && prev.timeMs === ch.timeMs && !prev.events.length) {
        prev.readyPods.push(...readyPods);
        prev.unreadyPods.push(...unreadyPods);
        prev.snapshot = now;
        prev.logRevision = ch.revision;
        continue;
      }
    }
    drafts.push({ timeMs: ch.timeMs, logRevision: ch.revision, events, readyPods, unreadyPods, snapshot: now });
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

function podsText(names: string[], what: string): string {
  return names.length === 1 ? `pod ${names[0]} ${what}` : `${names.length} pods ${what}`;
}

function eventText(d: Draft): string {
  const parts = [...d.events];
  if (d.readyPods.length) parts.push(podsText(d.readyPods, 'Ready'));
  if (d.unreadyPods.length) parts.push(podsText(d.unreadyPods, 'not Ready'));
  return parts.length ? parts.join('; ') : '-';
}

function describeChange(
  ch: TimelineChange,
  dep: KubeObject | undefined,
  rss: ReadonlyMap<string, RsState>,
  pods: ReadonlyMap<string, PodState>,
  events: string[],
  readyPods: string[],
  unreadyPods: string[],
): void {
  const o = ch.object;
  const id = o.metadata.uid ?? '';
  if (ch.kind === 'Deployment') {
    const spec = objectField(o, 'spec');
    if (ch.type === 'ADDED' || !dep) {
      events.push(`deployment created, replicas ${num(spec['replicas'], 1)}`);
      return;
    }
    if (ch.type === 'DELETED') {
      events.push('deployment deleted');
      return;
    }
    const was = objectField(dep, 'spec');
    if (JSON.stringify(was['template']) !== JSON.stringify(spec['template'])) events.push(`template changed (generation ${num(o.metadata.generation)})`);
    const r0 = num(was['replicas'], 1);
    const r1 = num(spec['replicas'], 1);
    if (r0 !== r1) events.push(`rescaled ${r0} → ${r1} (generation ${num(o.metadata.generation)})`);
    if (Boolean(was['paused']) !== Boolean(spec['paused'])) events.push(spec['paused'] ? 'paused' : 'resumed');
    const rev0 = dep.metadata.annotations?.[REVISION_ANNOTATION];
    const rev1 = o.metadata.annotations?.[REVISION_ANNOTATION];
    if (rev1 !== undefined && rev0 !== rev1) events.push(`revision ${rev1}`);
    return;
  }
  if (ch.kind === 'ReplicaSet') {
    const name = o.metadata.name ?? '';
    const rev = o.metadata.annotations?.[REVISION_ANNOTATION] ?? '?';
    const replicas = num(objectField(o, 'spec')['replicas'], 1);
    const was = rss.get(id);
    if (ch.type === 'DELETED') events.push(`${name} deleted`);
    else if (!was) events.push(`${name} (rev ${rev}) created, replicas ${replicas}`);
    else {
      if (String(was.revision) !== rev) events.push(`${name} now revision ${rev}`);
      if (was.replicas !== replicas) events.push(`${name} (rev ${rev}) scaled ${was.replicas} → ${replicas}`);
    }
    return;
  }
  if (ch.type === 'DELETED') return;
  const was = pods.get(id);
  const ready = isPodReady(o) && !o.metadata.deletionTimestamp;
  const wasReady = Boolean(was && was.ready && !was.terminating);
  if (ready && !wasReady) readyPods.push(o.metadata.name ?? '');
  // a pod leaving through deletion is the ReplicaSet's scale-down, not a failure
  if (!ready && wasReady && !o.metadata.deletionTimestamp) unreadyPods.push(o.metadata.name ?? '');
}
