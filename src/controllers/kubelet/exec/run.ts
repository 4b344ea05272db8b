import { ContainerFs, resolvePath, type FsErrno } from './fs.js';
import { EMULATED_SUMMARY, programNamed, READ_ONLY_PROGRAMS, type ProgramIO } from './programs.js';
import { parseScript, type Redirect, type Script, type ShellRefusal } from './shell.js';

/**
 * Runs a command in an emulated container, as the container runtime would exec it: the
 * command's first word is a program (cat, /bin/touch, ...) or the shell (`sh -c SCRIPT`,
 * shell.ts). What it printed, its exit code, and the files as it left them.
 *
 *   [touch, /tmp/ready]                      → exit 0, /tmp/ready now exists
 *   [cat, /tmp/ready] without the file       → stderr "cat: can't open '/tmp/ready': No such file or directory", exit 1
 *   [sh, -c, "test -f /tmp/ready || exit 3"] → exit 3 without the file
 *   [curl, localhost]                        → no such program (the runtime's error, said by the caller)
 */

export interface ExecOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export type ExecRun = ({ kind: 'exited' } & ExecOutput) | { kind: 'no-program'; program: string };

/** The shells: busybox's ash, as /bin/sh and sh. */
const SHELLS = new Set(['sh', '/bin/sh', '/usr/bin/sh']);

/** Runs argv against fs (changed in place; fs.changed says whether it was). */
export function runCommand(argv: readonly string[], fs: ContainerFs, cwd = '/'): ExecRun {
  const program = argv[0] ?? '';
  const out = { stdout: '', stderr: '' };
  const io: ProgramIO = { out: (t) => void (out.stdout += t), err: (t) => void (out.stderr += t) };
  let exitCode: number;
  if (SHELLS.has(program)) exitCode = runShell(argv.slice(1), fs, cwd, io);
  else {
    const found = programNamed(program);
    if (!found) return { kind: 'no-program', program };
    exitCode = found.run(argv.slice(1), { fs, cwd, io });
  }
  return { kind: 'exited', stdout: out.stdout, stderr: out.stderr, exitCode };
}

/** `sh -c SCRIPT [NAME [ARGS]]`, `sh FILE`, or `sh` alone (no stdin without -i: it reads nothing and exits 0). */
function runShell(args: readonly string[], fs: ContainerFs, cwd: string, io: ProgramIO): number {
  if (args.length === 0) return 0;
  const first = args[0]!;
  if (first === '-c') {
    if (args.length < 2) {
      io.err('sh: -c requires an argument\n');
      return 2;
    }
    return runScript(args[1]!, fs, cwd, io);
  }
  if (first.startsWith('-')) {
    io.err(`sh: kubemu emulates sh only as "sh -c SCRIPT" or "sh FILE", not with ${first}\n`);
    return 2;
  }
  const { path, trailingSlash } = resolvePath(first, cwd);
  const r = fs.read(path, trailingSlash);
  if (!('content' in r)) {
    io.err(`sh: can't open '${first}': No such file or directory\n`);
    return 2;
  }
  return runScript(r.content, fs, cwd, io);
}

function refusalText(r: ShellRefusal): string {
  if (r.kind === 'syntax') return `sh: syntax error: ${r.message}\n`;
  return `sh: kubemu does not emulate ${r.what}: sh -c runs simple commands joined by &&, || and ; with >, >> and 2>&1 redirections (${EMULATED_SUMMARY})\n`;
}

/** Parses and runs a script: its exit status (2 for a script that is not run). */
export function runScript(src: string, fs: ContainerFs, cwd: string, io: ProgramIO): number {
  const parsed = parseScript(src);
  if ('refused' in parsed) {
    io.err(refusalText(parsed.refused));
    return 2;
  }
  return runParsed(parsed.script, fs, cwd, io);
}

/** Thrown by the `exit` builtin: the script ends with this status. */
class ShellExit {
  constructor(readonly status: number) {}
}

function runParsed(script: Script, fs: ContainerFs, cwd: string, io: ProgramIO): number {
  let status = 0;
  try {
    for (const { op, cmd } of script) {
      if (op === '&&' && status !== 0) continue;
      if (op === '||' && status === 0) continue;
      const s = runSimple(cmd.words, cmd.redirects, fs, cwd, io, status);
      status = cmd.negate ? (s === 0 ? 1 : 0) : s;
    }
  } catch (e) {
    if (e instanceof ShellExit) return e.status;
    throw e;
  }
  return status;
}

/** ash's words for a file it cannot open for a redirection. */
function cannotCreate(file: string, errno: FsErrno): string {
  return `sh: can't create ${file}: ${errno === 'ENOENT' ? 'nonexistent directory' : errno === 'EISDIR' ? 'Is a directory' : 'Not a directory'}\n`;
}

type Sink = { kind: 'fd'; fd: 1 | 2 } | { kind: 'file'; path: string };

function runSimple(words: readonly string[], redirects: readonly Redirect[], fs: ContainerFs, cwd: string, io: ProgramIO, last: number): number {
  // Redirections first, left to right: `>f 2>&1` sends both to f; `2>&1 >f` only stdout.
  const sinks: Record<1 | 2, Sink> = { 1: { kind: 'fd', fd: 1 }, 2: { kind: 'fd', fd: 2 } };
  for (const r of redirects) {
    if ('dupOf' in r.to) {
      sinks[r.fd] = sinks[r.to.dupOf];
      continue;
    }
    const { path } = resolvePath(r.to.file, cwd);
    const err = fs.write(path, '', r.to.append);
    if (err) {
      io.err(cannotCreate(r.to.file, err));
      return 2;
    }
    sinks[r.fd] = { kind: 'file', path };
  }
  const write = (sink: Sink, text: string) => {
    if (sink.kind === 'file') fs.write(sink.path, text, true);
    else if (sink.fd === 1) io.out(text);
    else io.err(text);
  };
  const cmdIo: ProgramIO = { out: (t) => write(sinks[1], t), err: (t) => write(sinks[2], t) };
  const name = words[0]!;
  const args = words.slice(1);
  if (name === 'exit') {
    const n = args[0] === undefined ? last : Number(args[0]);
    if (!Number.isInteger(n) || n < 0) {
      cmdIo.err(`sh: exit: Illegal number: ${args[0]}\n`);
      throw new ShellExit(2);
    }
    throw new ShellExit(n & 255);
  }
  if (SHELLS.has(name)) return runShell(args, fs, cwd, cmdIo);
  const found = programNamed(name);
  if (!found) {
    cmdIo.err(`sh: ${name}: not found\n`);
    io.err(notEmulatedNote(name));
    return 127;
  }
  return found.run(args, { fs, cwd, io: cmdIo });
}

/** kubemu's line after a program the emulated container lacks. */
export function notEmulatedNote(program: string): string {
  return `kubemu: "${program}" is not emulated: exec runs ${EMULATED_SUMMARY}\n`;
}

/**
 * Whether the command only reads the files (so an exec probe running it can be answered from
 * them): every program it names is one of READ_ONLY_PROGRAMS (or the shell around them), and
 * nothing is written but to /dev/null. `cat /tmp/ready`, `test -f /tmp/ready`,
 * `sh -c "ls /tmp/ready >/dev/null 2>&1"` do; `touch /tmp/x`, `pg_isready`, a script kubemu does
 * not parse do not.
 */
export function onlyReads(argv: readonly string[]): boolean {
  const program = argv[0] ?? '';
  if (SHELLS.has(program)) {
    if (argv[1] !== '-c' || argv[2] === undefined) return false;
    const parsed = parseScript(argv[2]);
    if ('refused' in parsed) return false;
    return parsed.script.every(({ cmd }) => {
      const name = cmd.words[0] ?? '';
      const known = name === 'exit' || (programNamed(name) !== undefined && READ_ONLY_PROGRAMS.has(programNamed(name)!.name));
      return known && cmd.redirects.every((r) => 'dupOf' in r.to || resolvePath(r.to.file).path === '/dev/null');
    });
  }
  const found = programNamed(program);
  return found !== undefined && READ_ONLY_PROGRAMS.has(found.name);
}
