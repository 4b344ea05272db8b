import { readFileSync } from 'node:fs';
import { writeFd } from './fd-write.js';

/** The streams and environment a command runs with; injected so tests can run commands in-process. */
export interface CommandIO {
  out(text: string): void;
  err(text: string): void;
  /** all of standard input (for `-f -`) */
  readStdin(): string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** how the user invoked us (`kubemu`, or `kubectl` through a link), for usage hints */
  programName: string;
  /** whether standard output is a terminal (absent: it is not), for kubemu's own coloured reports */
  stdoutIsTTY?: () => boolean;
  /** whether standard error is a terminal (absent: it is not), for a long catch-up's progress line */
  stderrIsTTY?: () => boolean;
}

export function processIO(programName: string): CommandIO {
  return {
    out: (t) => writeFd(1, t),
    err: (t) => writeFd(2, t),
    readStdin: () => readFileSync(0, 'utf8'),
    env: process.env,
    cwd: process.cwd(),
    programName,
    stdoutIsTTY: () => (require('node:tty') as typeof import('node:tty')).isatty(1),
    stderrIsTTY: () => (require('node:tty') as typeof import('node:tty')).isatty(2),
  };
}

/** An IO that records everything, for tests. */
export function bufferIO(opts: { stdin?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}) {
  const o = { stdout: '', stderr: '' };
  const io: CommandIO = {
    out: (t) => {
      o.stdout += t;
    },
    err: (t) => {
      o.stderr += t;
    },
    readStdin: () => opts.stdin ?? '',
    env: opts.env ?? {},
    cwd: opts.cwd ?? process.cwd(),
    programName: 'kubectl',
  };
  return { io, output: o };
}
