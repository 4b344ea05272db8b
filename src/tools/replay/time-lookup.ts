/**
 * The replay's side of the time inference: kubemu's ages of the objects the transcript names, read
 * from the scratch cluster just before a command runs (one `kubectl get` of the kinds an AGE
 * column shows, and the cluster clock to the millisecond), and the decision for that command.
 */
import { existsSync } from 'node:fs';
import { openCluster } from '../../cluster/cluster.js';
import type { TranscriptStep } from './parse-transcript.js';
import type { NameMapping } from './name-mapping.js';
import { generatedTokens, patternWithOpenTokens } from './name-mapping.js';
import { parseGoDuration } from '../../common/go-duration.js';
import { skipReason, waitsItself, pauseOverride } from './skip-rules.js';
import {
  type AgeLookup,
  type AgeMention,
  type OldestLookup,
  type StepView,
  type TimeDecision,
  ageMentions,
  constraintsFor,
  decideAdvance,
  eventKeyParts,
  momentMentions,
  typedAtOnce,
} from './time-inference.js';

/** What the inference needs of the scratch cluster: its environment, and a way to run a command in it. */
export interface ScratchShell {
  env: NodeJS.ProcessEnv;
  run(command: string): string;
}

const LISTED = 'pods,replicasets,deployments,services,nodes,configmaps,horizontalpodautoscalers,poddisruptionbudgets';
const JSONPATH = `{range .items[*]}{.kind} {.metadata.name} {.metadata.creationTimestamp} {.metadata.deletionTimestamp}{"\\n"}{end}`;

const EVENTS_JSONPATH = `{range .items[*]}{.involvedObject.kind}/{.involvedObject.name}{"\\t"}{.reason}{"\\t"}{.count}{"\\t"}{.lastTimestamp}{"\\t"}{.firstTimestamp}{"\\t"}{.eventTime}{"\\t"}{.message}{"\\n"}{end}`;
const RESTARTS_JSONPATH = `{range .items[*]}{.metadata.name}{"\\t"}{.status.containerStatuses[*].lastState.terminated.finishedAt}{"\\n"}{end}`;

const TAKES_TIME = /\s(drain|--drain)(\s|$)|\bnode\s+(stop|remove)\b/;

/** One of kubemu's objects as the lookup lists it. */
export interface ListedObject {
  kind: string;
  /** creationTimestamp, ms */
  created: number;
  /** a deletionTimestamp is set */
  deleting: boolean;
}

/** The lines `Kind name creationTimestamp deletionTimestamp` (JSONPATH) by name. */
export function listedObjects(listed: string): Map<string, ListedObject[]> {
  const byName = new Map<string, ListedObject[]>();
  for (const line of listed.split('\n')) {
    const [kind, name, ts, deleted] = line.split(' ');
    if (kind === undefined || name === undefined || ts === undefined) continue;
    const created = Date.parse(ts);
    if (Number.isNaN(created)) continue;
    const list = byName.get(name) ?? [];
    list.push({ kind: kind.toLowerCase(), created, deleting: deleted !== undefined && deleted !== '' });
    byName.set(name, list);
  }
  return byName;
}

/** One of kubemu's events as the lookup lists it. */
export interface ListedEvent {
  /** `deployment/hello`: the involved object's kind in lower case, and its name */
  object: string;
  reason: string;
  count: number;
  /** when it last came (lastTimestamp, else firstTimestamp, else eventTime), ms */
  at: number;
  message: string;
}

/** The lines of EVENTS_JSONPATH. */
export function listedEvents(listed: string): ListedEvent[] {
  const out: ListedEvent[] = [];
  for (const line of listed.split('\n')) {
    const [object, reason, count, last, first, eventTime, ...message] = line.split('\t');
    if (object === undefined || reason === undefined || message.length === 0) continue;
    const at = [last, first, eventTime].map((t) => (t ? Date.parse(t) : NaN)).find((t) => !Number.isNaN(t));
    if (at === undefined) continue;
    const slash = object.indexOf('/');
    out.push({ object: `${object.slice(0, slash).toLowerCase()}/${object.slice(slash + 1)}`, reason, count: Number(count) || 1, at, message: message.join('\t') });
  }
  return out;
}

/**
 * When kubemu's event matching a transcript's came, ms: the events with its reason, a message
 * the pattern matches (and an object, when the transcript says it) that came once; undefined
 * when there is none, or when they came at different times.
 */
export function matchingEventAt(events: readonly ListedEvent[], object: RegExp | undefined, reason: string, message: RegExp): number | undefined {
  const found = events.filter((e) => e.reason === reason && message.test(e.message) && e.count === 1 && (object === undefined || object.test(e.object)));
  if (found.length === 0 || new Set(found.map((e) => e.at)).size > 1) return undefined;
  return found[0]!.at;
}

/** The pods' last restarts (the latest lastState.terminated.finishedAt of their containers), ms, by name. */
export function lastRestarts(listed: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of listed.split('\n')) {
    const [name, finished] = line.split('\t');
    if (!name || !finished) continue;
    const times = finished.split(' ').map((t) => Date.parse(t)).filter((t) => !Number.isNaN(t));
    if (times.length > 0) out.set(name, Math.max(...times));
  }
  return out;
}

/**
 * The oldest pod of ReplicaSet `rs` (named `rs-xxxxx`) that is not being deleted: the first pod
 * of it still there, as a transcript's listing shows it, not an earlier rollout's pod terminating.
 */
export function oldestPodOf(byName: ReadonlyMap<string, readonly ListedObject[]>, rs: string): { name: string; created: number } | undefined {
  let best: { name: string; created: number } | undefined;
  for (const [name, list] of byName) {
    if (!name.startsWith(`${rs}-`) || name.slice(rs.length + 1).includes('-')) continue;
    for (const o of list) if (o.kind === 'pod' && !o.deleting && (best === undefined || o.created < best.created)) best = { name, created: o.created };
  }
  return best;
}

export class TimeInference {
  private readonly views: StepView[];
  private readonly cache = new Map<number, AgeMention[]>();
  /** kubemu's clock when each step that ran started, ms */
  private readonly startedAt = new Map<number, number>();

  constructor(
    private readonly steps: readonly TranscriptStep[],
    installed: { jq: boolean; curl: boolean },
    pause: string,
    private readonly mapping: NameMapping,
    private readonly scratch: ScratchShell,
  ) {
    const def = parseGoDuration(pause)! / 1000;
    this.views = steps.map((s) => {
      const waits = waitsItself(s.command);
      const own = pauseOverride(s.command);
      return {
        line: s.line,
        command: s.command,
        expected: s.expected,
        runs: skipReason(s.command, installed) === undefined,
        // a drain takes cluster time of its own too (evictions, grace periods): no window across it
        waits: waits || TAKES_TIME.test(s.command),
        pauseAfter: waits ? 0 : own !== undefined ? parseGoDuration(own)! / 1000 : def,
      };
    });
  }

  private mentions(k: number): AgeMention[] {
    let m = this.cache.get(k);
    if (m === undefined) {
      const { command, expected } = this.steps[k]!;
      m = [...ageMentions(command, expected), ...momentMentions(command, expected)];
      this.cache.set(k, m);
    }
    return m;
  }

  /** The advance before step n; `pause` is the default one, seconds. */
  decide(n: number, pause: number): TimeDecision {
    if (typedAtOnce(this.steps[n]!.command, this.steps[n]!.expected)) return { advance: 0, how: 'at-once', constraints: [] };
    let any = false;
    for (let k = n; k < this.steps.length && !any; k++) any = this.mentions(k).length > 0;
    if (!any || !existsSync(this.scratch.env['KUBEMU_DB']!)) return decideAdvance([], pause);
    const { lookup, oldestOf } = this.lookup();
    const unmapped = (token: string): boolean => !this.mapping.pairs().some(([e]) => e === token);
    const now = this.now();
    const since = (j: number): number | undefined => {
      const t = this.startedAt.get(j);
      return t === undefined ? undefined : (now - t) / 1000;
    };
    return decideAdvance(constraintsFor(this.views, n, lookup, unmapped, (k) => this.mentions(k), oldestOf, since), pause);
  }

  /** Step n starts now (after its advance). */
  started(n: number): void {
    if (existsSync(this.scratch.env['KUBEMU_DB']!)) this.startedAt.set(n, this.now());
  }

  /** The cluster clock, ms; the file exists (opening a missing one would create a cluster). */
  private now(): number {
    const c = openCluster(this.scratch.env['KUBEMU_DB']!, { env: this.scratch.env });
    try {
      return c.clock.now();
    } finally {
      c.close();
    }
  }

  /** kubemu's objects by name, with their ages now. */
  private lookup(): { lookup: AgeLookup; oldestOf: OldestLookup } {
    const listed = this.scratch.run(`kubectl get ${LISTED} -A -o jsonpath='${JSONPATH}' 2>/dev/null`);
    const now = this.now();
    const byName = listedObjects(listed);
    const mapped = (transcriptName: string): string | undefined => {
      const name = this.mapping.apply(transcriptName);
      const paired = new Set(this.mapping.pairs().map(([e]) => e));
      return generatedTokens(transcriptName).every((t) => paired.has(t)) ? name : undefined;
    };
    const oldestOf: OldestLookup = (owner) => {
      const rs = mapped(owner);
      if (rs === undefined) return undefined;
      const best = oldestPodOf(byName, rs);
      return best === undefined ? undefined : { name: best.name, age: (now - best.created) / 1000 };
    };
    // read once, when a mention asks
    let events: ListedEvent[] | undefined;
    let restarts: Map<string, number> | undefined;
    const ageOf = (name: string, at: number | undefined): { name: string; age: number } | undefined => (at === undefined ? undefined : { name, age: (now - at) / 1000 });
    const lookup: AgeLookup = (transcriptName, kind) => {
      if (kind === 'event') {
        // a name not paired yet stands for any of kubemu's of its kind (a pod's Scheduled event)
        const { object, reason, message } = eventKeyParts(transcriptName);
        const known = (token: string): string | undefined => this.mapping.paired(token);
        const [obj, msg] = [patternWithOpenTokens(object, known), patternWithOpenTokens(message, known)];
        events ??= listedEvents(this.scratch.run(`kubectl get events -A -o jsonpath='${EVENTS_JSONPATH}' 2>/dev/null`));
        return ageOf(`${reason} event`, matchingEventAt(events, object === '' ? undefined : obj, reason, msg));
      }
      if (kind === 'restart') {
        const pod = mapped(transcriptName);
        if (pod === undefined) return undefined;
        restarts ??= lastRestarts(this.scratch.run(`kubectl get pods -A -o jsonpath='${RESTARTS_JSONPATH}' 2>/dev/null`));
        return ageOf(`${pod}'s last restart`, restarts.get(pod));
      }
      // a generated name the mapping has not paired stands for nothing kubemu has yet
      const name = this.mapping.apply(transcriptName);
      if (name === transcriptName && generatedTokens(name).some((t) => !this.mapping.pairs().some(([e]) => e === t))) return undefined;
      const found = (byName.get(name) ?? []).filter((o) => kind === undefined || o.kind === kind);
      if (found.length === 0) return undefined;
      if (new Set(found.map((o) => o.created)).size > 1) return undefined; // two objects of that name, different ages
      return { name, age: (now - found[0]!.created) / 1000 };
    };
    return { lookup, oldestOf };
  }
}
