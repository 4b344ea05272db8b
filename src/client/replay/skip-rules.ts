/**
 * Which transcript commands can be replayed on an emulated cluster. A command runs only if every
 * program it starts (each part of a pipeline, list or `$(...)`) is kubectl/kubemu or one of a few
 * text tools; anything else (docker build, curl, port-forward in the background, `kill %1`) is
 * skipped with the reason, never reported as passing. A kubectl subcommand kubemu lacks is not
 * skipped: it fails, with kubemu's `unknown command` in the diff.
 */

/** Programs a replay runs. jq joins them when it is installed. */
export const REPLAYABLE = ['kubectl', 'kubemu', 'sed', 'grep', 'head', 'tail', 'cat', 'echo', 'sort', 'wc', 'awk'];

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
    // skip variable assignments (`FOO=1 kubectl ...`) and a leading `!`
    const first = words.find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w) && w !== '!' && w !== '$');
    if (first !== undefined) programs.push(first);
  }
  return programs;
}

/** Why a command is skipped, or undefined when it can be replayed. */
export function skipReason(command: string, opts: { jq: boolean }): string | undefined {
  if (/(^|[^&])&\s*$/.test(command.trim())) return 'runs in the background';
  const allowed = new Set(opts.jq ? [...REPLAYABLE, 'jq'] : REPLAYABLE);
  for (const p of programsOf(command)) {
    if (p === 'jq' && !opts.jq) return 'jq is not installed';
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
