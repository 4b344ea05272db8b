/**
 * Which transcript commands are worth replaying on an emulated cluster: a command is compared only
 * if every program it starts (each part of a pipeline, list or `$(...)`) is kubectl/kubemu or one
 * of a few text tools, or curl to this machine (a port-forward's local port); anything else (docker
 * build, curl to a remote host) is skipped with the reason, never reported as passing. A line
 * ending in `&` starts a background job and `kill %1` stops one (background-jobs.ts). A kubectl
 * subcommand kubemu lacks is not skipped: it fails, with kubemu's `unknown command` in the diff.
 *
 * These rules decide what can be reproduced, not what is safe: they read only the first word of
 * each part, so what the allowed programs do with their arguments (awk's system(), GNU sed's `e`,
 * a redirection to any path, `"$(...)"` inside double quotes, `PATH=... kubectl`) runs as the user
 * would run it. A transcript is a shell script; `replay --help` says so.
 */
import { killedJobs } from './background-jobs.js';

/** Programs a replay runs. jq joins them when it is installed, curl too for local URLs. */
export const REPLAYABLE = ['kubectl', 'kubemu', 'sed', 'grep', 'head', 'tail', 'cat', 'echo', 'printf', 'sort', 'wc', 'awk', 'seq'];

/**
 * sh's reserved words that come before a command (`do kubectl ...`, `then ...`): the program is
 * the next word. `for`/`case` start a part that runs nothing itself (`for i in 1 2 3`), and the
 * closing words run nothing.
 */
const BEFORE_COMMAND = new Set(['!', '$', 'do', 'then', 'else', 'elif', 'if', 'while', 'until', '{']);
const NO_COMMAND = new Set(['for', 'case']);
const CLOSING = new Set(['done', 'fi', 'esac', '}']);

/** The programs a shell command line starts, in order (quoted text removed first). */
export function programsOf(command: string): string[] {
  const unquoted = command
    .replace(/\\\n/g, ' ')
    .replace(/'[^']*'/g, "''")
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    // shell comments (`# replay: pause 1s`)
    .replace(/(^|\s)#.*$/gm, '$1')
    // redirections (`2>&1`, `>/dev/null`) are not list separators
    .replace(/\d*[<>]+&?\d*/g, ' ');
  const programs: string[] = [];
  // `)` closes a substitution or subshell: what follows continues the outer command
  // (`kubectl get $(kubectl get rs -o name) -o yaml` starts kubectl twice, not `-o`)
  for (const part of unquoted.replace(/\)/g, ' ').split(/\|\||&&|[|;&\n`(]/)) {
    const words = part.trim().split(/\s+/).filter((w) => w !== '');
    // skip variable assignments (`FOO=1 kubectl ...`), a leading `!` and reserved words (`do kubectl`)
    const first = words.find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w) && !BEFORE_COMMAND.has(w));
    if (first === undefined || NO_COMMAND.has(first) || CLOSING.has(first)) continue;
    programs.push(first);
  }
  return programs;
}

/** Hosts a replayed curl may reach: the local ports a port-forward listens on. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether every URL of a command names this machine (and there is one). */
function onlyLocalUrls(command: string): boolean {
  const hosts = [...command.matchAll(/\bhttps?:\/\/(\[[^\]]*\]|[^/:\s'"]+)/g)].map((m) => m[1]!);
  return hosts.length > 0 && hosts.every((h) => LOCAL_HOSTS.has(h));
}

/** Why a command is skipped, or undefined when it can be replayed. */
export function skipReason(command: string, installed: { jq: boolean; curl: boolean }): string | undefined {
  if (killedJobs(command) !== undefined) return undefined;
  // `cmd &` runs as a job; a `&` elsewhere on the line (`a & b`) is not replayed
  const line = command.trim().replace(/&\s*$/, '');
  if (/(^|[^&>])&([^&>]|$)/.test(line.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, "''"))) return 'runs in the background';
  const allowed = new Set(REPLAYABLE);
  for (const p of programsOf(command)) {
    if (p === 'jq') {
      if (!installed.jq) return 'jq is not installed';
      continue;
    }
    if (p === 'curl') {
      if (!installed.curl) return 'curl is not installed';
      if (!onlyLocalUrls(command)) return 'curl to a remote host is not emulated';
      continue;
    }
    if (!allowed.has(p)) return `${p} is not emulated`;
  }
  return undefined;
}

/**
 * Whether a command lets cluster time pass itself (so no pause follows it): rollout status,
 * get/... -w, wait, and `cluster advance`.
 */
export function waitsItself(command: string): boolean {
  return watches(command) || /\brollout\s+status\b|\bkube(ctl|mu)\s+wait\b|\bcluster\s+advance\b/.test(command);
}

/** Whether a command watches (`get -w`): its output is events in time order. */
export function watches(command: string): boolean {
  return /\s(-w|--watch|--watch-only)(\s|=|$)/.test(command);
}

/**
 * The pause after one command when its line ends with a shell comment `# replay: pause 1s`
 * (sh ignores it): for the few places where a transcript's reader looked sooner than the default
 * pause, e.g. a pod that is gone 5 s later.
 */
export function pauseOverride(command: string): string | undefined {
  return /#\s*replay:\s*pause\s+(\S+)\s*$/.exec(command)?.[1];
}
