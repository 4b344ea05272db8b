/**
 * `kubectl diff` (diff.go DiffOptions.Run): write LIVE and MERGED versions of every object into
 * two temporary directories, run the diff program on the directories, remove them.
 *
 * The result is the diff program's exit status when it is 0 or 1 (no differences /
 * differences); anything else is an error for the caller to report (kubectl exits 2 then).
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiServer } from '../../../apiserver/server.js';
import { type KubeObject, objectJson } from '../../../api/meta/v1.js';
import { CliError } from '../../util/errors.js';
import type { ResolvedObject } from '../../resource/manifest-objects.js';
import { diffDirectories } from './directory-diff.js';
import { diffFileTexts } from './diff-files.js';
import { externalDiffCommand } from './external-diff.js';
import { mergedObject } from './merged-object.js';
import { diffFileName } from './object-file-name.js';
import { makeTempDir, tempRoot } from './temp-dir.js';
import { setFileTime } from './file-times.js';
import type { RandomSource } from '../../../sim/random.js';

export interface DiffRun {
  api: ApiServer;
  /** cluster time now, ms since the epoch: the files' mtimes, which diff's `---`/`+++` lines show */
  now(): number;
  /** the numbers of a temp directory's name, by prefix (temp-dir-numbers.ts) */
  tempDirNumbers(prefix: string): RandomSource;
  objects: ResolvedObject[];
  showManagedFields: boolean;
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
}

/** apply.WarnIfDeleting: kubectl warns when the live object already has a deletionTimestamp. */
function warnIfDeleting(live: KubeObject | undefined, err: (s: string) => void): void {
  if (live?.metadata.deletionTimestamp) {
    err(`Warning: Detected changes to resource ${live.metadata.name ?? ''} which is currently being deleted.\n`);
  }
}

/**
 * Writes both versions of one object, the live file first, each stamped with cluster time when
 * written (file-times.ts): on a virtual clock, which stands still during a command, both carry
 * the same instant; kubectl's real files differ by the time between the two writes.
 */
function writeObject(run: DiffRun, r: ResolvedObject, liveDir: string, mergedDir: string): void {
  const live = run.api.tryGet(r.info, r.namespace, r.name);
  const merged = mergedObject(run.api, r, live);
  const texts = diffFileTexts(live && objectJson(live), objectJson(merged), run.showManagedFields);
  const file = diffFileName(r.info, r.namespace, r.name);
  const write = (dir: string, text: string): void => {
    const path = join(dir, file);
    writeFileSync(path, text, { mode: 0o700 });
    setFileTime(path, run.now());
  };
  write(liveDir, texts.live);
  write(mergedDir, texts.merged);
  warnIfDeleting(live, run.err);
}

/**
 * Runs KUBECTL_EXTERNAL_DIFF and passes its output through. Exit statuses above 1 and
 * programs that cannot be started become kubectl's `failed to run "<prog>": ...` error.
 */
function runExternal(run: DiffRun, program: string, args: string[]): 0 | 1 {
  const r = spawnSync(program, args, { env: run.env, encoding: 'buffer', maxBuffer: 1 << 30 });
  if (r.stdout?.length) run.out(r.stdout.toString('utf8'));
  if (r.stderr?.length) run.err(r.stderr.toString('utf8'));
  if (r.error) {
    const code = (r.error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? `exec: "${program}": executable file not found in $PATH` : r.error.message;
    throw new CliError(`failed to run "${program}": ${why}`);
  }
  if (r.status === 0 || r.status === 1) return r.status;
  const status = r.status === null ? `signal: ${signalName(r.signal)}` : `exit status ${r.status}`;
  throw new CliError(`failed to run "${program}": ${status}`);
}

/** Go's syscall.Signal strings for the signals a diff program is likely to die of. */
function signalName(signal: NodeJS.Signals | null): string {
  const names: Partial<Record<NodeJS.Signals, string>> = {
    SIGKILL: 'killed',
    SIGTERM: 'terminated',
    SIGINT: 'interrupt',
    SIGSEGV: 'segmentation fault',
    SIGPIPE: 'broken pipe',
    SIGABRT: 'aborted',
  };
  return (signal && names[signal]) ?? String(signal);
}

export function runDiff(run: DiffRun): 0 | 1 {
  const root = tempRoot(run.env);
  const liveDir = makeTempDir(root, 'LIVE-', run.tempDirNumbers('LIVE-'));
  let mergedDir: string | undefined;
  try {
    mergedDir = makeTempDir(root, 'MERGED-', run.tempDirNumbers('MERGED-'));
    for (const r of run.objects) writeObject(run, r, liveDir, mergedDir);
    const external = externalDiffCommand(run.env);
    if (external) return runExternal(run, external.program, [...external.args, liveDir, mergedDir]);
    const { text, status } = diffDirectories(liveDir, mergedDir);
    run.out(text);
    return status;
  } finally {
    rmSync(liveDir, { recursive: true, force: true });
    if (mergedDir) rmSync(mergedDir, { recursive: true, force: true });
  }
}
