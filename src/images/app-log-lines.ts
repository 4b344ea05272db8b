import { substituteLine, type AppLogSpec } from './log-spec.js';

/**
 * The stdout of one run of an emulated app (one container instance), computed from what the
 * kubelet knows of the run and the clock when it is read: nothing is stored and no line is a
 * step of the cluster. A run started at S with startSeconds 3, `every: [{seconds: 10, ...}]`:
 *
 *   S          start lines
 *   S+3 s      listening lines (only if the run is still going then)
 *   S+10 s, S+20 s, ...   the periodic line, while the run goes on and up to the clock
 *   E          crash lines, when the app exited by itself at E (requiredEnv missing: E = S)
 *   T          stop lines, when the kubelet sent SIGTERM at T (periodic lines stop there)
 *
 * Lines of one instant come in that order (start, listening, periodic in the spec's order, crash,
 * stop). A run that has ended (its own exit, or SIGTERM) prints no periodic or listening line at
 * or after its end: an app crashing at S+30 s prints the lines of S+10 s and S+20 s, then the crash.
 */

/** What the kubelet knows of a run, for its log. */
export interface AppRun {
  startedMs: number;
  spec: AppLogSpec;
  /** when the app starts answering (behavior.startSeconds) */
  startSeconds: number;
  /** the app exited by itself at this instant (crash lines) */
  appExitMs?: number;
  /** the kubelet sent SIGTERM at this instant (stop lines) */
  sigtermMs?: number;
  /** `${NAME}` values (see log-spec.ts substituteLine) */
  vars: (name: string) => string | undefined;
}

/** One line of a log, at its instant (microseconds, as klog's lines). */
export interface TimedLine {
  us: number;
  text: string;
}

/** Which lines to give: those at fromMs or later (all when undefined), up to toMs, the last `tail` of them. */
export interface LineWindow {
  fromMs?: number;
  toMs: number;
  /** only the newest N (undefined or negative: all) */
  tail?: number;
}

/** A fixed group of lines at one instant, with its rank among the groups of that instant. */
interface Group {
  ms: number;
  rank: number;
  lines: readonly string[];
}

const RANK = { start: 0, listening: 1, periodic: 2, crash: 3, stop: 4 } as const;

/** When the run stopped going on (its own exit or SIGTERM, whichever came first), if it did. */
function endMs(run: AppRun): number | undefined {
  const ends = [run.appExitMs, run.sigtermMs].filter((t): t is number => t !== undefined);
  return ends.length ? Math.min(...ends) : undefined;
}

function groups(run: AppRun): Group[] {
  const out: Group[] = [];
  const end = endMs(run);
  if (run.spec.start.length) out.push({ ms: run.startedMs, rank: RANK.start, lines: run.spec.start });
  const listeningMs = run.startedMs + run.startSeconds * 1000;
  if (run.spec.listening.length && (end === undefined || listeningMs < end)) out.push({ ms: listeningMs, rank: RANK.listening, lines: run.spec.listening });
  if (run.appExitMs !== undefined && run.spec.crash.length && (run.sigtermMs === undefined || run.appExitMs <= run.sigtermMs)) {
    out.push({ ms: run.appExitMs, rank: RANK.crash, lines: run.spec.crash });
  }
  if (run.sigtermMs !== undefined && run.spec.stop.length && (run.appExitMs === undefined || run.sigtermMs < run.appExitMs)) {
    out.push({ ms: run.sigtermMs, rank: RANK.stop, lines: run.spec.stop });
  }
  return out;
}

/** The k range of a periodic series (lines at startedMs + k·periodMs, k ≥ 1) within [fromMs, toMs] and before the run's end. */
function periodicRange(run: AppRun, periodMs: number, fromMs: number | undefined, toMs: number): { first: number; last: number } {
  const end = endMs(run);
  // Before the end (exclusive) and up to the clock (inclusive): the last k with S + k·P ≤ limit.
  let last = Math.floor((toMs - run.startedMs) / periodMs);
  if (end !== undefined) last = Math.min(last, Math.ceil((end - run.startedMs) / periodMs) - 1);
  const first = fromMs === undefined ? 1 : Math.max(1, Math.ceil((fromMs - run.startedMs) / periodMs));
  return { first, last };
}

function periodMsOf(seconds: number): number {
  return Math.max(1, Math.round(seconds * 1000));
}

/** How many lines fall in [fromMs, toMs]. */
function countLines(run: AppRun, fromMs: number | undefined, toMs: number): number {
  let n = 0;
  for (const g of groups(run)) if ((fromMs === undefined || g.ms >= fromMs) && g.ms <= toMs) n += g.lines.length;
  for (const p of run.spec.every) {
    const { first, last } = periodicRange(run, periodMsOf(p.seconds), fromMs, toMs);
    if (last >= first) n += last - first + 1;
  }
  return n;
}

/** Every line in [fromMs, toMs], in order (time, then the rank of its group, then the spec's order). */
function linesIn(run: AppRun, fromMs: number | undefined, toMs: number): TimedLine[] {
  const entries: { ms: number; rank: number; order: number; text: string }[] = [];
  let order = 0;
  for (const g of groups(run)) {
    if ((fromMs !== undefined && g.ms < fromMs) || g.ms > toMs) continue;
    for (const text of g.lines) entries.push({ ms: g.ms, rank: g.rank, order: order++, text });
  }
  run.spec.every.forEach((p, series) => {
    const periodMs = periodMsOf(p.seconds);
    const { first, last } = periodicRange(run, periodMs, fromMs, toMs);
    for (let k = first; k <= last; k++) entries.push({ ms: run.startedMs + k * periodMs, rank: RANK.periodic, order: series, text: p.line });
  });
  entries.sort((a, b) => a.ms - b.ms || a.rank - b.rank || a.order - b.order);
  return entries.map((e) => ({ us: e.ms * 1000, text: substituteLine(e.text, run.vars) }));
}

/**
 * The run's lines in the window. With a tail, only the instants that hold the last `tail` lines
 * are generated (a binary search on the window's start, each count being arithmetic), so
 * `--tail=10` of an app that has printed a line a second for a week costs what 10 lines cost.
 */
export function appLogLines(run: AppRun, w: LineWindow): TimedLine[] {
  if (w.tail === undefined || w.tail < 0) return linesIn(run, w.fromMs, w.toMs);
  if (w.tail === 0) return [];
  let from = w.fromMs ?? run.startedMs;
  if (countLines(run, from, w.toMs) > w.tail) {
    // The latest start whose window still holds `tail` lines: count(lo) ≥ tail > count(hi).
    let lo = from;
    let hi = w.toMs + 1;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (countLines(run, mid, w.toMs) >= w.tail) lo = mid;
      else hi = mid;
    }
    from = lo;
  }
  return linesIn(run, from, w.toMs).slice(-w.tail);
}
