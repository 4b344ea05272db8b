/**
 * How much cluster time passes before a transcript's command: read from the ages its expected
 * outputs show, instead of a fixed pause.
 *
 * Two kinds of evidence, both about objects kubemu already has (a name the mapping pairs with
 * one of kubemu's, or a plain name such as `hello` that kubemu has too):
 *
 * - an AGE: `hello-8c9694f75   4   4   4   47s` in the output of this command, or of a later one
 *   when the commands in between do not wait themselves (each of them is followed by the default
 *   pause). The replicaset is 40.2 s old in kubemu now and there is one 5 s pause in between, so
 *   the advance a satisfies 40.2 + a + 5 in [47, 48): a in [1.8, 2.8).
 * - a difference of ages, for an object this command creates: `hello-85854d9fd8 4m39s` and
 *   `hello-8d8f8775c 2m7s` in one later listing, where hello-8d8f8775c is a ReplicaSet name first
 *   shown after this command, and this command is the last one before it that changes the cluster
 *   (`set image`): it was created 151 s to 153 s after hello-85854d9fd8, whatever the commands in
 *   between waited. Only hash-named objects (a Deployment's ReplicaSets) count: they are made the
 *   moment the command changes the template, where a pod may come later.
 *
 * Moments date outputs as AGEs do (momentMentions): an event's age in describe or `get events`
 * against kubemu's same event, and a pod's last restart (`2 (2m36s ago)`) for its own command.
 *
 * The advance is in the intersection of all the evidence; the default pause when it is in it (a
 * transcript kubemu wrote itself replays as it did), else the smallest advance >= 0 in it. No
 * evidence or an empty intersection: the default pause; evidence that kubemu is already later than
 * the transcript: the typing pause (1 s). A command whose only evidence is a later output's ages
 * gets the default pause when the default pauses up to that output agree with them, else the
 * typing pause (the command right before that output gets the rest; decideAdvance). Everything
 * pure here; the replay supplies kubemu's ages (run-transcript.ts).
 */
import { ageInterval, formatAdvance, humanAge, type Interval } from './age-parse.js';
import { generatedTokens, tokenPrefixes } from './name-mapping.js';

/** An object and its age in one expected output. */
export interface AgeMention {
  /** the name as the transcript shows it, without a `kind/` prefix */
  name: string;
  /** lower-case kind when the row or the command says it (`pod`, `replicaset`, `deployment`); `event` or `restart` for a moment */
  kind?: string;
  /** the age as printed */
  age: string;
  interval: Interval;
  /**
   * not an object's age but the age of something that happened to it (momentMentions): an
   * event (`name` is eventKey's) or a pod's last restart (`name` is the pod's)
   */
  moment?: 'event' | 'restart';
}

const KINDS: Record<string, string> = {
  po: 'pod', pod: 'pod', pods: 'pod',
  rs: 'replicaset', replicaset: 'replicaset', replicasets: 'replicaset',
  deploy: 'deployment', deployment: 'deployment', deployments: 'deployment',
  svc: 'service', service: 'service', services: 'service',
  no: 'node', node: 'node', nodes: 'node',
  cm: 'configmap', configmap: 'configmap', configmaps: 'configmap',
  hpa: 'horizontalpodautoscaler', horizontalpodautoscaler: 'horizontalpodautoscaler', horizontalpodautoscalers: 'horizontalpodautoscaler',
  pdb: 'poddisruptionbudget', poddisruptionbudget: 'poddisruptionbudget', poddisruptionbudgets: 'poddisruptionbudget',
};

/** `deployment.apps` or `rs` as a lower-case kind; undefined when unknown. */
export function kindOfResource(resource: string): string | undefined {
  return KINDS[resource.toLowerCase().split('.')[0]!];
}

/** The kind `kubectl get pods ...` lists, when it lists one kind. */
function kindOfCommand(command: string): string | undefined {
  const m = /\bkubectl\s+(?:-\S+\s+)*get\s+([A-Za-z.]+)(?=\s|$)/.exec(command);
  return m === null ? undefined : kindOfResource(m[1]!);
}

const COLUMNS = /\s{2,}|\t/;

/**
 * The ages in the tables of one expected output: every table whose header starts with NAME and
 * has an AGE column; a row's AGE by the header's column count, or the last column when AGE is the
 * last (a watch's later rows are not aligned to the header). A watch (`-w`) counts only its first
 * listing: the rows after it were printed later.
 */
export function ageMentions(command: string, expected: readonly string[]): AgeMention[] {
  const out: AgeMention[] = [];
  const commandKind = kindOfCommand(command);
  let header: string[] | undefined;
  let seen = new Set<string>();
  for (const line of expected) {
    const cols = line.trim().split(COLUMNS);
    if (cols[0] === 'NAME' && cols.includes('AGE')) {
      header = cols;
      seen = new Set();
      continue;
    }
    if (header === undefined || line.trim() === '') {
      header = line.trim() === '' ? undefined : header;
      continue;
    }
    const at = header.indexOf('AGE');
    const age = cols.length === header.length ? cols[at] : at === header.length - 1 ? cols[cols.length - 1] : undefined;
    const interval = age === undefined ? undefined : ageInterval(age);
    if (interval === undefined) continue;
    const full = cols[0]!;
    if (seen.has(full)) {
      header = undefined; // a watch's updates from here on
      continue;
    }
    seen.add(full);
    const slash = full.lastIndexOf('/');
    const kind = slash >= 0 ? kindOfResource(full.slice(0, slash)) : commandKind;
    out.push({ name: slash >= 0 ? full.slice(slash + 1) : full, ...(kind !== undefined ? { kind } : {}), age: age!, interval });
  }
  return [...out, ...diffAgeMentions(expected)];
}

/** `--- /tmp/LIVE-4064112325/apps.v1.Deployment.default.hello\t2026-10-26 22:09:53.564641082 +0300` */
const DIFF_HEADER = /^--- \S*\/(?:[^/\s]+\.)?v\d+(?:(?:alpha|beta)\d+)?\.([A-Z][A-Za-z0-9]*)\.[^.\s]*\.(\S+)\t(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))? ([+-])(\d\d)(\d\d)$/;
const CREATED = /^[-+ ]\s*creationTimestamp: "?(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)"?$/;

/**
 * The ages `kubectl diff` dates: its `---` line carries the time its live file was written (the
 * machine's clock when the command ran), and the live object's creationTimestamp follows in the
 * hunk. The article's diff at 22:09:53.564641082 +0300 of a Deployment created at 19:09:12Z ran
 * when it was 41.56 s old; creationTimestamp keeps only the second, so its age was in
 * (40.56, 41.56]: the interval [40.564, 41.565).
 */
export function diffAgeMentions(expected: readonly string[]): AgeMention[] {
  const out: AgeMention[] = [];
  let file: { kind: string | undefined; name: string; nowMs: number } | undefined;
  for (const line of expected) {
    const h = DIFF_HEADER.exec(line);
    if (h !== null) {
      const [, kind, name, y, mo, d, hh, mi, ss, frac = '', sign, oh, om] = h;
      const offsetMs = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
      const nowMs = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(hh), Number(mi), Number(ss)) + Number(`0.${frac || '0'}`) * 1000 - offsetMs;
      file = { kind: kindOfResource(kind!), name: name!, nowMs };
      continue;
    }
    const c = CREATED.exec(line);
    if (c === null || file === undefined) continue;
    const ageMs = file.nowMs - Date.parse(c[1]!);
    if (ageMs >= 0) {
      const s = (ms: number): number => Math.floor(ms) / 1000;
      out.push({ name: file.name, ...(file.kind !== undefined ? { kind: file.kind } : {}), age: `${s(ageMs)}s`, interval: { lo: s(ageMs - 1000), hi: s(ageMs) + 0.001 } });
    }
    file = undefined; // one creationTimestamp per object
  }
  return out;
}

/** The lookup key of an event: its object (`deployment/hello`, or '' when the output does not say), reason and message. */
export function eventKey(object: string, reason: string, message: string): string {
  return `${object}\u0000${reason}\u0000${message}`;
}

/** The parts of an eventKey. */
export function eventKeyParts(key: string): { object: string; reason: string; message: string } {
  const [object = '', reason = '', ...rest] = key.split('\u0000');
  return { object, reason, message: rest.join('\u0000') };
}

/**
 * What `kubectl describe KIND NAME` (or `KIND/NAME`, or `KIND -l ...`) describes: the kind, and
 * the name when the command gives one.
 */
function describedObject(command: string): { kind?: string; name?: string } {
  const m = /\bkubectl\s+(?:-\S+\s+)*describe\s+([A-Za-z.]+)(?:(?:\/|\s+)([a-z0-9][-a-z0-9.]*)(?=\s|$))?/.exec(command.split('|')[0]!);
  const kind = m === null ? undefined : kindOfResource(m[1]!);
  return kind === undefined ? {} : { kind, ...(m![2] !== undefined ? { name: m![2] } : {}) };
}

/** A table's header columns in order, each as a pattern of the column name standing alone (`LAST SEEN` is one). */
function headerOf(names: readonly string[]): readonly RegExp[] {
  return names.map((n) => new RegExp(`(^|\\s)${n}(\\s|$)`));
}

const DESCRIBE_EVENTS_HEADER = headerOf(['Type', 'Reason', 'Age', 'From', 'Message']);
const GET_EVENTS_HEADER = headerOf(['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE']);

/** The start of each of the header's columns in this line, when the line is that header. */
function columnStarts(line: string, header: readonly RegExp[]): number[] | undefined {
  const starts = header.map((r) => r.exec(line)).map((m) => (m === null ? -1 : m.index + (m[1] ?? '').length));
  return starts.every((x, i) => x >= 0 && (i === 0 || x > starts[i - 1]!)) ? starts : undefined;
}

/**
 * The moments an expected output dates, other than objects' creation: events and pods' last
 * restarts, as AgeMentions the lookup resolves to kubemu's own (the event with the same object,
 * reason and message; the same pod's last termination).
 *
 * - describe's Events table (`  Normal  ScalingReplicaSet  100s  deployment-controller  Scaled up
 *   replica set hello-8c9694f75 from 0 to 4`): the Age column, for an event that came once; a
 *   repeated one (`62s (x2 over 64s)`) is left out: when it last came depends on how often it
 *   did, which a replay need not repeat. The object is the `Name:` the output showed last (of
 *   the kind the command names), else the one the command names; none when it says neither.
 * - `kubectl get events` (not a watch): LAST SEEN, with the OBJECT column.
 * - a RESTARTS cell `2 (2m36s ago)`: the pod's last restart (evidence for the command that
 *   printed it only, and only while kubemu's is younger: a restart in between starts it again).
 * Columns are cut at the header's positions: both tables are aligned to their header.
 */
export function momentMentions(command: string, expected: readonly string[]): AgeMention[] {
  const out: AgeMention[] = [];
  const watch = /\s(-w|--watch)(\s|=|$)/.test(command);
  const describes = describedObject(command);
  // the object of the Events table: the last `Name:` describe printed, else the command's
  let described = describes.kind !== undefined && describes.name !== undefined ? `${describes.kind}/${describes.name}` : '';
  let table: { kind: 'describe' | 'get'; starts: number[] } | undefined;
  let restartsAt: { header: string[]; at: number; seen: Set<string> } | undefined;
  for (const line of expected) {
    const name = /^Name:\s+(\S+)$/.exec(line);
    if (name !== null && describes.kind !== undefined) described = `${describes.kind}/${name[1]!}`;
    const cols = line.trim().split(COLUMNS);
    if (cols[0] === 'NAME' && cols.includes('RESTARTS')) {
      restartsAt = { header: cols, at: cols.indexOf('RESTARTS'), seen: new Set() };
      continue;
    }
    if (restartsAt !== undefined) {
      if (line.trim() === '') restartsAt = undefined;
      else if (cols.length === restartsAt.header.length) {
        const pod = cols[0]!.slice(cols[0]!.lastIndexOf('/') + 1);
        if (restartsAt.seen.has(pod)) restartsAt = undefined; // a watch's updates from here on
        else {
          restartsAt.seen.add(pod);
          const ago = /^\d+ \((\S+) ago\)$/.exec(cols[restartsAt.at]!);
          const interval = ago === null ? undefined : ageInterval(ago[1]!);
          if (interval !== undefined) out.push({ name: pod, kind: 'restart', age: ago![1]!, interval, moment: 'restart' });
        }
      }
    }
    const describeHeader = columnStarts(line, DESCRIBE_EVENTS_HEADER);
    const getHeader = watch ? undefined : columnStarts(line, GET_EVENTS_HEADER);
    if (describeHeader !== undefined || getHeader !== undefined) {
      table = describeHeader !== undefined ? { kind: 'describe', starts: describeHeader } : { kind: 'get', starts: getHeader! };
      continue;
    }
    if (table === undefined) continue;
    if (line.trim() === '' || !line.startsWith(' '.repeat(table.starts[0]!))) {
      table = undefined;
      continue;
    }
    const cell = (i: number): string => line.slice(table!.starts[i]!, i + 1 < table!.starts.length ? table!.starts[i + 1]! : undefined).trim();
    if (cell(0).startsWith('----')) continue;
    const [age, reason, object, message] =
      table.kind === 'describe' ? [cell(2), cell(1), described, cell(4)] : [cell(0), cell(2), objectOf(cell(3)), cell(4)];
    const interval = ageInterval(age);
    if (interval === undefined || reason === '' || message === '') continue;
    out.push({ name: eventKey(object, reason, message), kind: 'event', age, interval, moment: 'event' });
  }
  return out;
}

/** A mention in an explanation: `hello-8c9694f75 AGE 47s`, `event ScalingReplicaSet "Scaled up ..." 100s`, `web-1 restarted 2m36s ago`. */
function mentionTitle(m: AgeMention): string {
  if (m.moment === 'restart') return `${m.name} restarted ${m.age} ago`;
  if (m.moment === 'event') {
    const { reason, message } = eventKeyParts(m.name);
    return `event ${reason} "${message.length > 60 ? `${message.slice(0, 57)}...` : message}" ${m.age}`;
  }
  return `${m.name} AGE ${m.age}`;
}

/** `pod/stuck` or `deployment.apps/hello` as `kind/name`; '' when the kind is not known. */
function objectOf(cell: string): string {
  const slash = cell.indexOf('/');
  const kind = slash < 0 ? undefined : kindOfResource(cell.slice(0, slash));
  return kind === undefined ? '' : `${kind}/${cell.slice(slash + 1)}`;
}

/** What the inference needs to know of one step of the transcript. */
export interface StepView {
  line: number;
  command: string;
  expected: readonly string[];
  /** false for a skipped step (it does not run, no pause follows it) */
  runs: boolean;
  /** the pause that follows the step by default (0 after one that waits itself), seconds */
  pauseAfter: number;
  waits: boolean;
}

/** kubemu's object for a transcript name (mapped), with its age now in seconds; undefined: none. */
export type AgeLookup = (transcriptName: string, kind: string | undefined) => { name: string; age: number } | undefined;

/** kubemu's oldest pod of the ReplicaSet the transcript names (mapped), with its age; undefined: none. */
export type OldestLookup = (transcriptOwner: string) => { name: string; age: number } | undefined;

/** A range of advances one piece of evidence allows, [lo, hi) in seconds, and why. */
export interface Constraint extends Interval {
  /** kubemu's age of the object the evidence is about (the youngest is trusted most) */
  kubemuAge: number;
  why: string;
  /**
   * from the output of a later command, about the time up to it (an age there, not something this
   * command made): the commands before that output get a typing pause, the one right before it
   * the rest (decideAdvance)
   */
  later?: boolean;
  /**
   * for a later one: the advances that make the age agree when every command up to that output
   * keeps its default pause (a transcript kubemu wrote with them: then they stay)
   */
  exact?: Interval;
  /** past a command that waits itself: only an upper bound, and only when this command has no evidence of its own */
  beyondWait?: boolean;
}

/** The pause of a reader typing the next command, seconds: between commands a later age bounds. */
export const TYPING_PAUSE = 1;

/**
 * Whether a command was typed right after the one before it: a `rollout status` whose output
 * starts with `Waiting for deployment spec update to be observed...` ran before the controllers
 * had reacted to the change before it.
 */
export function typedAtOnce(command: string, expected: readonly string[]): boolean {
  return /\brollout\s+status\b/.test(command) && (expected[0] ?? '').startsWith('Waiting for deployment spec update to be observed...');
}

/** A `kubectl delete pod OWNER-xxxxx` of a pod of `owner` (whose ReplicaSet replaces it at once). */
function deletesPodOf(command: string, owner: string): boolean {
  const o = owner.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\bdelete\\s+(?:-\\S+\\s+)*(?:pods?|po)(?:\\s+|/)${o}-[a-z0-9]{5}(?![a-z0-9-])`).test(command.split('|')[0]!);
}

const MUTATES = /\bkube(?:ctl|mu)\b.*\b(apply|create|run|set|scale|patch|replace|edit|expose|autoscale|label|annotate|delete|undo|restart|resume)\b/;

/** Whether a command changes the cluster (so the objects first shown after it may be its own). */
export function mutates(command: string): boolean {
  return MUTATES.test(command.split('|')[0]!);
}

/** The key of a generated name: its last generated token (a pod's suffix, a ReplicaSet's hash). */
function keyToken(name: string): string | undefined {
  const t = generatedTokens(name);
  return t[t.length - 1];
}

/** The index of the first step whose command or output shows the token; -1: none. */
function firstShown(steps: readonly StepView[], token: string): number {
  return steps.findIndex((s) => s.command.includes(token) || s.expected.some((l) => l.includes(token)));
}

/**
 * The evidence about the advance before step n. `unmapped(token)`: whether the mapping has not
 * paired the token yet; `mentions(k)`: ageMentions of step k (cached by the caller).
 */
export function constraintsFor(
  steps: readonly StepView[],
  n: number,
  lookup: AgeLookup,
  unmapped: (token: string) => boolean,
  mentions: (k: number) => AgeMention[],
  oldestOf?: OldestLookup,
  sinceStep?: (j: number) => number | undefined,
): Constraint[] {
  const out: Constraint[] = [];
  // a pod (5-character suffix) counts only as the replacement of a pod of its ReplicaSet that
  // the command deleted: made at once, where a rollout's pods come later
  const madeBy = (token: string, owner = ''): number | undefined => {
    if (!unmapped(token)) return undefined;
    const first = firstShown(steps, token);
    if (first < 0) return undefined;
    for (let j = first; j >= 0; j--) {
      if (!steps[j]!.runs || !mutates(steps[j]!.command)) continue;
      return token.length !== 5 || (owner !== '' && deletesPodOf(steps[j]!.command, owner)) ? j : undefined;
    }
    return undefined;
  };
  // since a command: an object an earlier command made, first shown from here on, no wait in between
  let pauses = 0;
  for (let k = n; k < steps.length && sinceStep !== undefined; k++) {
    const oldest = new Map<string, { m: AgeMention; j: number }>();
    for (const m of mentions(k)) {
      if (m.moment !== undefined) continue;
      for (const [t, owner] of tokenPrefixes(m.name)) {
        const j = madeBy(t, owner);
        if (j === undefined || j >= n || firstShown(steps, t) < n) continue;
        const had = oldest.get(t);
        if (had === undefined || m.interval.lo > had.m.interval.lo) oldest.set(t, { m, j });
      }
    }
    for (const [, { m, j }] of oldest) {
      const since = sinceStep(j);
      if (since === undefined) continue;
      out.push({
        lo: m.interval.lo - since - pauses,
        hi: m.interval.hi - since,
        kubemuAge: since,
        why: `${m.name} AGE ${m.age} at line ${steps[k]!.line}, made by line ${steps[j]!.line} (${humanAge(since)} ago in kubemu${pauses > 0 ? `, +${pauses}s of pauses before it` : ''})`,
        ...(k > n ? { later: true, exact: { lo: m.interval.lo - since - pauses, hi: m.interval.hi - since - pauses } } : {}),
      });
    }
    if (oldest.size > 0) break;
    if (steps[k]!.runs && steps[k]!.waits) break;
    if (steps[k]!.runs) pauses += steps[k]!.pauseAfter;
  }
  // absolute: the first step from n on with an age of an object kubemu has; past a wait only an
  // upper bound (the wait took >= 0 s), for a command with no evidence of its own
  let between = 0;
  let changed = false;
  let waited = false;
  for (let k = n; k < steps.length; k++) {
    const found: Constraint[] = [];
    for (const m of mentions(k)) {
      // A last restart's age starts again at every restart: it dates this command only, and only
      // when no restart has to come first (kubemu's is not older than the transcript's).
      if (m.moment === 'restart' && k !== n) continue;
      const obj = lookup(m.name, m.kind);
      if (obj === undefined || (m.moment === 'restart' && obj.age >= m.interval.hi)) continue;
      // the pauses in between may shrink to nothing (a reader who typed quicker than the default);
      // when a command in between changes the cluster, the reader waited after it, not here
      found.push({
        lo: changed || waited ? -Infinity : m.interval.lo - obj.age - between,
        hi: m.interval.hi - obj.age,
        kubemuAge: obj.age,
        why: `${mentionTitle(m)} at line ${steps[k]!.line} (kubemu ${humanAge(obj.age)}${between > 0 ? `, +${between}s of pauses before it` : ''}${waited ? ', after a wait' : ''})`,
        ...(k > n ? { later: true, exact: { lo: waited ? -Infinity : m.interval.lo - obj.age - between, hi: m.interval.hi - obj.age - between } } : {}),
        ...(waited ? { beyondWait: true } : {}),
      });
    }
    if (found.length > 0) {
      out.push(...found);
      break;
    }
    if (steps[k]!.runs && steps[k]!.waits) waited = true;
    if (steps[k]!.runs) between += steps[k]!.pauseAfter;
    if (steps[k]!.runs && mutates(steps[k]!.command)) changed = true;
  }
  // relative: an object this step creates, against one kubemu has, in the first later listing of both
  if (!steps[n]!.runs || !mutates(steps[n]!.command)) return out;
  const bornHere = (token: string): boolean => {
    if (token.length === 5 || !unmapped(token)) return false;
    const first = firstShown(steps, token);
    if (first < n) return false;
    for (let j = n + 1; j < first; j++) if (steps[j]!.runs && mutates(steps[j]!.command)) return false;
    return true;
  };
  for (let k = n; k < steps.length; k++) {
    const ms = mentions(k).filter((m) => m.moment === undefined);
    // per new hash, its oldest object in the listing: the ReplicaSet, or the first pod it made
    const ys = new Map<string, AgeMention>();
    for (const m of ms) {
      for (const t of generatedTokens(m.name).filter(bornHere)) {
        const had = ys.get(t);
        if (had === undefined || m.interval.lo > had.interval.lo) ys.set(t, m);
      }
    }
    if (ys.size === 0) continue;
    const xs = anchors(ms, lookup, oldestOf);
    for (const { mention: x, obj } of xs) {
      for (const y of ys.values()) {
        out.push({
          lo: x.interval.lo - y.interval.hi - obj.age,
          hi: x.interval.hi - y.interval.lo - obj.age,
          kubemuAge: obj.age,
          why: `${y.name} ${y.age} vs ${x.name} ${x.age} at line ${steps[k]!.line}: made ${x.age} - ${y.age} after it (kubemu ${obj.name} ${humanAge(obj.age)})`,
        });
      }
    }
    if (xs.length > 0) break;
  }
  return out;
}

/**
 * The objects of a listing kubemu has: by their (mapped) names, and for pods the transcript shows
 * for the first time, of a ReplicaSet kubemu has, the oldest of them as kubemu's oldest pod of it
 * (`hello-85854d9fd8-h87n6 2m55s`, the first pod of that ReplicaSet still there).
 */
function anchors(ms: readonly AgeMention[], lookup: AgeLookup, oldestOf: OldestLookup | undefined): { mention: AgeMention; obj: { name: string; age: number } }[] {
  const out: { mention: AgeMention; obj: { name: string; age: number } }[] = [];
  const oldest = new Map<string, AgeMention>();
  for (const m of ms) {
    const obj = lookup(m.name, m.kind);
    if (obj !== undefined) {
      out.push({ mention: m, obj });
      continue;
    }
    const dash = m.name.lastIndexOf('-');
    if (dash < 0 || m.kind === 'replicaset' || m.kind === 'deployment') continue;
    const owner = m.name.slice(0, dash);
    const had = oldest.get(owner);
    if (had === undefined || m.interval.lo > had.interval.lo) oldest.set(owner, m);
  }
  for (const [owner, m] of oldest) {
    const obj = oldestOf?.(owner);
    if (obj !== undefined) out.push({ mention: m, obj });
  }
  return out;
}

/** The chosen advance before one command and the reasons. */
export interface TimeDecision {
  /** seconds */
  advance: number;
  how: 'default' | 'agrees' | 'inferred' | 'youngest' | 'contradiction' | 'too-late' | 'typing' | 'at-once';
  constraints: Constraint[];
}

/**
 * The advance the evidence allows (see the file comment); `pause` is the default, seconds. A
 * command whose only evidence is a later output's ages (`later`): the default pause when the
 * default pauses up to that output make the ages agree (a transcript kubemu wrote), else the
 * typing pause: the later age bounds the time up to that output and the reader waited before
 * looking, so the command right before it gets the rest (from its own evidence, decided there);
 * with kubemu already later than the ages, the typing pause too (past a wait, only that counts).
 */
export function decideAdvance(constraints: readonly Constraint[], pause: number, typing = TYPING_PAUSE): TimeDecision {
  const own = constraints.filter((c) => c.later !== true);
  if (constraints.length > 0 && own.length === 0) {
    const fits = constraints.every((c) => c.exact === undefined || (pause >= c.exact.lo && pause < c.exact.hi));
    return fits ? { advance: pause, how: 'agrees', constraints: [...constraints] } : { advance: Math.min(typing, pause), how: 'typing', constraints: [...constraints] };
  }
  const used = constraints.filter((c) => c.beyondWait !== true);
  const d = byIntersection(used, pause);
  if (d.how === 'too-late' || (d.how === 'contradiction' && used.every((c) => c.hi <= 0))) return { ...d, advance: Math.min(typing, pause), how: 'too-late' };
  return d;
}

function byIntersection(constraints: readonly Constraint[], pause: number): TimeDecision {
  const all = intersect(constraints, pause);
  if (all.how !== 'contradiction') return all;
  // kubemu's history and the transcript's differ further back: go by the youngest object alone
  const youngest = Math.min(...constraints.map((c) => c.kubemuAge));
  const recent = intersect(constraints.filter((c) => c.kubemuAge === youngest), pause);
  if (recent.how === 'inferred' || recent.how === 'agrees') return { ...recent, how: 'youngest', constraints: [...constraints] };
  return all;
}

function intersect(constraints: readonly Constraint[], pause: number): TimeDecision {
  const base = { constraints: [...constraints] };
  if (constraints.length === 0) return { advance: pause, how: 'default', ...base };
  const lo = Math.max(...constraints.map((c) => c.lo));
  const hi = Math.min(...constraints.map((c) => c.hi));
  if (lo >= hi) return { advance: pause, how: 'contradiction', ...base };
  if (pause >= lo && pause < hi) return { advance: pause, how: 'agrees', ...base };
  if (hi <= 0) return { advance: pause, how: 'too-late', ...base };
  // to the millisecond, rounded up so that the age reaches lo
  const advance = Math.ceil(Math.max(lo, 0) * 1000) / 1000;
  if (advance >= hi) return { advance: pause, how: 'contradiction', ...base };
  return { advance, how: 'inferred', ...base };
}

/** One explanation line: `line 328: +2.8s inferred from hello-8c9694f75 AGE 47s at line 328 (kubemu 44s)`. */
export function explainDecision(line: number, d: TimeDecision): string {
  const adv = formatAdvance(d.advance);
  const whys = d.constraints.map((c) => c.why).join('; ');
  switch (d.how) {
    case 'default':
      return `line ${line}: ${adv} (default pause: no ages in the transcript to go by)`;
    case 'agrees':
      return `line ${line}: ${adv} (default pause, agrees with ${whys})`;
    case 'inferred':
      return `line ${line}: ${adv} from ${whys}`;
    case 'youngest': {
      const y = Math.min(...d.constraints.map((c) => c.kubemuAge));
      const used = d.constraints.filter((c) => c.kubemuAge === y).map((c) => c.why).join('; ');
      return `line ${line}: ${adv} from ${used} (the youngest; the others contradict it: kubemu's older history differs)`;
    }
    case 'contradiction':
      return `line ${line}: ${adv} (default pause: the ages contradict each other: ${whys})`;
    case 'too-late':
      return `line ${line}: ${adv} (typing pause: kubemu is already later than ${whys})`;
    case 'typing': {
      const late = d.constraints.filter((c) => c.exact !== undefined && d.advance >= c.exact.hi);
      if (late.length > 0) return `line ${line}: ${adv} (typing pause: kubemu is already later than ${late.map((c) => c.why).join('; ')})`;
      return `line ${line}: ${adv} (typing pause: the default pauses would not reach ${whys}; the command before that output waits the rest)`;
    }
    case 'at-once':
      return `line ${line}: ${adv} (typed right after the command before it: its output starts with "Waiting for deployment spec update to be observed...")`;
  }
}
