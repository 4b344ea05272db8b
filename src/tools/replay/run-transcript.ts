/**
 * Running a transcript's commands on a scratch cluster: a copy of the working directory, a bin
 * directory where `kubectl` and `kubemu` are links to bin/kubemu, a fresh virtual-clock cluster with
 * a fixed seed (or the given database), each command through `sh -c` with stderr joined to stdout as
 * a terminal shows them. Between commands cluster time moves on by `pause` (`kubemu cluster
 * advance`), except after commands that wait themselves; a command ending in the shell comment
 * `# replay: pause 1s` sets its own.
 *
 * The scratch directory is a convenience, not a confinement: HOME, TMPDIR and the working directory
 * point into it, but a command runs with the user's rights and can read and write anywhere
 * (`> /path`, `cd ..`, awk's system()). `replay --help` and the README say so.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseGoDuration } from '../../common/go-duration.js';
import { CliError } from '../../kubectl/util/errors.js';
import type { TranscriptStep } from './parse-transcript.js';
import { type ClusterObject, type LookAheadPairing, NameMapping, kindNamedIn } from './name-mapping.js';
import { BackgroundJobs, backgroundCommand, killedJobs } from './background-jobs.js';
import { pauseOverride, skipReason, waitsItself } from './skip-rules.js';
import { TimeInference } from './time-lookup.js';
import { explainDecision, mutates as mutatesCluster } from './time-inference.js';

/** bin/kubemu of this checkout (this file compiles to dist/src/tools/replay/). */
export const KUBEMU_BIN = resolve(__dirname, '..', '..', '..', '..', 'bin', 'kubemu');

export interface ReplayOptions {
  /** the seed of the fresh cluster (ignored with `db`) */
  seed: number;
  /** an existing cluster file to run on instead of a fresh one */
  db?: string;
  /** the directory holding the manifests; copied, never changed */
  workdir: string;
  /** `kubemu cluster advance` argument between commands (`5s`); `0s` for none */
  pause: string;
  /** the transcript's commands: what is copied of a work directory that holds the scratch one */
  commands?: readonly string[];
  /**
   * Infer the time before each command from the transcript's ages (time-inference.ts), `pause`
   * being the fallback; false or absent: `pause` always (`--pause` given, or the transcript's
   * `replay: pause D` line).
   */
  inferTime?: boolean;
  /** where the inference's explanation lines go (`--explain-time`), one call a command */
  explainTime?: (line: string) => void;
  /** where the names paired by look-ahead are explained (`--explain-time` too), one call a name */
  explainNames?: (line: string) => void;
}

/** `line 570: hello-85854d9fd8-4mjwb has 4 candidates; line 602 lists 4 of its owner: ... paired sorted`. */
export function explainLookAhead(line: number, f: LookAheadPairing, laterLine: number): string {
  const pairs = f.pairs.map(([a, k]) => `${a} -> ${k}`).join(', ');
  return `line ${line}: ${f.name} has ${f.pairs.length} candidates in kubemu; line ${laterLine} lists ${f.pairs.length} of its owner together, paired in sorted order: ${pairs}`;
}

export type StepResult =
  | { step: TranscriptStep; kind: 'skip'; reason: string }
  /** `command`: what ran, the step's command with the transcript's generated names mapped */
  | { step: TranscriptStep; kind: 'ran'; command: string; output: string; exitCode: number };

export interface Scratch {
  dir: string;
  env: NodeJS.ProcessEnv;
}

/** A scratch copy of `workdir` with kubectl/kubemu links first on PATH and a cluster file (nothing confined to it). */
export function makeScratch(opts: ReplayOptions): Scratch {
  const root = mkdtempSync(join(tmpdir(), 'kubemu-replay-'));
  const dir = join(root, 'work');
  copyWorkdir(opts.workdir, dir, root, opts.commands);
  const binDir = join(root, 'bin');
  mkdirSync(binDir);
  symlinkSync(KUBEMU_BIN, join(binDir, 'kubemu'));
  symlinkSync(KUBEMU_BIN, join(binDir, 'kubectl'));
  const tmp = join(root, 'tmp');
  mkdirSync(tmp);
  const env: NodeJS.ProcessEnv = {
    PATH: `${binDir}:${process.env['PATH'] ?? '/usr/bin:/bin'}`,
    HOME: root,
    TMPDIR: tmp,
    KUBEMU_DB: opts.db !== undefined ? resolve(opts.db) : join(root, 'cluster.db'),
    KUBEMU_CLOCK: 'virtual',
    KUBEMU_SEED: String(opts.seed),
    LANG: 'C.UTF-8',
    TZ: 'UTC',
  };
  return { dir: root, env: { ...env, KUBEMU_REPLAY_WORKDIR: dir } };
}

/**
 * The work directory's entries copied into the scratch directory, links as the files they point
 * to (examples/transcripts links the manifests in examples/). A work directory that holds the
 * scratch directory (a transcript directly in /tmp) is not copied whole, which would copy the
 * scratch directory into itself and all of /tmp besides: only its entries that the transcript's
 * commands name (`kubectl apply -f x.yaml` names `x.yaml`). Entries this user cannot read (other
 * users' files) are left out, as the transcript could not read them either. Any other failure is
 * a kubectl-style error.
 */
export function copyWorkdir(workdir: string, dir: string, scratchRoot: string, commands: readonly string[] = []): void {
  mkdirSync(dir);
  if (!existsSync(workdir)) return;
  const self = resolve(scratchRoot);
  const holdsScratch = self.startsWith(`${resolve(workdir)}/`);
  const named = new Set(commands.join('\n').split(/[\s'"=<>|;&(),:]+/).flatMap((w) => [w, w.replace(/^\.\//, '').split('/')[0]!]));
  for (const entry of readdirSync(workdir)) {
    const from = resolve(workdir, entry);
    if (self === from || self.startsWith(`${from}/`)) continue;
    if (holdsScratch && !named.has(entry)) continue;
    try {
      cpSync(from, join(dir, entry), {
        recursive: true,
        dereference: true,
        filter: (src) => {
          try {
            const st = statSync(src);
            return st.isFile() || st.isDirectory();
          } catch {
            return false; // a dangling link or a file gone meanwhile
          }
        },
      });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM' || code === 'ENOENT') continue;
      rmSync(scratchRoot, { recursive: true, force: true });
      throw new CliError(`cannot copy the work directory "${workdir}" into the replay's scratch directory: ${entry}: ${(e as Error).message.replace(/^[A-Z_]+: /, '')}`);
    }
  }
}

/**
 * A command's output with the scratch directory's paths as a terminal would show them, the same on
 * every run: its TMPDIR as `/tmp` (kubectl diff's LIVE-/MERGED- directories), then the rest of it,
 * which is HOME, as `~` (the cluster file `~/cluster.db` that `kubemu cluster create` and
 * `cluster info` name, the work directory `~/work`).
 */
export function scratchPathsAsShown(output: string, scratchDir: string): string {
  return output.split(join(scratchDir, 'tmp')).join('/tmp').split(scratchDir).join('~');
}

/** Removes the scratch directory makeScratch made (never the database given with --db). */
export function removeScratch(scratch: Scratch): void {
  rmSync(scratch.dir, { recursive: true, force: true });
}

function has(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).status === 0;
}

/** Runs one shell command in the scratch directory; stdout and stderr in the order they were written. */
export function runCommand(command: string, scratch: Scratch): { output: string; exitCode: number } {
  const cwd = scratch.env['KUBEMU_REPLAY_WORKDIR']!;
  const r = spawnSync('sh', ['-c', `exec 2>&1\n${command}`], { cwd, env: scratch.env, encoding: 'utf8' });
  return { output: r.stdout ?? '', exitCode: r.status ?? -1 };
}

/**
 * Runs every replayable step in order; the others are skipped with their reason. Names the
 * transcript generated are mapped in the commands too (`kubectl get replicaset hello-8c9694f75`
 * runs as `... hello-6474c95c86` once the first listing paired them), so `mapping` learns from
 * each output as it runs; pass the same mapping to judge().
 */
export function runTranscript(steps: readonly TranscriptStep[], opts: ReplayOptions, mapping = new NameMapping()): StepResult[] {
  const scratch = makeScratch({ ...opts, commands: opts.commands ?? steps.map((s) => s.command) });
  const installed = { jq: has('jq'), curl: has('curl') };
  const jobs = new BackgroundJobs(scratch.env['KUBEMU_REPLAY_WORKDIR']!, scratch.env, scratch.dir);
  const timing = opts.inferTime === true ? new TimeInference(steps, installed, opts.pause, mapping, { env: scratch.env, run: (c) => runCommand(c, scratch).output }) : undefined;
  // the pause owed before the next command: the one after the last command that ran
  let owed: { pause: string; fixed: boolean } | undefined;
  const advance = (pause: string): void => {
    if (parseGoDuration(pause) === 0) return;
    const adv = runCommand(`kubemu cluster advance ${pause} >/dev/null`, scratch);
    if (adv.exitCode !== 0) throw new CliError(`kubemu cluster advance ${pause} failed: ${adv.output.trim()}`);
  };
  try {
    return steps.map((step, n): StepResult => {
      const reason = skipReason(step.command, installed);
      if (reason !== undefined) return { step, kind: 'skip', reason };
      if (owed !== undefined) {
        if (timing !== undefined && !owed.fixed) {
          const d = timing.decide(n, parseGoDuration(owed.pause)! / 1000);
          opts.explainTime?.(explainDecision(step.line, d));
          advance(`${Math.round(d.advance * 1000)}ms`);
        } else advance(owed.pause);
      }
      if (timing !== undefined && mutatesCluster(step.command)) timing.started(n);
      // a name the transcript has not shown yet: kubemu's one object that fits, if there is one
      // (more than one: the first later output that lists them all pairs them, this one's included)
      const later = (from: number) => steps.slice(from).map((s) => s.expected.join('\n'));
      const explainAhead = (found: LookAheadPairing[], from: number): void => {
        for (const f of found) opts.explainNames?.(explainLookAhead(step.line, f, steps[from + f.later]!.line));
      };
      if (mapping.hasUnpaired(step.command)) explainAhead(mapping.eliminate(step.command, clusterObjects(scratch), kindNamedIn(step.command), later(n)), n);
      const command = mapping.apply(step.command);
      const ran = runStep(command, scratch, jobs);
      const output = scratchPathsAsShown(ran.output, scratch.dir);
      const expected = step.expected.join('\n');
      mapping.learn(expected, output);
      if (mapping.hasUnpaired(expected)) explainAhead(mapping.eliminate(expected, clusterObjects(scratch), kindNamedIn(expected), later(n + 1)), n + 1);
      const override = pauseOverride(step.command);
      owed = { pause: waitsItself(step.command) ? '0s' : override ?? opts.pause, fixed: override !== undefined };
      return { step, kind: 'ran', command, output, exitCode: ran.exitCode };
    });
  } finally {
    jobs.stopAll();
    removeScratch(scratch);
  }
}

/**
 * The pods and ReplicaSets of the scratch cluster, in every namespace (what names by elimination
 * choose from), read through kubectl (a read-only command writes nothing).
 */
function clusterObjects(scratch: Scratch): ClusterObject[] {
  // before the transcript's `kubemu cluster create` there is nothing to choose from, and a `get`
  // would create the cluster file that command then finds
  if (!existsSync(scratch.env['KUBEMU_DB']!)) return [];
  const r = runCommand("kubectl get pods,replicasets -A --no-headers -o custom-columns=KIND:.kind,NAME:.metadata.name,DELETED:.metadata.deletionTimestamp 2>/dev/null", scratch);
  if (r.exitCode !== 0) return [];
  return outputLinesOf(r.output).flatMap((l) => {
    const [kind, name, deleted] = l.trim().split(/\s+/);
    return kind !== undefined && name !== undefined ? [{ kind, name, ...(deleted !== undefined && deleted !== '<none>' ? { terminating: true } : {}) }] : [];
  });
}

function outputLinesOf(text: string): string[] {
  return text.split('\n').filter((l) => l.trim() !== '');
}

/**
 * One command as a terminal runs it: `cmd &` starts a job (its first lines are its output),
 * `kill %1` stops one, anything else runs to its end, with what the jobs printed meanwhile first.
 */
function runStep(command: string, scratch: Scratch, jobs: BackgroundJobs): { output: string; exitCode: number } {
  const background = backgroundCommand(command);
  if (background !== undefined) return { output: jobs.start(background), exitCode: 0 };
  const killed = killedJobs(command);
  if (killed !== undefined) return jobs.kill(killed);
  const ran = runCommand(command, scratch);
  return { output: jobs.takeOutput() + ran.output, exitCode: ran.exitCode };
}
