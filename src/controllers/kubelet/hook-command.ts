import { parseScript, type AndOr, type Pipeline, type Word } from './shell-script.js';

/**
 * What an exec hook's command does inside the emulated container: how long it runs and the
 * status it exits with. kubemu runs no processes, so it reads the command: `sleep` (GNU and
 * busybox: `sleep 25`, `sleep 1.5`, `sleep 2m`, `sleep 1m 30s`, `sleep infinity`), `true`, `:`,
 * `false`, `exit N` and `wait`, alone (`["/bin/sleep","25"]`) or in a shell script
 * (`["sh","-c","sleep 5 && nginx -s quit"]`, bash, ash, dash...). Any other command (the app's
 * own `nginx -s quit`, `curl`, `echo`) is taken to succeed at once, and so is a script kubemu
 * cannot read (loops, `if`, subshells, `$(…)`, a `sleep $DELAY` whose value it would have to
 * know):
 *
 *   ["sleep","25"]                               → 25 s, status 0
 *   ["/bin/sh","-c","sleep 10"]                  → 10 s, status 0
 *   ["sh","-c","sleep 5 && nginx -s quit"]       → 5 s, status 0 (nginx: unknown, instant)
 *   ["sh","-c","sleep 2; exit 3"]                → 2 s, status 3: the hook fails
 *   ["sh","-c","sleep 2 || true; false"]         → 2 s, status 1
 *   ["sleep","abc"]                              → 0 s, status 1 (sleep: invalid time interval)
 *   ["sh","-c","sleep $DELAY"]                   → 0 s, status 0 (not interpreted)
 */

export interface CommandRun {
  /** how long it runs, ms; Infinity: until the container stops (`sleep infinity`) */
  ms: number;
  /** its exit status */
  status: number;
}

/** What a command kubemu does not know does: succeeds at once. */
const UNKNOWN: CommandRun = Object.freeze({ ms: 0, status: 0 });

/** Shells whose `-c SCRIPT` is read as a script. */
const SHELLS = new Set(['sh', 'bash', 'ash', 'dash', 'ksh', 'mksh', 'zsh']);

/** Words put before a command that run it (`exec sleep 5`, `busybox sleep 5`, `env A=1 sleep 5`). */
const PREFIXES = new Set(['exec', 'command', 'env', 'busybox', 'nohup']);

/** Seconds per unit of GNU sleep's suffixes. */
const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

/** The state of a running script: its clock (ms since it started), its background jobs, its last status. */
interface ScriptState {
  nowMs: number;
  /** when the last background job ends */
  backgroundEndMs: number;
  status: number;
}

interface SimpleRun extends CommandRun {
  /** `exit`, or `exec`: the script ends here */
  ends?: boolean;
}

/** An exec hook's command (spec.containers[].lifecycle.preStop.exec.command), as argv without a shell. */
export function runExecCommand(argv: readonly string[]): CommandRun {
  if (!argv.length) return UNKNOWN;
  const r = runSimple(
    argv.map((text) => ({ text, dynamic: false })),
    { nowMs: 0, backgroundEndMs: 0, status: 0 },
  );
  return { ms: r.ms, status: r.status };
}

/** A shell script, as `sh -c SCRIPT` runs it. */
export function runScript(script: string): CommandRun {
  const lists = parseScript(script);
  if (!lists) return UNKNOWN;
  const state: ScriptState = { nowMs: 0, backgroundEndMs: 0, status: 0 };
  for (const list of lists) {
    if (list.background) {
      // Runs beside what follows: only `wait` waits for it.
      const start = state.nowMs;
      const r = runAndOr(list, { ...state });
      state.backgroundEndMs = Math.max(state.backgroundEndMs, start + r.ms);
      state.status = 0;
      continue;
    }
    const r = runAndOr(list, state);
    state.nowMs += r.ms;
    state.status = r.status;
    if (r.ends || state.nowMs === Infinity) break;
  }
  return { ms: state.nowMs, status: state.status };
}

function runAndOr(list: AndOr, state: ScriptState): SimpleRun {
  const start = state.nowMs;
  let r = runPipeline(list.first, state);
  let ms = r.ms;
  let status = r.status;
  if (r.ends) return { ms, status, ends: true };
  for (const link of list.rest) {
    if ((link.op === '&&') !== (status === 0)) continue;
    r = runPipeline(link.pipeline, { ...state, nowMs: start + ms, status });
    ms += r.ms;
    status = r.status;
    if (r.ends) return { ms, status, ends: true };
  }
  return { ms, status };
}

/** `a | b`: side by side, as long as the longest, the last one's status; an `exit` in one ends only its subshell. */
function runPipeline(p: Pipeline, state: ScriptState): SimpleRun {
  if (p.length === 1) return runSimple(p[0]!, state);
  let ms = 0;
  let status = 0;
  for (const command of p) {
    const r = runSimple(command, state);
    ms = Math.max(ms, r.ms);
    status = r.status;
  }
  return { ms, status };
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function runSimple(command: readonly Word[], state: ScriptState): SimpleRun {
  let words = command;
  let ends = false;
  // `A=1 B=2 cmd`, `exec cmd`, `env A=1 cmd`: what runs is cmd.
  for (;;) {
    const first = words[0];
    if (!first) return { ms: 0, status: 0 };
    if (ASSIGNMENT.test(first.text)) {
      // `X=$(sleep 5)` would run a command to get the value.
      if (first.dynamic) return UNKNOWN;
      words = words.slice(1);
    } else if (!first.dynamic && PREFIXES.has(basename(first.text))) {
      if (first.text === 'exec') ends = true;
      words = words.slice(1);
    } else break;
  }
  const name = words[0]!;
  if (name.dynamic) return UNKNOWN;
  const args = words.slice(1);
  const done = (r: CommandRun): SimpleRun => (ends ? { ...r, ends } : r);
  const program = basename(name.text);
  switch (program) {
    case 'sleep':
      return done(sleep(args));
    case 'true':
    case ':':
      return done({ ms: 0, status: 0 });
    case 'false':
      return done({ ms: 0, status: 1 });
    case 'exit':
      return { ms: 0, status: exitStatus(args[0], state.status), ends: true };
    case 'wait':
      return done({ ms: Math.max(0, state.backgroundEndMs - state.nowMs), status: 0 });
    default:
      if (SHELLS.has(program)) return done(shell(args));
      return done(UNKNOWN);
  }
}

/** `sh [-e -x ...] -c SCRIPT [NAME ARGS...]`: the script; a shell running a file is not read. */
function shell(args: readonly Word[]): CommandRun {
  let i = 0;
  let c = false;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return UNKNOWN;
    if (a.text === '--') {
      i++;
      break;
    }
    if (!/^[-+][A-Za-z]+$/.test(a.text)) break;
    // `-o pipefail`: the option's name is the next word
    if (a.text === '-o' || a.text === '+o') {
      i++;
      continue;
    }
    if (a.text.startsWith('-') && a.text.includes('c')) c = true;
  }
  const script = args[i];
  if (!c || !script || script.dynamic) return UNKNOWN;
  return runScript(script.text);
}

/** GNU sleep: the sum of its operands, each a number with an optional s/m/h/d suffix, or infinity. */
function sleep(args: readonly Word[]): CommandRun {
  // `sleep` with no operand, or one it cannot read: an error at once, exit status 1.
  if (!args.length) return { ms: 0, status: 1 };
  let seconds = 0;
  for (const a of args) {
    if (a.dynamic) return UNKNOWN;
    if (/^(inf|infinity)$/i.test(a.text)) return { ms: Infinity, status: 0 };
    const m = /^(\d+\.?\d*|\.\d+)([smhd]?)$/.exec(a.text);
    if (!m) return { ms: 0, status: 1 };
    seconds += Number(m[1]) * UNIT_SECONDS[m[2]!]!;
  }
  return { ms: Math.round(seconds * 1000), status: 0 };
}

/** `exit N`: N modulo 256; no operand: the last command's status; not a number: 2 (sh's "Illegal number"). */
function exitStatus(arg: Word | undefined, last: number): number {
  if (!arg) return last;
  if (arg.dynamic) return last;
  if (!/^\d+$/.test(arg.text)) return 2;
  return Number(arg.text) % 256;
}
