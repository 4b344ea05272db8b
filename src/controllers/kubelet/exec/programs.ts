import { ContainerFs, resolvePath, STRERROR, type FsErrno } from './fs.js';

/**
 * The programs an emulated container has, as busybox's applets behave (the image the
 * Kubernetes docs' exec-probe examples use): their output, their messages on stderr, their
 * exit codes. One flavour for every image, picked once: busybox's wording
 * (`cat: can't open '/x': No such file or directory`), not coreutils'
 * (`cat: /x: No such file or directory`).
 *
 *   cat FILE...              1 if any could not be read
 *   echo [-n] WORD...
 *   ls [-1a] [PATH...]       one name a line (no terminal), files first, then each directory
 *   mkdir [-p] DIR...
 *   rm [-f] [-r|-R] PATH...
 *   test EXPR / [ EXPR ]     -e|-f|-d|-s FILE, STRING, -n|-z STRING, S1 = S2, S1 != S2, ! EXPR
 *   touch FILE...            an empty file when none is there (times are not emulated)
 *   true, false
 */

/** Where a program writes. */
export interface ProgramIO {
  out(text: string): void;
  err(text: string): void;
}

export interface ProgramEnv {
  fs: ContainerFs;
  cwd: string;
  io: ProgramIO;
}

type Program = (args: readonly string[], env: ProgramEnv) => number;

/** The programs by name (also found as /bin/NAME, /usr/bin/NAME, /sbin/NAME, /usr/sbin/NAME). */
export const PROGRAMS: ReadonlyMap<string, Program> = new Map<string, Program>([
  ['cat', cat],
  ['echo', echo],
  ['false', () => 1],
  ['ls', ls],
  ['mkdir', mkdir],
  ['rm', rm],
  ['test', (args, env) => test(args, env, 'test')],
  ['[', bracket],
  ['touch', touch],
  ['true', () => 0],
]);

/** The programs that only read: an exec probe made of them can be answered from the files. */
export const READ_ONLY_PROGRAMS: ReadonlySet<string> = new Set(['cat', 'echo', 'false', 'ls', 'test', '[', 'true']);

/** What exec runs, for the messages that say so. */
export const EMULATED_SUMMARY = 'cat, echo, false, ls, mkdir, rm, sh -c, test/[, touch and true on the container\'s emulated files';

/** The program a command names: `cat`, `/bin/cat`, `/usr/bin/cat`; undefined when none. */
export function programNamed(name: string): { name: string; run: Program } | undefined {
  const m = /^(?:\/usr)?(?:\/s?bin\/)?([^/]+)$/.exec(name);
  if (!m || (name.includes('/') && !/^(\/usr)?\/s?bin\//.test(name))) return undefined;
  const base = m[1]!;
  const run = PROGRAMS.get(base);
  return run ? { name: base, run } : undefined;
}

/** Splits leading single-letter options (`-rf`, `-1a`, `--` ends them); unknown ones are returned as refused. */
function options(args: readonly string[], known: string): { flags: Set<string>; rest: string[]; unknown?: string } {
  const flags = new Set<string>();
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    for (const f of a.slice(1)) {
      if (!known.includes(f)) return { flags, rest: [], unknown: a.startsWith('--') ? a : `-${f}` };
      flags.add(f);
    }
  }
  return { flags, rest: args.slice(i) };
}

/** An option kubemu's applet lacks: said as busybox says an invalid one, plus what is emulated. */
function refuseOption(name: string, option: string, usage: string, env: ProgramEnv): number {
  env.io.err(`${name}: unrecognized option '${option}'\nkubemu: ${name} is emulated as: ${usage}\n`);
  return 1;
}

const why = (errno: FsErrno) => STRERROR[errno];

function cat(args: readonly string[], env: ProgramEnv): number {
  const o = options(args, '');
  if (o.unknown) return refuseOption('cat', o.unknown, 'cat FILE...', env);
  let code = 0;
  for (const a of o.rest) {
    if (a === '-') continue; // stdin: exec without -i gives none
    const { path, trailingSlash } = resolvePath(a, env.cwd);
    const r = env.fs.read(path, trailingSlash);
    if ('content' in r) env.io.out(r.content);
    else {
      env.io.err(r.errno === 'EISDIR' ? 'cat: read error: Is a directory\n' : `cat: can't open '${a}': ${why(r.errno)}\n`);
      code = 1;
    }
  }
  return code;
}

function echo(args: readonly string[], env: ProgramEnv): number {
  let words = args;
  let newline = true;
  while (words[0] === '-n' || words[0] === '-e' || words[0] === '-E') {
    if (words[0] === '-n') newline = false;
    words = words.slice(1);
  }
  env.io.out(words.join(' ') + (newline ? '\n' : ''));
  return 0;
}

function ls(args: readonly string[], env: ProgramEnv): number {
  const o = options(args, '1aA');
  if (o.unknown) return refuseOption('ls', o.unknown, 'ls [-1aA] [PATH]...', env);
  const all = o.flags.has('a');
  const almostAll = o.flags.has('A');
  const operands = o.rest.length ? o.rest : ['.'];
  let code = 0;
  const files: string[] = [];
  const dirs: { arg: string; path: string }[] = [];
  for (const a of operands) {
    const { path, trailingSlash } = resolvePath(a, env.cwd);
    if (env.fs.isDir(path)) dirs.push({ arg: a, path });
    else if (env.fs.isFile(path) && !trailingSlash) files.push(a);
    else {
      env.io.err(`ls: ${a}: ${trailingSlash && env.fs.isFile(path) ? why('ENOTDIR') : why('ENOENT')}\n`);
      code = 1;
    }
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  for (const f of files.sort(byName)) env.io.out(`${f}\n`);
  const headers = operands.length > 1;
  dirs.sort((a, b) => byName(a.arg, b.arg)).forEach((d, i) => {
    if (headers) env.io.out(`${i > 0 || files.length ? '\n' : ''}${d.arg}:\n`);
    const names = env.fs.list(d.path).filter((n) => all || almostAll || !n.startsWith('.'));
    const shown = all ? ['.', '..', ...names] : names;
    for (const n of shown) env.io.out(`${n}\n`);
  });
  return code;
}

function mkdir(args: readonly string[], env: ProgramEnv): number {
  const o = options(args, 'p');
  if (o.unknown) return refuseOption('mkdir', o.unknown, 'mkdir [-p] DIR...', env);
  if (!o.rest.length) return missingOperand('mkdir', env);
  let code = 0;
  for (const a of o.rest) {
    const { path } = resolvePath(a, env.cwd);
    const parents = o.flags.has('p');
    const err = parents ? mkdirParents(env.fs, path) : env.fs.mkdir(path, false);
    if (err) {
      env.io.err(`mkdir: can't create directory '${a}': ${why(err)}\n`);
      code = 1;
    }
  }
  return code;
}

function mkdirParents(fs: ContainerFs, path: string): FsErrno | undefined {
  return fs.mkdir(path, true);
}

function rm(args: readonly string[], env: ProgramEnv): number {
  const o = options(args, 'frRi');
  if (o.unknown) return refuseOption('rm', o.unknown, 'rm [-f] [-r|-R] PATH...', env);
  const force = o.flags.has('f');
  const recursive = o.flags.has('r') || o.flags.has('R');
  if (!o.rest.length) return force ? 0 : missingOperand('rm', env);
  let code = 0;
  for (const a of o.rest) {
    const { path } = resolvePath(a, env.cwd);
    const err = env.fs.remove(path, recursive);
    if (!err || (force && err === 'ENOENT')) continue;
    env.io.err(err === 'EISDIR' ? `rm: '${a}' is a directory\n` : `rm: can't remove '${a}': ${why(err)}\n`);
    code = 1;
  }
  return code;
}

function touch(args: readonly string[], env: ProgramEnv): number {
  const o = options(args, '');
  if (o.unknown) return refuseOption('touch', o.unknown, 'touch FILE...', env);
  if (!o.rest.length) return missingOperand('touch', env);
  let code = 0;
  for (const a of o.rest) {
    const { path, trailingSlash } = resolvePath(a, env.cwd);
    const err = trailingSlash && !env.fs.exists(path) ? 'EISDIR' : env.fs.touch(path);
    if (err) {
      env.io.err(`touch: ${a}: ${why(err)}\n`);
      code = 1;
    }
  }
  return code;
}

/** busybox prints its usage for a missing operand; kubemu says it in one line. */
function missingOperand(name: string, env: ProgramEnv): number {
  env.io.err(`${name}: missing operand\n`);
  return 1;
}

function bracket(args: readonly string[], env: ProgramEnv): number {
  if (args[args.length - 1] !== ']') {
    env.io.err('[: missing ]\n');
    return 2;
  }
  return test(args.slice(0, -1), env, '[');
}

/**
 * test's expressions, the forms scripts use: one operand (non-empty), `! EXPR`, unary file and
 * string tests, `=` / `!=`. Anything else (-a, -o, parentheses, numbers) is refused: exit 2.
 */
function test(args: readonly string[], env: ProgramEnv, name: string): number {
  const r = evaluate(args, env);
  if (r === undefined) {
    env.io.err(`${name}: kubemu emulates only ${name === '[' ? '[ EXPR ]' : 'test EXPR'} with EXPR one of: -e|-f|-d|-s FILE, -n|-z STRING, STRING, S1 = S2, S1 != S2, ! EXPR\n`);
    return 2;
  }
  return r ? 0 : 1;
}

function evaluate(args: readonly string[], env: ProgramEnv): boolean | undefined {
  if (args.length === 0) return false;
  if (args[0] === '!' && args.length > 1) {
    const inner = evaluate(args.slice(1), env);
    return inner === undefined ? undefined : !inner;
  }
  if (args.length === 1) return args[0] !== '';
  if (args.length === 2) {
    const [op, operand] = args as [string, string];
    const { path, trailingSlash } = resolvePath(operand, env.cwd);
    const fs = env.fs;
    switch (op) {
      case '-e':
        return trailingSlash ? fs.isDir(path) : fs.exists(path);
      case '-f':
        return !trailingSlash && fs.isFile(path);
      case '-d':
        return fs.isDir(path);
      case '-s': {
        const r = fs.read(path, trailingSlash);
        return 'content' in r ? r.content.length > 0 : fs.isDir(path);
      }
      case '-n':
        return operand !== '';
      case '-z':
        return operand === '';
      default:
        return undefined;
    }
  }
  if (args.length === 3 && (args[1] === '=' || args[1] === '==' || args[1] === '!=')) {
    return (args[0] === args[2]) === (args[1] !== '!=');
  }
  return undefined;
}
