import type { ApiServer } from '../apiserver/server.js';
import { findByKind } from '../apiserver/resources.js';
import type { ReplicaSetStatus } from '../api/apps/v1/replica-set.js';

/**
 * The kube-controller-manager's log (klog), as `kubectl logs kube-controller-manager-<node>`
 * shows it. The embedded controllers call klogFor(...).info(level, ...) where upstream calls
 * `logger.V(level).Info(...)`; a line is kept only when the controller-manager's verbosity is
 * at least its level at the moment it is logged, exactly like klog (raising the verbosity later
 * does not bring back lines that were never written).
 *
 * The verbosity is the `kubemu.io/log-verbosity` annotation of the mirror pod
 * kube-system/kube-controller-manager-k8s-master-1 (`kubectl annotate --overwrite ...=4` plays
 * the part of `--v=4` in the static pod's manifest); without it, 0, kubeadm's default.
 *
 * Lines live in the cluster file's meta table, outside the keyspace (a process's stderr is no
 * API object): `klog:kube-controller-manager:seq` counts them, `klog:kube-controller-manager:<n>`
 * holds line n as JSON; only the newest KLOG_KEEP_LINES are kept, as a kubelet rotates a
 * container's log file.
 */

/** The annotation on the controller-manager's mirror pod that stands for its `--v` flag. */
export const LOG_VERBOSITY_ANNOTATION = 'kubemu.io/log-verbosity';
/** The mirror pod whose annotation sets the verbosity and whose logs these lines are. */
export const CONTROLLER_MANAGER_POD = { namespace: 'kube-system', name: 'kube-controller-manager-k8s-master-1' };
/** How many lines are kept (older ones are dropped, oldest first). */
export const KLOG_KEEP_LINES = 20000;
/** The process id klog prints: 1, as for any process that is PID 1 in its container. */
const PID = 1;

const PREFIX = 'klog:kube-controller-manager:';

/** One stored line: its time in microseconds of cluster time (UTC), and the text after the header. */
export interface KlogLine {
  /** microseconds since the Unix epoch */
  us: number;
  /** klog's severity letter */
  severity: 'I' | 'W' | 'E';
  /** `file.go:line` of the upstream call site */
  source: string;
  /** the structured message: `"msg" key="value" n=4` */
  text: string;
}

/** The part of the keyspace the log uses (the meta table). */
export interface KlogStore {
  getMeta(name: string): string | undefined;
  setMeta(name: string, value: string): void;
  deleteMeta(name: string): void;
}

/** A structured value: strings are quoted like Go's %q, numbers and booleans printed bare. */
export type KlogValue = string | number | boolean;

/** Go's strconv.Quote for the characters controller messages contain (ASCII, quotes, backslashes, control characters). */
export function goQuote(s: string): string {
  // JSON.stringify escapes the same set Go does for these (\" \\ \n \t ...), except that Go
  // writes other control characters as \x1b where JSON writes \u001b.
  return JSON.stringify(s).replace(/\\u00([0-9a-f]{2})/g, '\\x$1');
}

/**
 * klog's structured text: the message quoted, then ` key=value` pairs.
 * structuredText('Too few replicas', [['replicaSet', 'default/hello-85854d9fd8'], ['need', 4], ['creating', 1]])
 *   → `"Too few replicas" replicaSet="default/hello-85854d9fd8" need=4 creating=1`
 */
export function structuredText(msg: string, kv: readonly (readonly [string, KlogValue])[] = []): string {
  let s = goQuote(msg);
  for (const [k, v] of kv) s += ` ${k}=${typeof v === 'string' ? goQuote(v) : String(v)}`;
  return s;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/**
 * klog's header: severity, MMDD, hh:mm:ss.uuuuuu (UTC), the thread id right-aligned in 7
 * columns, `file:line]`. For 2026-10-26T19:41:10.935036Z, pid 1, replica_set.go:668:
 *   `I1026 19:41:10.935036       1 replica_set.go:668] `
 */
export function formatKlogLine(line: KlogLine): string {
  const ms = Math.floor(line.us / 1000);
  const d = new Date(ms);
  const micros = pad(d.getUTCMilliseconds() * 1000 + (line.us % 1000), 6);
  const head =
    `${line.severity}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)} ` +
    `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${micros} ` +
    `${String(PID).padStart(7, ' ')} ${line.source}] `;
  return head + line.text;
}

/**
 * Go's time.Time.String() for a UTC instant with its monotonic reading, as "Started syncing
 * deployment" prints startTime: nanoseconds with trailing zeros cut, then `m=+seconds` since
 * the process started with 9 decimals. 19:41:11.168470276 and a process started at 19:40:29.859748041:
 *   `2026-10-26 19:41:11.168470276 +0000 UTC m=+41.308722235`
 */
export function goTimeString(ns: bigint, processStartNs: bigint): string {
  const ms = Number(ns / 1_000_000n);
  const d = new Date(ms);
  const subNs = Number(ns % 1_000_000_000n);
  const frac = subNs === 0 ? '' : `.${pad(subNs, 9).replace(/0+$/, '')}`;
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
  const time = `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}${frac}`;
  const mono = ns > processStartNs ? ns - processStartNs : 0n;
  return `${date} ${time} +0000 UTC m=+${mono / 1_000_000_000n}.${pad(Number(mono % 1_000_000_000n), 9)}`;
}

/**
 * startTime of a sync whose first line is at lineUs: upstream reads time.Now() a few
 * microseconds before it logs (6 µs in the article's line: startTime …11.168470276, line
 * …11.168476); the nanoseconds below the microsecond are derived from lineUs so they are
 * stable from run to run. lineUs …168476 → (168476 − 6)·1000 + 168476·277 mod 1000 = …168470852 ns.
 */
export function syncStartNs(lineUs: number): bigint {
  return BigInt(lineUs - 6) * 1000n + BigInt(((lineUs % 1000) * 277) % 1000);
}

/**
 * The microsecond a new line gets: the cluster clock has milliseconds, so lines within one
 * millisecond are spread over it in logging order. The first line of a millisecond gets a
 * sub-millisecond offset derived from its sequence number (seq 22 → 22·389 mod 500 = 58 µs), so
 * that columns do not all end in 000; each later one is at least 1 µs after the one before.
 * E.g. at 10.935 s with seq 22: 10.935058; the next line in the same ms: 10.935059 or later.
 */
export function lineMicros(nowMs: number, seq: number, lastUs: number): number {
  const first = nowMs * 1000 + ((seq * 389) % 500);
  return Math.max(first, lastUs + 1);
}

const PODS = findByKind('v1', 'Pod');

/** The controller-manager's verbosity now: its mirror pod's annotation, 0 without one. */
export function controllerManagerVerbosity(api: ApiServer): number {
  if (!PODS) return 0;
  const pod = api.tryGet(PODS, CONTROLLER_MANAGER_POD.namespace, CONTROLLER_MANAGER_POD.name);
  const v = Number(pod?.metadata.annotations?.[LOG_VERBOSITY_ANNOTATION] ?? '0');
  return Number.isInteger(v) && v > 0 ? v : 0;
}

/** The writer the controllers use. */
export class Klog {
  private verbosityCache: number | undefined;

  constructor(
    private readonly store: KlogStore,
    private readonly verbosity: () => number,
    private readonly nowMs: () => number,
    /** when the controller-manager process started (for m=+ in Go time strings), ms */
    readonly processStartMs = 0,
  ) {}

  /** klog's V(level).Enabled(): whether a line of this level would be written now. */
  enabled(level: number): boolean {
    this.verbosityCache ??= this.verbosity();
    return this.verbosityCache >= level;
  }

  /** `logger.V(level).Info(msg, kv...)` at source `file.go:line`. */
  info(level: number, source: string, msg: string, kv: readonly (readonly [string, KlogValue])[] = []): void {
    if (!this.enabled(level)) return;
    this.write('I', source, structuredText(msg, kv));
  }

  /** Appends one line with the current cluster time. */
  write(severity: KlogLine['severity'], source: string, text: string): void {
    const seq = Number(this.store.getMeta(`${PREFIX}seq`) ?? '0') + 1;
    const lastUs = Number(this.store.getMeta(`${PREFIX}last-us`) ?? '0');
    const us = lineMicros(this.nowMs(), seq, lastUs);
    const line: KlogLine = { us, severity, source, text };
    this.store.setMeta(`${PREFIX}${seq}`, JSON.stringify(line));
    this.store.setMeta(`${PREFIX}seq`, String(seq));
    this.store.setMeta(`${PREFIX}last-us`, String(us));
    if (seq > KLOG_KEEP_LINES) this.store.deleteMeta(`${PREFIX}${seq - KLOG_KEEP_LINES}`);
  }

  /**
   * The microsecond the next line will get (lines are deterministic, so peeking is exact): for
   * values that are read just before the line is written, like "Started syncing"'s startTime.
   */
  nextLineUs(): number {
    const seq = Number(this.store.getMeta(`${PREFIX}seq`) ?? '0') + 1;
    return lineMicros(this.nowMs(), seq, Number(this.store.getMeta(`${PREFIX}last-us`) ?? '0'));
  }
}

/** Every kept line, oldest first. */
export function readKlog(store: Pick<KlogStore, 'getMeta'>): KlogLine[] {
  const seq = Number(store.getMeta(`${PREFIX}seq`) ?? '0');
  const out: KlogLine[] = [];
  for (let n = Math.max(1, seq - KLOG_KEEP_LINES + 1); n <= seq; n++) {
    const v = store.getMeta(`${PREFIX}${n}`);
    if (v !== undefined) out.push(JSON.parse(v) as KlogLine);
  }
  return out;
}

/**
 * The log writer for a controller's context. Verbosity is read once per writer; a writer is
 * made per sync, so an annotation change applies from the next sync on.
 */
export function klogFor(ctx: { api: ApiServer; clock: { now(): number; settings: { epochMs: number } } }): Klog {
  return new Klog(ctx.api.store, () => controllerManagerVerbosity(ctx.api), () => ctx.clock.now(), ctx.clock.settings.epochMs);
}

/** The counts of a ReplicaSetStatus that the status line prints. */
type ReplicaCountField = 'replicas' | 'fullyLabeledReplicas' | 'readyReplicas' | 'availableReplicas' | 'terminatingReplicas' | 'observedGeneration';

/** A replica count of a status, or Go's "nil" for a pointer field that is unset (derefInt32ToStr). */
function countText(status: ReplicaSetStatus | undefined, field: ReplicaCountField, pointer: boolean): string {
  const v = status?.[field];
  if (typeof v === 'number') return String(v);
  return pointer ? 'nil' : '0';
}

/**
 * updateReplicaSetStatus's V(4) line (replica_set_utils.go), one preformatted message without
 * keys. The Kind is empty on objects from an informer, hence upstream's "for : ns/name".
 * "sequence No" is observedGeneration before → after. E.g. after one of 4 pods was deleted:
 *   `Updating status for : default/hello-85854d9fd8, replicas 4->3 (need 4), fullyLabeledReplicas 4->3,
 *    readyReplicas 4->3, availableReplicas 4->3, terminatingReplicas 0->1, sequence No: 22->22`
 */
export function replicaSetStatusUpdateMessage(
  namespace: string,
  name: string,
  need: number,
  before: ReplicaSetStatus | undefined,
  after: ReplicaSetStatus,
): string {
  const pair = (f: ReplicaCountField, pointer = false) => `${countText(before, f, pointer)}->${countText(after, f, pointer)}`;
  return (
    `Updating status for : ${namespace}/${name}, ` +
    `replicas ${pair('replicas')} (need ${need}), ` +
    `fullyLabeledReplicas ${pair('fullyLabeledReplicas')}, ` +
    `readyReplicas ${pair('readyReplicas')}, ` +
    `availableReplicas ${pair('availableReplicas')}, ` +
    `terminatingReplicas ${pair('terminatingReplicas', true)}, ` +
    `sequence No: ${pair('observedGeneration')}`
  );
}
