import { REPO_ROOT } from '../repo-root.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * End-to-end transcripts: a scenario (`test/e2e/<name>.cmds`, one shell command per line) runs
 * against a fresh virtual-clock cluster with a fixed seed, each line through `sh -c` with
 * `kubemu` and `kubectl` on PATH pointing at bin/kubemu; the transcript of every command (its
 * stdout, stderr and exit code) is compared with `test/golden/e2e/<name>.golden`.
 * UPDATE_GOLDEN=1 rewrites the golden files; read every diff before committing one.
 */

export const ROOT = REPO_ROOT;
export const BIN = join(ROOT, 'bin', 'kubemu');

export interface Step {
  command: string;
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** A scratch directory with the examples and fixtures, a PATH with kubemu/kubectl, and a fresh cluster. */
export function makeSandbox(seed = 1): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-e2e-'));
  const binDir = join(dir, '.bin');
  mkdirSync(binDir);
  symlinkSync(BIN, join(binDir, 'kubemu'));
  symlinkSync(BIN, join(binDir, 'kubectl'));
  for (const src of [join(ROOT, 'examples'), join(ROOT, 'test', 'e2e', 'fixtures')]) {
    if (existsSync(src)) cpSync(src, dir, { recursive: true });
  }
  const env: NodeJS.ProcessEnv = {
    PATH: `${binDir}:${process.env['PATH'] ?? '/usr/bin:/bin'}`,
    HOME: dir,
    TMPDIR: join(dir, 'tmp'),
    KUBEMU_DB: join(dir, 'cluster.db'),
    KUBEMU_CLOCK: 'virtual',
    KUBEMU_SEED: String(seed),
    LANG: 'C.UTF-8',
    TZ: 'UTC',
  };
  mkdirSync(env['TMPDIR']!);
  return { dir, env };
}

/** Lines of a .cmds file that are commands (blank lines and `#` comments skipped). */
export function readCommands(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
}

export function runSteps(commands: string[], sandbox: { dir: string; env: NodeJS.ProcessEnv }): Step[] {
  return commands.map((command) => {
    const r = spawnSync('sh', ['-c', command], { cwd: sandbox.dir, env: sandbox.env, encoding: 'utf8' });
    return { command, stdout: r.stdout ?? '', stderr: r.stderr ?? '', exitCode: r.status ?? -1 };
  });
}

function section(name: string, text: string): string {
  if (text === '') return '';
  const noEol = !text.endsWith('\n');
  return `--- ${name}${noEol ? ' (no newline at end)' : ''}\n${text}${noEol ? '\n' : ''}`;
}

/** The golden text of a transcript: `$ command`, then its stdout/stderr sections and exit code. */
export function formatTranscript(steps: Step[]): string {
  return steps
    .map((s) => `$ ${s.command}\n${section('stdout', s.stdout)}${section('stderr', s.stderr)}--- exit ${s.exitCode}\n`)
    .join('');
}

export function listScenarios(): string[] {
  const dir = join(ROOT, 'test', 'e2e');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.cmds'))
    .map((f) => f.slice(0, -'.cmds'.length))
    .sort();
}

export function nodeVersion(): string {
  return execFileSync(process.execPath, ['--version'], { encoding: 'utf8' }).trim();
}
