/**
 * The shell's job control, for transcripts: `kubectl port-forward deployment/hello 8080:8080 &`
 * starts a job that keeps running while the next commands run (a `curl` to the forwarded port),
 * and `kill %1` ends it. What a job prints shows up in the output of the command during which it
 * printed, before that command's own (as on a terminal, where `Handling connection for 8080`
 * comes as curl connects, before curl's piped output). Every job still running when the
 * transcript ends is stopped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sleepSync } from '../../common/sleep-sync.js';

/** How long a new job may take to print its first lines (port-forward: `Forwarding from ...`). */
const START_TIMEOUT_MS = 3_000;
/** A job's output is taken as complete once it has not grown for this long. */
const QUIET_MS = 100;
const POLL_MS = 10;

interface Job {
  number: number;
  child: ChildProcess;
  outFile: string;
  /** bytes of outFile already shown */
  shown: number;
}

/**
 * Whether a process is still running. (The replay runs synchronously, so Node never gets to reap
 * a job that ended: one that is gone or a zombie has ended. Where /proc is missing, it runs.)
 */
function running(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** The command of a line that ends with a lone `&` (not `&&`), or undefined. */
export function backgroundCommand(command: string): string | undefined {
  const m = /^([\s\S]*[^&])&\s*$/.exec(command.trim());
  return m ? m[1]!.trim() : undefined;
}

/** `kill %1` / `kill %%` / `kill -9 %2` / `kill -s KILL %1`: the signal and the job specs; undefined for any other command. */
export function killedJobs(command: string): { signal: NodeJS.Signals | number; specs: string[] } | undefined {
  const m = /^kill(?:\s+-(?:s\s+)?([A-Z0-9]+))?((?:\s+%\S*)+)\s*$/.exec(command.trim());
  if (!m) return undefined;
  const given = m[1] ?? 'TERM';
  const signal = /^\d+$/.test(given) ? Number(given) : ((given.startsWith('SIG') ? given : `SIG${given}`) as NodeJS.Signals);
  return { signal, specs: m[2]!.trim().split(/\s+/) };
}

export class BackgroundJobs {
  private readonly jobs: Job[] = [];
  private next = 1;

  constructor(
    private readonly cwd: string,
    private readonly env: NodeJS.ProcessEnv,
    /** where the jobs' output files go */
    private readonly dir: string,
  ) {}

  /** Starts `command` as job %N and returns what it printed once it settled (its first lines). */
  start(command: string): string {
    const number = this.next++;
    const outFile = join(this.dir, `job-${number}.out`);
    const fd = openSync(outFile, 'w');
    let child: ChildProcess;
    try {
      // its own process group, so that kill %N stops the whole job (sh and what it runs)
      child = spawn('sh', ['-c', `exec 2>&1\n${command}`], { cwd: this.cwd, env: this.env, stdio: ['ignore', fd, fd], detached: true });
    } finally {
      closeSync(fd);
    }
    const job: Job = { number, child, outFile, shown: 0 };
    this.jobs.push(job);
    this.waitForOutput(job);
    return this.take(job);
  }

  /** What the running jobs printed since it was last shown. */
  takeOutput(): string {
    return this.jobs.map((j) => this.take(j)).join('');
  }

  /** `kill %N`: sends the jobs the signal; bash's message for a job that does not exist. */
  kill({ signal, specs }: { signal: NodeJS.Signals | number; specs: readonly string[] }): { output: string; exitCode: number } {
    let output = '';
    let exitCode = 0;
    for (const spec of specs) {
      const job = this.find(spec);
      if (!job) {
        output += `kill: ${spec}: no such job\n`;
        exitCode = 1;
        continue;
      }
      this.stop(job, signal);
    }
    return { output: this.takeOutput() + output, exitCode };
  }

  /** Stops every job still running (the end of the transcript). */
  stopAll(): void {
    for (const job of [...this.jobs]) this.stop(job);
  }

  private find(spec: string): Job | undefined {
    if (spec === '%%' || spec === '%+' || spec === '%') return this.jobs[this.jobs.length - 1];
    if (spec === '%-') return this.jobs[this.jobs.length - 2];
    const n = /^%(\d+)$/.exec(spec);
    return n ? this.jobs.find((j) => j.number === Number(n[1])) : undefined;
  }

  private stop(job: Job, signal: NodeJS.Signals | number = 'SIGTERM'): void {
    const pid = job.child.pid;
    if (pid !== undefined) {
      try {
        process.kill(-pid, signal);
      } catch {
        // already gone
      }
    }
    this.jobs.splice(this.jobs.indexOf(job), 1);
  }

  private size(job: Job): number {
    try {
      return readFileSync(job.outFile).length;
    } catch {
      return 0;
    }
  }

  /** Waits until the job printed something and went quiet, or ended, or START_TIMEOUT_MS passed. */
  private waitForOutput(job: Job): void {
    const deadline = Date.now() + START_TIMEOUT_MS;
    let size = 0;
    let stableSince = Date.now();
    while (Date.now() < deadline) {
      sleepSync(POLL_MS);
      const now = this.size(job);
      if (now !== size) {
        size = now;
        stableSince = Date.now();
      }
      if (size > 0 && Date.now() - stableSince >= QUIET_MS) return;
      if (!running(job.child.pid)) return;
    }
  }

  private take(job: Job): string {
    const all = readFileSync(job.outFile);
    const text = all.subarray(job.shown).toString('utf8');
    job.shown = all.length;
    return text;
  }
}
