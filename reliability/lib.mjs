// Shared helpers of the reliability suite: running bin/kubemu as a user does (a child process on a
// cluster file), reading the cluster file directly (integrity, fingerprint, log/kv agreement), a
// seeded random source, and the pass/fail tally every part reports into.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = join(ROOT, 'bin', 'kubemu');
const require = createRequire(join(ROOT, 'package.json'));
const Database = require('better-sqlite3');

/** A scratch directory for one part of the suite. */
export function scratch(prefix) {
  return mkdtempSync(join(tmpdir(), `kubemu-reliability-${prefix}-`));
}

/** Environment for child processes: no user cluster, no colour, UTC. */
export function baseEnv(extra = {}) {
  const env = { ...process.env, LANG: 'C.UTF-8', TZ: 'UTC', NO_COLOR: '1', ...extra };
  delete env.KUBEMU_DB;
  delete env.KUBEMU_DEBUG;
  return env;
}

/**
 * Runs a program (by default bin/kubemu with `args`), killing it with SIGKILL after `timeoutMs`.
 * Resolves to {code, signal, stdout, stderr, ms, timedOut}; `child` is handed to `onSpawn` so a
 * drill can kill it itself.
 */
export function run(args, { db, cwd, env, timeoutMs = 60_000, input, program = BIN, onSpawn, shell = false, uid } = {}) {
  const argv = db !== undefined && !shell ? ['--db', db, ...args] : args;
  return new Promise((resolveRun) => {
    const started = Date.now();
    const child = shell
      ? spawn('sh', ['-c', args], { cwd, env: env ?? baseEnv(), detached: true })
      : spawn(program, argv, { cwd, env: env ?? baseEnv(), detached: true, ...(uid !== undefined ? { uid, gid: uid } : {}) });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (d) => { if (stdout.length < 4_000_000) stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d) => { if (stderr.length < 4_000_000) stderr += d; });
    child.stdin.on('error', () => {});
    if (input !== undefined) child.stdin.end(input);
    else child.stdin.end();
    // its own process group, so a timeout kills what a shell line started too
    const timer = setTimeout(() => { timedOut = true; killGroup(child); }, timeoutMs);
    onSpawn?.(child);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolveRun({ code, signal, stdout, stderr, ms: Date.now() - started, timedOut });
    });
  });
}

/** SIGKILL to a child's process group (it was spawned detached), or to the child alone. */
export function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    try { child.kill('SIGKILL'); } catch { /* gone */ }
  }
}

/** Runs `args` and throws with its stderr unless it exits 0. */
export async function must(args, opts) {
  const r = await run(args, opts);
  if (r.code !== 0) throw new Error(`kubemu ${args.join(' ')}: exit ${r.code ?? r.signal}: ${(r.stderr || r.stdout).trim().slice(0, 400)}`);
  return r;
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** mulberry32: a small seeded generator, so a run's kills and values can be replayed with --seed. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
  };
}

function open(db, readonly) {
  return new Database(db, { readonly, fileMustExist: true, timeout: 30_000 });
}

/** `PRAGMA integrity_check` of a cluster file: 'ok' or what SQLite found. */
export function integrity(db) {
  const d = open(db, false);
  try {
    return d.pragma('integrity_check').map((r) => r.integrity_check).join('; ');
  } finally {
    d.close();
  }
}

/**
 * What a cluster file holds, as one hash: every key with its value and revisions, the last log
 * revision and the timer queue. Two equal fingerprints mean nothing was written in between.
 */
export function fingerprint(db, { readonly = true } = {}) {
  const d = open(db, readonly);
  try {
    const h = createHash('sha256');
    for (const r of d.prepare('SELECT key, value, create_revision, mod_revision FROM kv ORDER BY key').iterate()) {
      h.update(`${r.key}\0${r.create_revision}\0${r.mod_revision}\0${r.value}\n`);
    }
    const revision = Number(d.prepare("SELECT value FROM meta WHERE name = 'revision'").get()?.value ?? 0);
    h.update(`log ${revision} ${d.prepare('SELECT max(revision) AS r FROM log').get().r ?? 0}\n`);
    for (const r of d.prepare('SELECT queue, key, due_ms FROM timers ORDER BY queue, key, due_ms').iterate()) {
      h.update(`${r.queue}\0${r.key}\0${r.due_ms}\n`);
    }
    return { revision, hash: h.digest('hex').slice(0, 16) };
  } finally {
    d.close();
  }
}

/**
 * Torn state: every current key must be the last PUT of its key in the log (same revision, and
 * the same value where the log row holds one), every value must parse, no key deleted in the log may linger, and the meta revision
 * must be the log's last. Returns the problems found (empty when consistent).
 */
export function tornState(db) {
  const d = open(db, true);
  const problems = [];
  try {
    const last = new Map();
    const compacted = Number(d.prepare("SELECT value FROM meta WHERE name = 'compact_revision'").get()?.value ?? 0);
    for (const r of d.prepare('SELECT revision, key, type, value FROM log ORDER BY revision').iterate()) last.set(r.key, r);
    for (const r of d.prepare('SELECT key, value, mod_revision FROM kv').iterate()) {
      try {
        JSON.parse(r.value);
      } catch {
        problems.push(`${r.key}: value is not JSON`);
      }
      const l = last.get(r.key);
      if (l === undefined) {
        if (r.mod_revision > compacted) problems.push(`${r.key}: revision ${r.mod_revision} not in the log`);
        continue;
      }
      if (l.revision !== r.mod_revision) problems.push(`${r.key}: kv at ${r.mod_revision}, log's last ${l.type} at ${l.revision}`);
      // Since schema version 3 the key's current write keeps its value in kv only ('' in the log,
      // src/storage/sqlite-log.ts); a file of an earlier kubemu still holds it in both.
      else if (l.type === 'PUT' && l.value !== '' && l.value !== r.value) problems.push(`${r.key}: kv value differs from its log entry`);
      last.delete(r.key);
    }
    for (const [key, l] of last) if (l.type !== 'DELETE') problems.push(`${key}: PUT at ${l.revision} in the log, not in kv`);
    const meta = Number(d.prepare("SELECT value FROM meta WHERE name = 'revision'").get()?.value ?? -1);
    const max = d.prepare('SELECT max(revision) AS r FROM log').get().r ?? 0;
    if (meta !== Math.max(max, compacted)) problems.push(`meta revision ${meta}, log's last ${max}`);
  } finally {
    d.close();
  }
  return problems;
}

/** Text that must never reach a user: JavaScript and SQLite internals. */
export const INTERNAL = [
  'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'JSON.parse', 'Unexpected token',
  'SQLITE_', 'database is locked', 'not a database', 'database disk image', 'readonly database', 'no such table', /^ {4}at /m, 'undefined', '[object Object]', 'function ', 'NaN', 'Maximum call stack',
  'is not a function', 'is not iterable', 'Cannot read properties', 'Cannot convert',
];

const matches = (p, line) => (typeof p === 'string' ? line.includes(p) : p.test(line));

/** The internal texts found in `text` (the patterns, as text). */
export function internalText(text) {
  return INTERNAL.filter((p) => text.split('\n').some((l) => matches(p, l))).map(String);
}

/** The first line of `text` with internal text in it, for a failure's detail. */
export function internalLine(text) {
  return text.split('\n').find((l) => INTERNAL.some((p) => matches(p, l))) ?? '';
}

/**
 * Whether stderr reads as kubectl's: its first line other than warnings is an error form kubectl
 * prints, or (a usage error, which explains first) one of its lines starts with `error: `.
 */
export function kubectlStyleError(stderr) {
  const lines = stderr.split('\n').filter((l) => l !== '' && !l.startsWith('Warning: '));
  if (lines.length === 0) return false;
  const first = /^(error: |Error from server( \([A-Za-z]+\))?: |Error: |The [A-Za-z]+ "[^"]*" is invalid: |The request is invalid: |unable to recognize |error validating |error when )/;
  return first.test(lines[0]) || lines.some((l) => l.startsWith('error: '));
}

/** Pass/fail tally: every check is a line, failures with their detail. */
export class Tally {
  constructor(part) {
    this.part = part;
    this.passed = 0;
    this.failed = 0;
    this.failures = [];
    this.figures = {};
  }
  check(name, ok, detail = '') {
    if (ok) {
      this.passed++;
      if ((process.env.RELIABILITY_VERBOSE ?? '0') !== '0') console.log(`  PASS ${this.part}: ${name}`);
    } else {
      this.failed++;
      this.failures.push(`${name}${detail ? `: ${detail}` : ''}`);
      console.log(`  FAIL ${this.part}: ${name}${detail ? `: ${detail}` : ''}`);
    }
    return ok;
  }
}

/** Command-line flags `--name value` / `--name=value`, over env RELIABILITY_NAME, over the default. */
export function param(name, def) {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return coerce(argv[i + 1], def);
    if (argv[i].startsWith(`--${name}=`)) return coerce(argv[i].slice(name.length + 3), def);
  }
  const env = process.env[`RELIABILITY_${name.toUpperCase().replace(/-/g, '_')}`];
  return env !== undefined ? coerce(env, def) : def;
}

function coerce(v, def) {
  if (typeof def === 'number') {
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`not a number: ${v}`);
    return n;
  }
  return v;
}
