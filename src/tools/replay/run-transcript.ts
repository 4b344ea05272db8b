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
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseGoDuration } from '../../common/go-duration.js';
import type { TranscriptStep } from './parse-transcript.js';
import { NameMapping } from './name-mapping.js';
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
  /**
   * Infer the time before each command from the transcript's ages (time-inference.ts), `pause`
   * being the fallback; false or absent: `pause` always (`--pause` given, or the transcript's
   * `replay: pause D` line).
   */
  inferTime?: boolean;
  /** where the inference's explanation lines go (`--explain-time`), one call a command */
  explainTime?: (line: string) => void;
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
  // links are copied as the files they point to (examples/transcripts links the manifests in examples/)
  if (existsSync(opts.workdir)) cpSync(opts.workdir, dir, { recursive: true, dereference: true });
  else mkdirSync(dir);
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
  const scratch = makeScratch(opts);
  const installed = { jq: has('jq'), curl: has('curl') };
  const jobs = new BackgroundJobs(scratch.env['KUBEMU_REPLAY_WORKDIR']!, scratch.env, scratch.dir);
  const timing = opts.inferTime === true ? new TimeInference(steps, installed, opts.pause, mapping, { env: scratch.env, run: (c) => runCommand(c, scratch).output }) : undefined;
  // the pause owed before the next command: the one after the last command that ran
  let owed: { pause: string; fixed: boolean } | undefined;
  const advance = (pause: string): void => {
    if (parseGoDuration(pause) === 0) return;
    const adv = runCommand(`kubemu cluster advance ${pause} >/dev/null`, scratch);
    if (adv.exitCode !== 0) throw new Error(`kubemu cluster advance ${pause} failed: ${adv.output.trim()}`);
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
      const command = mapping.apply(step.command);
      const ran = runStep(command, scratch, jobs);
      const output = scratchPathsAsShown(ran.output, scratch.dir);
      mapping.learn(step.expected.join('\n'), output);
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
